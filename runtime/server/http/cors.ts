// CORS with Strapi's default methods, headers and max-age. Strapi reflects any Origin *with*
// `access-control-allow-credentials: true`, which lets every website make cookie-carrying requests
// (the refresh-token cookie included); we answer `*` without credentials instead. Bearer tokens
// in `Authorization` work with `*` because the header is listed in allow-headers. An allow-list
// (with credentials) is available for apps that need cookies cross-origin.
import type { NextFunction, Request, Response } from 'express';

export interface CorsOptions {
  /** '*' (default) or the exact origins allowed, e.g. ['https://app.example.com']. */
  origin?: '*' | readonly string[];
  /** Send `access-control-allow-credentials: true` (only with an origin list). */
  credentials?: boolean;
  /** Methods a preflight allows (Strapi's list by default). */
  methods?: readonly string[];
  /** Request headers a preflight allows (the list below by default). */
  headers?: readonly string[];
  /** How long a browser may cache a preflight, in seconds. */
  maxAge?: number;
}

const ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS';
// The Apollo headers let cross-origin GraphQL clients pass CSRF prevention; Strapi-Response-Format
// lets browser clients of Strapi 4 ask for its response shape (see v4-format.ts).
const ALLOW_HEADERS = 'Content-Type,Authorization,Origin,Accept,Strapi-Response-Format,apollo-require-preflight,x-apollo-operation-name';
const MAX_AGE = '31536000';

/**
 * Sets the CORS headers on a response and answers every OPTIONS request (204); returns true when
 * it answered. The cors middleware and the app's preamble both run it.
 */
export function corsResponder(options: CorsOptions = {}): (req: Request, res: Response) => boolean {
  const list = options.origin === undefined || options.origin === '*' ? null : new Set(options.origin);
  const credentials = list !== null && options.credentials === true;
  const allowMethods = options.methods ? options.methods.join(',') : ALLOW_METHODS;
  const allowHeaders = options.headers ? options.headers.join(',') : ALLOW_HEADERS;
  const maxAge = options.maxAge !== undefined ? String(options.maxAge) : MAX_AGE;

  return (req, res) => {
    // Always: a cache must not reuse a response made for one Origin for another.
    res.setHeader('Vary', 'Origin');
    let allowed = false;
    if (list === null) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      allowed = true;
    } else {
      const origin = req.headers.origin;
      if (origin !== undefined && list.has(origin)) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        if (credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
        allowed = true;
      }
    }
    if (req.method !== 'OPTIONS') return false;
    // Every OPTIONS is answered here: preflights get the allowances, a disallowed origin gets none
    // (the browser then blocks the request), and no route below handles OPTIONS anyway.
    if (allowed) {
      res.setHeader('Access-Control-Allow-Methods', allowMethods);
      res.setHeader('Access-Control-Allow-Headers', allowHeaders);
      res.setHeader('Access-Control-Max-Age', maxAge);
    }
    res.statusCode = 204;
    res.end();
    return true;
  };
}

export function cors(options: CorsOptions = {}) {
  const respond = corsResponder(options);
  return function corsMiddleware(req: Request, res: Response, next: NextFunction): void {
    if (!respond(req, res)) next();
  };
}
