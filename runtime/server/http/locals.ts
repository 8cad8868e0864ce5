// What createHttpApp's middlewares leave on `res.locals` for route handlers, with typed access
// (Express types `res.locals` as `Record<string, any>`).
import type { Response } from 'express';
import type { AuthContext, RawQuery } from '@cms-gen/core/engine/types';

/** The caller, set once per request by the authenticate middleware. */
export function authOf(res: Response): AuthContext {
  const auth = (res.locals as { auth?: AuthContext }).auth;
  // A router used without createHttpApp (or mounted before the middleware) is a wiring bug.
  if (!auth) throw new Error('res.locals.auth is not set: mount routes through createHttpApp');
  return auth;
}

/** The parsed query string, set once per request by the query middleware (`{}` when absent). */
export function queryOf(res: Response): RawQuery {
  return (res.locals as { query?: RawQuery }).query ?? {};
}

export function setAuth(res: Response, auth: AuthContext): void {
  (res.locals as { auth?: AuthContext }).auth = auth;
}

export function setQuery(res: Response, query: RawQuery): void {
  (res.locals as { query?: RawQuery }).query = query;
}
