// Refuses, before any route runs, the request input no route can handle safely:
// - a NUL character (`\u0000`) in the path or in any string or key of a JSON body: PostgreSQL text
//   cannot hold one, so it failed there with a driver error (a 500) while SQLite and MariaDB
//   stored it; refusing it on every database keeps them alike (login identifiers, usernames,
//   emails and documentIds included);
// - a JSON body nested deeper than MAX_BODY_DEPTH: JSON.parse reads any depth without recursion,
//   but later steps recurse (validation, JSON.stringify) and overflowed the stack at about 4,000
//   levels ("Maximum call stack size exceeded", a 500). The walk here is iterative.
// Both answer a 400 ValidationError in Strapi's envelope.
import type { NextFunction, Request, Response } from 'express';
import { ApplicationError, ValidationError } from '@cms-gen/core/errors';
import { walkProblem } from '@cms-gen/core/value-walk';

/** Above every legitimate body: a json attribute (31 levels) inside nested components and zones. */
export const MAX_BODY_DEPTH = 128;

const NUL = '\u0000';

function nulInBody(): ValidationError {
  return new ValidationError('Invalid body: NUL characters (\\u0000) are not allowed', { source: 'body' });
}

/** Strapi (koa) answers a NUL in the path with exactly this 400. */
class MaliciousPathError extends ApplicationError {
  override readonly name = 'BadRequestError';
  constructor() {
    super('Malicious Path');
  }
}

/** The problem of a parsed JSON body, or undefined. */
export function bodyProblem(body: unknown): ValidationError | undefined {
  const problem = walkProblem(body, { maxDepth: MAX_BODY_DEPTH, refuseNul: true });
  if (problem === 'nul') return nulInBody();
  if (problem === 'depth') {
    return new ValidationError(`Invalid body: JSON is nested too deeply, at most ${MAX_BODY_DEPTH} levels are allowed`, { source: 'body', limit: MAX_BODY_DEPTH });
  }
  return undefined;
}

/** Whether the decoded path holds a NUL (`%00`); a malformed escape is left to the router. */
function pathHasNul(path: string): boolean {
  if (!path.includes('%')) return false;
  try {
    return decodeURIComponent(path).includes(NUL);
  } catch {
    return false;
  }
}

/** The error refusing the request's path or body, or undefined (runs after the JSON body parser). */
export function inputProblem(req: Request): ApplicationError | undefined {
  if (pathHasNul(req.path)) return new MaliciousPathError();
  const body = req.body as unknown;
  if (typeof body === 'object' && body !== null) return bodyProblem(body);
  return undefined;
}

/** Express middleware: runs after the JSON body parser. */
export function inputGuard() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const problem = inputProblem(req);
    if (problem) return next(problem);
    next();
  };
}
