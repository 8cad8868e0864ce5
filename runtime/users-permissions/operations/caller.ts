// Who runs an operation, as both transports (REST routes and GraphQL resolvers) describe it: the
// caller's rights, the client address rate limits count by, the server's public URL for links
// sent away, and where response headers go. Operations never see Express.
import type { Request, Response } from 'express';
import type { AuthContext } from '@cms-gen/core/engine/types';
import type { UpServices } from '../services';

export interface Caller {
  auth: AuthContext;
  /** Client address (Express's `req.ip`, so `server.proxy` applies), for rate limits. */
  ip: string;
  /** Absolute base URL of the server for emailed links (config `publicUrl`, else the request's origin). */
  baseUrl: string;
  /** Response headers (rate-limit counters); a no-op where there is no HTTP response. */
  setHeader(name: string, value: string): void;
}

/** The caller of an Express request (REST routes, and GraphQL, which Express serves too). */
export function httpCaller(up: UpServices, req: Request, res: Response, auth: AuthContext): Caller {
  return { auth, ip: req.ip ?? 'unknown', baseUrl: up.baseUrl(req), setHeader: (name, value) => res.setHeader(name, value) };
}
