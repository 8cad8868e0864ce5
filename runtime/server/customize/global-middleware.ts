// A user's global middleware (Koa-style `(ctx, next)`) as an Express middleware. `await next()`
// resolves once the rest of the app has answered (so timing and logging work), but Express
// writes the response as soon as a route produces it: headers must be set before `next()`.
// A middleware that answers itself (sets `ctx.body`, never calls `next`) ends the request there.
import type { RequestHandler } from 'express';
import { RequestContext } from './context';
import type { RouteMiddleware } from './route-config';
import { sendContext } from './run-route';

export function expressMiddleware(middleware: RouteMiddleware, label: string, log: (line: string) => void): RequestHandler {
  return function globalMiddleware(req, res, next) {
    const ctx = new RequestContext(req, res, undefined);
    let passed = false;
    const downstream = (): Promise<void> => {
      if (passed) return Promise.reject(new Error(`${label}: next() called more than once`));
      passed = true;
      // 'close' follows the end of every response, and also comes when the client went away.
      const done = new Promise<void>((resolve) => res.once('close', () => resolve()));
      next();
      return done;
    };
    const settled = () => {
      if (!passed) sendContext(ctx, req, res);
    };
    const failed = (err: unknown) => {
      // Before next() the request is still ours: the error becomes the envelope.
      if (!passed) next(err);
      else log(`error: ${label}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    };
    // Called directly (not from a promise callback): no extra turn of the event loop per request.
    let result: unknown;
    try {
      result = middleware(ctx, downstream);
    } catch (err) {
      failed(err);
      return;
    }
    if (result instanceof Promise) result.then(settled, failed);
    else settled();
  };
}
