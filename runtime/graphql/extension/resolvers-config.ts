// resolversConfig: auth, policies and middlewares around the resolvers they name. Only configured
// fields are wrapped, so an unconfigured field costs nothing.
//   auth: false            the resolver's own action is allowed to everyone (its reads of other
//                          types still use the caller's permissions)
//   auth: { scope }        the caller needs every listed action, then the resolver runs as allowed
//   policies               each must return a truthy value, or the call is Forbidden
//   middlewares            (next, parent, args, context, info) chains around the resolver
import { defaultFieldResolver, GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import type { StrapiApp } from '@cms-gen/server/customize/strapi';
import type { Engine } from '@cms-gen/core/documents/operations';
import { ForbiddenError } from '@cms-gen/core/errors';
import type { GraphqlContext } from '../context';
import type { AuthOverride } from '../request';
import { extensionApp } from './app';
import type { ExtensionApp, GraphqlMiddleware, MiddlewareFactory, Policy, Resolver, ResolverConfig } from './types';

export interface Registries {
  policies: ReadonlyMap<string, Policy>;
  middlewares: ReadonlyMap<string, MiddlewareFactory>;
  engine: Engine;
  /** The app's `strapi` (policies and middleware factories get `{ strapi, engine }`). */
  strapi?: StrapiApp;
}

/** Later configurations of one path override earlier keys (Strapi merges them the same way). */
export function mergeResolversConfig(configs: ReadonlyArray<Record<string, ResolverConfig> | undefined>): Map<string, ResolverConfig> {
  const merged = new Map<string, ResolverConfig>();
  for (const config of configs) {
    for (const [path, entry] of Object.entries(config ?? {})) merged.set(path, { ...merged.get(path), ...entry });
  }
  return merged;
}

function resolvePolicies(config: ResolverConfig, registries: Registries): Array<{ policy: Policy; config: unknown }> {
  return (config.policies ?? []).map((item) => {
    if (typeof item === 'function') return { policy: item, config: {} };
    const name = typeof item === 'string' ? item : item.name;
    const policy = registries.policies.get(name);
    if (!policy) throw new Error(`graphql resolversConfig: unknown policy "${name}" (register it with extension.registerPolicy)`);
    return { policy, config: typeof item === 'string' ? {} : (item.config ?? {}) };
  });
}

function resolveMiddlewares(config: ResolverConfig, registries: Registries, app: ExtensionApp): GraphqlMiddleware[] {
  return (config.middlewares ?? []).map((item) => {
    if (typeof item === 'function') return item;
    const name = typeof item === 'string' ? item : item.name;
    const factory = registries.middlewares.get(name);
    if (!factory) throw new Error(`graphql resolversConfig: unknown middleware "${name}" (register it with extension.registerMiddleware)`);
    return factory(typeof item === 'string' ? {} : (item.options ?? {}), app);
  });
}

/** The context with the auth rule applied to the resolver's own action. */
function withAuth(context: GraphqlContext, override: AuthOverride): GraphqlContext {
  return override.kind === 'none' ? context : { ...context, cms: context.cms.withOverride(override) };
}

function wrap(base: Resolver, config: ResolverConfig, registries: Registries): Resolver {
  const app = extensionApp(registries.engine, registries.strapi);
  const policies = resolvePolicies(config, registries);
  const middlewares = resolveMiddlewares(config, registries, app);
  const override: AuthOverride = config.auth === false || config.auth?.scope ? { kind: 'bypass' } : { kind: 'none' };
  const scope = config.auth ? config.auth.scope : undefined;
  const chain = middlewares.reduceRight<Resolver>((next, middleware) => (parent, args, context, info) => middleware(next, parent, args, context, info), base);
  return async (parent, args, context, info: GraphQLResolveInfo) => {
    if (scope && !scope.every((action) => context.auth.can(action))) throw new ForbiddenError('Forbidden access');
    for (const { policy, config: policyConfig } of policies) {
      const allowed = await policy({ parent, args, context, info, http: context.http, state: context.state }, policyConfig, app);
      if (!allowed) throw new ForbiddenError('Policy Failed');
    }
    return chain(parent, args, withAuth(context, override), info);
  };
}

export function applyResolversConfig(schema: GraphQLSchema, configs: ReadonlyMap<string, ResolverConfig>, registries: Registries): void {
  for (const [path, config] of configs) {
    const [typeName, fieldName] = path.split('.');
    const type = schema.getType(typeName);
    // Paths of disabled or never-built fields are skipped: a config may outlive what it names.
    const field = type instanceof GraphQLObjectType && fieldName ? type.getFields()[fieldName] : undefined;
    if (!field) continue;
    field.resolve = wrap((field.resolve ?? defaultFieldResolver) as Resolver, config, registries) as typeof field.resolve;
  }
}
