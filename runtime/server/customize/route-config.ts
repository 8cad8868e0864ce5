// Route configuration as Strapi writes it: `auth`, `policies` and `middlewares` of a route, used
// both by custom routes (`routes/*.ts`) and by the per-action `config` of a core router.
import type { RequestContext } from './context';
import type { StrapiApp } from './strapi';

/** `(policyContext, config, { strapi })`: true or undefined lets the request through. */
export type PolicyFunction = (policyContext: RequestContext, config: unknown, app: { strapi: StrapiApp }) => boolean | undefined | void | Promise<boolean | undefined | void>;

/** A Koa-style middleware: `await next()` runs the rest of the route (and, last, its action). */
export type RouteMiddleware = (ctx: RequestContext, next: () => Promise<void>) => unknown;

/** A middleware module's export: `(config, { strapi }) => (ctx, next) => …`. */
export type MiddlewareFactory = (config: unknown, app: { strapi: StrapiApp }) => RouteMiddleware;

/** A policy by name (`global::name`, `api::<api>.name`, or a bare name of the route's api), inline, or with config. */
export type PolicySpec = string | PolicyFunction | { name: string; config?: unknown };
export type MiddlewareSpec = string | RouteMiddleware | { name: string; config?: unknown };

export interface RouteConfig {
  /** false: public (no authentication nor permission); `{ scope }`: these actions instead of the handler's. */
  auth?: false | { scope: string[] };
  policies?: PolicySpec[];
  middlewares?: MiddlewareSpec[];
}

/** A custom route of `src/api/<api>/routes/<file>.ts`. */
export interface CustomRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Express path under the REST prefix, `:param` for parameters (e.g. `/articles/featured`). */
  path: string;
  /** `<controller>.<action>` of this api, or `api::<api>.<controller>.<action>`. */
  handler: string;
  config?: RouteConfig;
}

export interface CustomRoutesFile {
  routes: CustomRoute[];
}
