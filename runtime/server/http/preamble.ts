// The app-wide steps every request goes through before any route, as ONE Express middleware:
// the request id and log line, the security and CORS headers, OPTIONS answered, GET /_health and
// GET /_ready answered, and the JSON body parsed for methods that carry one. They used to be six
// layers of the app's router; each layer costs a match and a `next()` hop on every request (see
// docs/benchmarks.md, "Hot spots"), and nothing can run between them, so they are one step now.
// Order and answers are those of the separate middlewares (request-log.ts, security-headers.ts,
// cors.ts, readiness.ts), which stay exported for apps that assemble their own stack.
import type { TLSSocket } from 'node:tls';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { corsResponder, type CorsOptions } from './cors';
import { readinessRoute, type Readiness } from './readiness';
import { requestLogStarter, type RequestLine } from './request-log';
import { securityHeaderSetter, type SecurityHeaderOptions } from './security-headers';

export interface PreambleOptions {
  requestLog?: (line: RequestLine) => void;
  security?: SecurityHeaderOptions;
  cors?: CorsOptions;
  readiness?: Readiness;
  /** Largest JSON body, bytes or a string such as '1mb' (Strapi's `jsonLimit`). */
  jsonLimit?: number | string;
  /** Whether X-Forwarded-* headers are trusted (the app's `trust proxy`). */
  proxy?: boolean;
}

/** JSON media types Strapi's body parser accepts; other types leave the body undefined. */
const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * Whether `path` is the route `literal` as Express would match `app.get(literal)`: case-insensitive,
 * with an optional trailing slash.
 */
export function matchesFixedRoute(path: string, literal: string): boolean {
  const length = literal.length;
  if (path.length === length + 1 ? path.charCodeAt(length) !== 47 /* '/' */ : path.length !== length) return false;
  return path.slice(0, length).toLowerCase() === literal;
}

export function responsePreamble(options: PreambleOptions): RequestHandler {
  const writeLine = options.requestLog;
  const startLog = requestLogStarter({ enabled: writeLine !== undefined, write: (line) => writeLine?.(line) });
  // Without a trusted proxy, `req.secure` (Express walks its settings on each read) is whether the
  // connection itself is TLS.
  const isSecure = options.proxy ? (req: Request) => req.secure : (req: Request) => (req.socket as TLSSocket).encrypted === true;
  const setSecurityHeaders = securityHeaderSetter(options.security, isSecure);
  const answerCors = corsResponder(options.cors);
  const ready = options.readiness ? readinessRoute(options.readiness) : undefined;
  const json = express.json({ limit: options.jsonLimit ?? '1mb', type: JSON_TYPES, strict: true });

  return function preamble(req: Request, res: Response, next: NextFunction): void {
    startLog(req, res);
    setSecurityHeaders(req, res);
    if (answerCors(req, res)) return;
    const method = req.method;
    // GET/HEAD/DELETE carry no body: the parser's per-request setup is skipped on the hot read path.
    if (method === 'GET' || method === 'HEAD') {
      const path = req.path;
      if (matchesFixedRoute(path, '/_health')) {
        res.statusCode = 204;
        res.end();
        return;
      }
      if (ready && matchesFixedRoute(path, '/_ready')) {
        ready(req, res).catch(next);
        return;
      }
      next();
      return;
    }
    if (method === 'DELETE') next();
    else json(req, res, next);
  };
}
