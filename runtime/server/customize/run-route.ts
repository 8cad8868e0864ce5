// One route of the content API as Express runs it, in Strapi's order: the permission check of
// the route's action (or its `auth` config), then its policies, then its middlewares around the
// controller action, and last the answer (`ctx.body` / the action's return value).
import type { Request, RequestHandler, Response } from 'express';
import type { AuthContext } from '@cms-gen/core/engine/types';
import { ForbiddenError } from '@cms-gen/core/errors';
import { authOf } from '../http/locals';
import { sendEmpty, sendJson } from '../http/envelope';
import { wantsV4Format, type V4Transform } from '../http/v4-format';
import { RequestContext } from './context';
import type { Action } from './core-types';
import { PolicyError } from './errors';
import type { RouteMiddleware } from './route-config';

export interface ResolvedRoute {
  /** The permission action of the route (`api::article.article.featured`). */
  action: string;
  /** false: public; a list: every listed action is required instead of `action`. */
  auth: false | { scope: string[] } | undefined;
  policies: ((ctx: RequestContext) => Promise<unknown>)[];
  middlewares: RouteMiddleware[];
  controller: object;
  handler: Action;
  /** Rewrites `data` for clients asking for Strapi 4's response format (routes of a content type). */
  toV4?: V4Transform;
}

/** The caller as the route's action sees it: granted the action when the route config allows it. */
function admit(route: ResolvedRoute, caller: AuthContext): AuthContext {
  if (route.auth === false) return grant(caller, route.action);
  if (route.auth === undefined) {
    if (!caller.can(route.action)) throw new ForbiddenError();
    return caller;
  }
  if (!route.auth.scope.every((action) => caller.can(action))) throw new ForbiddenError();
  // A scope stands in for the handler's own action (the core operations check it again).
  return grant(caller, route.action);
}

function grant(caller: AuthContext, action: string): AuthContext {
  if (caller.can(action)) return caller;
  return { ...caller, can: (asked: string) => asked === action || caller.can(asked) };
}

/** Koa's compose: each middleware's `next()` runs the following ones, the last runs `end`. */
export function compose(middlewares: readonly RouteMiddleware[], end: (ctx: RequestContext) => Promise<void>): (ctx: RequestContext) => Promise<void> {
  return (ctx) => {
    let last = -1;
    const dispatch = async (i: number): Promise<void> => {
      if (i <= last) throw new Error('a middleware called next() more than once');
      last = i;
      if (i === middlewares.length) return end(ctx);
      await middlewares[i](ctx, () => dispatch(i + 1));
    };
    return dispatch(0);
  };
}

/** Sends what the chain left in `ctx` (unless user code answered through `ctx.res` itself). */
export function sendContext(ctx: RequestContext, req: Request, res: Response, toV4?: V4Transform): void {
  if (res.headersSent || res.writableEnded) return;
  const body = ctx.body;
  if (body === undefined || body === null) {
    sendEmpty(res, ctx.status ?? 204);
    return;
  }
  const status = ctx.status ?? 200;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream');
    res.statusCode = status;
    res.end(body);
    return;
  }
  if (toV4 && wantsV4Format(req.headers) && typeof body === 'object' && 'data' in body) {
    const data = (body as { data: unknown }).data;
    if (data !== null && typeof data === 'object') {
      sendJson(res, status, { ...body, data: toV4(data as Parameters<V4Transform>[0]) });
      return;
    }
  }
  sendJson(res, status, body);
}

export function routeHandler(route: ResolvedRoute): RequestHandler {
  const { controller, handler, policies, toV4 } = route;
  const action = async (ctx: RequestContext): Promise<void> => {
    const returned = await handler.call(controller, ctx);
    if (returned !== undefined) ctx.body = returned;
  };
  // With route middlewares the action runs at the end of their chain.
  const run = route.middlewares.length === 0 ? undefined : compose(route.middlewares, action);
  return async function contentApiRoute(req, res) {
    const ctx = new RequestContext(req, res, admit(route, authOf(res)));
    for (let i = 0; i < policies.length; i++) {
      const result = await policies[i](ctx);
      if (result !== true && result !== undefined) throw new PolicyError();
    }
    if (run) await run(ctx);
    else {
      // Without route middlewares the action runs here, not through another async function.
      const returned = await handler.call(controller, ctx);
      if (returned !== undefined) ctx.body = returned;
    }
    sendContext(ctx, req, res, toV4);
  };
}
