// Per-request context for route handlers: who is calling (res.locals.auth) and the parsed query
// (res.locals.query). Both run as middlewares so their errors (401, 400) reach the error handler
// and become envelopes.
import type { NextFunction, Request, Response } from 'express';
import type { AuthContext, RawQuery } from '@cms-gen/core/engine/types';
import { inputProblem } from './input-guard';
import { setAuth, setQuery } from './locals';

export type Authenticate = (req: Request) => Promise<AuthContext>;
export type QueryParser = (raw: string) => RawQuery;

/** Calls `authenticate` once per request; a request that already has a caller is left alone. */
export function authenticateRequest(authenticate: Authenticate) {
  return async function authenticateMiddleware(req: Request, res: Response, next: NextFunction): Promise<void> {
    if ((res.locals as { auth?: unknown }).auth === undefined) setAuth(res, await authenticate(req));
    next();
  };
}

/**
 * Parses the query string once, from the raw URL. Express's `req.query` is a getter that parses
 * again on every read, and a parser error there would surface wherever it happens to be read.
 */
export function parseRequestQuery(parse: QueryParser) {
  return function queryMiddleware(req: Request, res: Response, next: NextFunction): void {
    const url = req.url;
    const mark = url.indexOf('?');
    // A fresh object even when empty: operations may add defaults to the query they receive.
    setQuery(res, mark === -1 || mark === url.length - 1 ? {} : parse(url.slice(mark + 1)));
    next();
  };
}

/**
 * What every request under the REST prefix goes through before its route, as one middleware:
 * the input guard (input-guard.ts), then the caller, then the query string. The three separate
 * middlewares above answer the same; one layer instead of three is what the hot path saves.
 */
export function apiRequestContext(authenticate: Authenticate, parse: QueryParser) {
  return function apiContext(req: Request, res: Response, next: NextFunction): void {
    const problem = inputProblem(req);
    if (problem) return next(problem);
    if ((res.locals as { auth?: unknown }).auth !== undefined) return withQuery(req, res, next, parse);
    authenticate(req).then(
      (auth) => {
        setAuth(res, auth);
        withQuery(req, res, next, parse);
      },
      (err: unknown) => next(err),
    );
  };
}

function withQuery(req: Request, res: Response, next: NextFunction, parse: QueryParser): void {
  const url = req.url;
  const mark = url.indexOf('?');
  let query: RawQuery;
  try {
    query = mark === -1 || mark === url.length - 1 ? {} : parse(url.slice(mark + 1));
  } catch (err) {
    next(err);
    return;
  }
  setQuery(res, query);
  next();
}
