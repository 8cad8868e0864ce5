// A user's global middleware (Koa-style `(ctx, next)`) as an Express middleware. `await next()`
// resolves once the rest of the app has answered (so timing and logging work), but Express
// writes the response as soon as a route produces it: headers must be set before `next()`.
// A middleware that answers itself (sets `ctx.body`, never calls `next`) ends the request there.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RequestContext } from './context';
import type { RouteMiddleware } from './route-config';
import { sendContext } from './run-route';

export function expressMiddleware(middleware: RouteMiddleware, label: string, log: (line: string) => void): RequestHandler {
  return function globalMiddleware(req, res, next) {
    new GlobalMiddlewareRun(middleware, label, log, req, res, next).start();
  };
}

/** One request through a global middleware (methods, not closures made per request: docs/benchmarks.md, "get-one"). */
class GlobalMiddlewareRun {
  private passed = false;
  private readonly ctx: RequestContext;

  constructor(
    private readonly middleware: RouteMiddleware,
    private readonly label: string,
    private readonly log: (line: string) => void,
    private readonly req: Request,
    private readonly res: Response,
    private readonly next: NextFunction,
  ) {
    this.ctx = new RequestContext(req, res, undefined);
  }

  start(): void {
    // Called directly (not from a promise callback): no extra turn of the event loop per request.
    let result: unknown;
    try {
      result = this.middleware(this.ctx, () => this.downstream());
    } catch (err) {
      this.failed(err);
      return;
    }
    if (result instanceof Promise) result.then(() => this.settled(), (err: unknown) => this.failed(err));
    else this.settled();
  }

  private downstream(): Promise<void> {
    if (this.passed) return Promise.reject(new Error(`${this.label}: next() called more than once`));
    this.passed = true;
    // 'close' follows the end of every response, and also comes when the client went away.
    const done = new Promise<void>((resolve) => this.res.once('close', () => resolve()));
    this.next();
    return done;
  }

  private settled(): void {
    if (!this.passed) sendContext(this.ctx, this.req, this.res);
  }

  private failed(err: unknown): void {
    // Before next() the request is still ours: the error becomes the envelope.
    if (!this.passed) this.next(err);
    else this.log(`error: ${this.label}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
