// The content API's routes as one pre-compiled table instead of an Express Router. A Router tries
// its layers one by one, and for the matching route runs a second, inner router over the route's
// handlers; with every core and custom route in one Router that is two dispatch loops, a params
// merge and their closures on every request (docs/benchmarks.md, "Hot spots"). The table keeps
// the routes in order, indexes them by their fixed first path segment, and runs the handlers of
// the first route matching path and method itself.
//
// What it keeps from Express: paths are matched by Express's own compiled layers (the same
// syntax, case-insensitive, optional trailing slash, parameters decoded and a malformed escape
// answered 400), HEAD runs a route's GET handlers when it has no HEAD ones, `req.params` and
// `req.route` are set for the handlers, and handlers get Express's `next`: `next()` runs the next
// handler, `next('route')` the next matching route, `next('router')` leaves the table, `next(err)`
// and a thrown or rejected handler go to the error handlers. What it leaves out: `router.param()`
// callbacks and the router's tracing channel (nothing here used them), and OPTIONS (the app's
// preamble answers every OPTIONS first).
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { firstSegment, fixedFirstSegment, type PathMatcher } from './router-index';

/** A route layer as Express compiles it (router 2): `match` returns the params or false. */
interface CompiledPath {
  match(path: string): { params: Record<string, unknown> } | false;
}

interface TableRoute {
  path: string;
  layer: CompiledPath;
  /** Handlers per upper-case method, in the order they were added. */
  methods: Map<string, RequestHandler[]>;
  /** What `req.route` shows the handlers (Express's Route has the same two fields). */
  view: { path: string; methods: Record<string, boolean> };
}

/** Compiles `path` as Express would for `router.get(path, …)`. */
function compilePath(path: string): CompiledPath {
  const router = Router();
  router.route(path);
  return router.stack[0] as unknown as CompiledPath;
}

/** Runs one handler as Express's Layer does: a throw or a rejected promise becomes `next(err)`. */
function invoke(handler: RequestHandler, req: Request, res: Response, next: NextFunction): void {
  try {
    const returned = handler(req, res, next) as unknown;
    if (returned instanceof Promise) returned.then(undefined, (err: unknown) => next(err || new Error('Rejected promise')));
  } catch (err) {
    next(err);
  }
}

export class RouteTable {
  private readonly routes: TableRoute[] = [];
  private readonly byPath = new Map<string, TableRoute>();
  /** Routes (indexes into `routes`) per fixed first segment, each list merged with `dynamic`, in order. */
  private bySegment = new Map<string, number[]>();
  /** Routes whose first segment is a parameter or pattern: candidates for every path. */
  private dynamic: number[] = [];
  /** Runs when no route answered (the 405 check); then the table hands the request on. */
  private fallback: RequestHandler | undefined;

  /** Adds handlers for `method` on `path`; a path added again keeps its place in the order. */
  add(method: string, path: string, handlers: RequestHandler[]): void {
    let route = this.byPath.get(path);
    if (!route) {
      route = { path, layer: compilePath(path), methods: new Map(), view: { path, methods: {} } };
      this.byPath.set(path, route);
      this.routes.push(route);
      const index = this.routes.length - 1;
      const segment = fixedFirstSegment(path);
      if (segment === null) {
        this.dynamic.push(index);
        for (const list of this.bySegment.values()) list.push(index);
      } else {
        const list = this.bySegment.get(segment) ?? [...this.dynamic];
        list.push(index);
        this.bySegment.set(segment, list);
      }
    }
    const upper = method.toUpperCase();
    route.methods.set(upper, [...(route.methods.get(upper) ?? []), ...handlers]);
    route.view.methods[upper.toLowerCase()] = true;
  }

  /** The handler that runs when no route answered (before the request goes on). */
  setFallback(handler: RequestHandler): void {
    this.fallback = handler;
  }

  /** The table as a middleware, with the `mayMatch` the router index asks (router-index.ts). */
  handler(): PathMatcher {
    const handle = (req: Request, res: Response, next: NextFunction): void => this.handle(req, res, next);
    return Object.assign(handle, { mayMatch: (_path: string, segment: string | null) => this.fallback !== undefined || segment === null || this.candidates(segment).length > 0 });
  }

  private candidates(segment: string | null): readonly number[] {
    if (segment === null) return this.routes.map((_, i) => i);
    return this.bySegment.get(segment) ?? this.dynamic;
  }

  private handle(req: Request, res: Response, next: NextFunction): void {
    const path = req.path;
    new TableRun(this.routes, this.candidates(firstSegment(path)), this.fallback, req, res, next, path).nextRoute();
  }
}

/**
 * One request's walk through the candidate routes. A small object with methods rather than a set
 * of closures made per request (docs/benchmarks.md, "get-one").
 */
class TableRun {
  private position = 0;
  private readonly method: string;
  private readonly parentParams: Request['params'];
  private readonly parentRoute: unknown;

  constructor(
    private readonly routes: readonly TableRoute[],
    private readonly candidates: readonly number[],
    private readonly fallback: RequestHandler | undefined,
    private readonly req: Request,
    private readonly res: Response,
    private readonly next: NextFunction,
    private readonly path: string,
  ) {
    this.method = req.method;
    this.parentParams = req.params;
    this.parentRoute = (req as { route?: unknown }).route;
  }

  leave(err?: unknown): void {
    const req = this.req;
    req.params = this.parentParams;
    (req as { route?: unknown }).route = this.parentRoute;
    this.next(err);
  }

  nextRoute(): void {
    const { req, res, method, path, candidates } = this;
    while (this.position < candidates.length) {
      const route = this.routes[candidates[this.position++]];
      const handlers = route.methods.get(method) ?? (method === 'HEAD' ? route.methods.get('GET') : undefined);
      if (!handlers) continue;
      let matched: ReturnType<CompiledPath['match']>;
      try {
        matched = route.layer.match(path);
      } catch (err) {
        // A malformed escape in a parameter: Express's 400.
        this.leave(err);
        return;
      }
      if (!matched) continue;
      req.params = matched.params as Request['params'];
      (req as { route?: unknown }).route = route.view;
      runHandlers(handlers, 0, req, res, (err?: unknown) => {
        if (err === 'route') this.nextRoute();
        else if (err === 'router') this.leave();
        else if (err) this.leave(err);
        else this.nextRoute();
      });
      return;
    }
    if (this.fallback) invoke(this.fallback, req, res, (err?: unknown) => this.leave(err === 'router' || err === 'route' ? undefined : err));
    else this.leave();
  }
}

/** Runs a route's handlers from `i` on, in order; `done` gets what the last `next` was called with. */
function runHandlers(handlers: readonly RequestHandler[], i: number, req: Request, res: Response, done: (err?: unknown) => void, err?: unknown): void {
  if (err || i >= handlers.length) done(err);
  else if (i === handlers.length - 1) invoke(handlers[i], req, res, done as NextFunction);
  else invoke(handlers[i], req, res, ((e?: unknown) => runHandlers(handlers, i + 1, req, res, done, e)) as NextFunction);
}
