// Policies and middlewares by name: `global::<name>` (src/policies, src/middlewares),
// `api::<api>.<name>` (src/api/<api>/policies|middlewares), or a bare name, which means the one of
// the route's own api (as Strapi resolves it) and else the global one. Specs may also be inline
// functions, or `{ name, config }` to pass a configuration.
import { CustomizationError } from './errors';
import type { MiddlewareFactory, MiddlewareSpec, PolicyFunction, PolicySpec, RouteMiddleware } from './route-config';
import type { StrapiApp } from './strapi';
import type { UserFiles, UserModule } from './user-files';

export interface NamedModules {
  policies: Map<string, PolicyFunction>;
  middlewares: Map<string, MiddlewareFactory>;
}

function requireFunction(module: UserModule, what: string, shape: string): (...args: never[]) => unknown {
  if (typeof module.value !== 'function') throw new CustomizationError(`${module.label}: a ${what} must export a function ${shape}`);
  return module.value as (...args: never[]) => unknown;
}

const POLICY_SHAPE = '(policyContext, config, { strapi }) => boolean';
const MIDDLEWARE_SHAPE = '(config, { strapi }) => async (ctx, next) => { … }';

export function namedModules(files: UserFiles): NamedModules {
  const policies = new Map<string, PolicyFunction>();
  const middlewares = new Map<string, MiddlewareFactory>();
  for (const m of files.policies) policies.set(`global::${m.name}`, requireFunction(m, 'policy', POLICY_SHAPE) as PolicyFunction);
  for (const m of files.middlewares) middlewares.set(`global::${m.name}`, requireFunction(m, 'middleware', MIDDLEWARE_SHAPE) as MiddlewareFactory);
  for (const api of files.apis) {
    for (const m of api.folders.policies) policies.set(`api::${api.api}.${m.name}`, requireFunction(m, 'policy', POLICY_SHAPE) as PolicyFunction);
    for (const m of api.folders.middlewares) middlewares.set(`api::${api.api}.${m.name}`, requireFunction(m, 'middleware', MIDDLEWARE_SHAPE) as MiddlewareFactory);
  }
  return { policies, middlewares };
}

/** The registered key a name refers to from `api` (undefined outside an api: config/middlewares). */
function lookup<T>(map: Map<string, T>, name: string, api: string | undefined): T | undefined {
  if (name.includes('::')) return map.get(name);
  return (api !== undefined ? map.get(`api::${api}.${name}`) : undefined) ?? map.get(`global::${name}`);
}

function known(map: Map<string, unknown>): string {
  return map.size ? [...map.keys()].join(', ') : 'none';
}

/** A spec's name and configuration, or its inline function. */
function unpack<F>(spec: string | F | { name: string; config?: unknown }, where: string, kind: string): { name: string; config: unknown } | { inline: F } {
  if (typeof spec === 'string') return { name: spec, config: {} };
  if (typeof spec === 'function') return { inline: spec };
  if (typeof spec === 'object' && spec !== null && typeof (spec as { name?: unknown }).name === 'string') {
    return { name: (spec as { name: string }).name, config: (spec as { config?: unknown }).config ?? {} };
  }
  throw new CustomizationError(`${where}: a ${kind} must be a name, a function or { name, config } (got ${JSON.stringify(spec)})`);
}

export function resolvePolicy(spec: PolicySpec, modules: NamedModules, api: string | undefined, where: string, strapi: StrapiApp): (ctx: Parameters<PolicyFunction>[0]) => Promise<unknown> {
  const unpacked = unpack<PolicyFunction>(spec, where, 'policy');
  if ('inline' in unpacked) return async (ctx) => unpacked.inline(ctx, {}, { strapi });
  const policy = lookup(modules.policies, unpacked.name, api);
  if (!policy) throw new CustomizationError(`${where}: unknown policy "${unpacked.name}" (known: ${known(modules.policies)})`);
  const config = unpacked.config;
  return async (ctx) => policy(ctx, config, { strapi });
}

export function resolveMiddleware(spec: MiddlewareSpec, modules: NamedModules, api: string | undefined, where: string, strapi: StrapiApp): RouteMiddleware {
  const unpacked = unpack<RouteMiddleware>(spec, where, 'middleware');
  if ('inline' in unpacked) return unpacked.inline;
  const factory = lookup(modules.middlewares, unpacked.name, api);
  if (!factory) throw new CustomizationError(`${where}: unknown middleware "${unpacked.name}" (known: ${known(modules.middlewares)})`);
  const middleware = factory(unpacked.config, { strapi });
  if (typeof middleware !== 'function') throw new CustomizationError(`${where}: middleware "${unpacked.name}" must return a function (ctx, next) => { … } from its factory`);
  return middleware;
}
