// One log line per request (Strapi's `strapi::logger`): method, path, status, duration and a
// request id, written when the response is done (or the client went away). The id also goes back
// as the `X-Request-Id` response header, so a client's report can be matched to the line.
//
// Only the path is logged, never the query string: Strapi's own links carry secrets there (the
// email-confirmation token, OAuth codes, `access_token`). Headers and bodies are never logged,
// so Authorization, cookies and passwords cannot reach the logs.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export interface RequestLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  /** Milliseconds from the first middleware to the end of the response, one decimal. */
  durationMs: number;
  /** Set when the client closed the connection before the response was complete. */
  aborted?: true;
}

export interface RequestLogOptions {
  /** Receives each request's line. */
  write(line: RequestLine): void;
  /** Whether to write lines at all; the request id header is sent either way. */
  enabled: boolean;
}

/**
 * An incoming id (set by a proxy or load balancer) is kept when it is a plain token: bounded,
 * and without characters that could forge a log line or a header.
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: Request): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

export function pathOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
}

/**
 * Gives the request its id (res.locals and the X-Request-Id header) and, when lines are enabled,
 * writes its line once the response is done. The request-log middleware and the app's response
 * preamble (preamble.ts) both run it.
 */
export function requestLogStarter(options: RequestLogOptions): (req: Request, res: Response) => void {
  const { enabled, write } = options;
  return (req, res) => {
    const start = performance.now();
    const reqId = requestIdOf(req);
    res.locals.requestId = reqId;
    res.setHeader('X-Request-Id', reqId);
    if (!enabled) return;
    // `close` comes once per response: after it was sent, or when the connection went away.
    res.once('close', () => {
      const line: RequestLine = {
        reqId: sentRequestId(res, reqId),
        method: req.method,
        // originalUrl: routers mounted under a prefix rewrite req.url.
        path: pathOf(req.originalUrl),
        status: res.statusCode,
        durationMs: Math.round((performance.now() - start) * 10) / 10,
      };
      if (!res.writableFinished) line.aborted = true;
      write(line);
    });
  };
}

export function requestLog(options: RequestLogOptions) {
  const startLog = requestLogStarter(options);
  return function requestLogMiddleware(req: Request, res: Response, next: NextFunction): void {
    startLog(req, res);
    next();
  };
}

/**
 * The id the response carries: a global middleware of the app may have replaced the header this
 * module set (with the id of its own tracing, say), and a log line must name the id the client
 * got. A replacement that is not a plain token is not logged; the id given here is.
 */
function sentRequestId(res: Response, given: string): string {
  const sent = res.getHeader('X-Request-Id');
  return typeof sent === 'string' && sent !== given && SAFE_ID.test(sent) ? sent : given;
}

/** The request id of this request's log lines (the one sent back as X-Request-Id). */
export function requestIdFor(res: Response): string | undefined {
  const id = (res.locals as { requestId?: unknown }).requestId;
  return typeof id === 'string' ? sentRequestId(res, id) : undefined;
}
