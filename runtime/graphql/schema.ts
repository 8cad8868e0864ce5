// Builds the served schema: the generated TypeGraphQL classes (shadow CRUD) plus the classes of
// extensions, their field resolvers installed directly, then shadow-CRUD settings, extension SDL
// and resolvers, resolversConfig and schema plugins, in that order.
import type { ApolloServerPlugin } from '@apollo/server';
import * as graphql from 'graphql';
import { GraphQLObjectType, GraphQLSchema, isIntrospectionType, validateSchema } from 'graphql';
import * as typegraphql from 'type-graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import type { StrapiApp } from '@cms-gen/server/customize/strapi';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { ClassType } from './context';
import { installDirectFieldResolvers, installDirectRootResolvers, installZoneTypeResolvers } from './direct-resolvers';
import { knownResolver } from './executor';
import { extensionApp } from './extension/app';
import { applyShadowCrud, rebuildSchema } from './extension/prune';
import { applyResolversConfig, mergeResolversConfig } from './extension/resolvers-config';
import type { ExtensionService } from './extension/service';
import { applyResolvers, applyTypeDefs } from './extension/type-defs';
import type { Extension, ExtensionBuilder, SchemaPlugin } from './extension/types';

export interface SchemaBuildOptions {
  engine: Engine;
  /** The app's `strapi`, handed to `use()` factories, policies and middleware factories. */
  strapi?: StrapiApp;
  mode: 'v5' | 'v4';
  /** The generated resolver classes; undefined when shadow CRUD is off. */
  generated: readonly ClassType[] | undefined;
  service: ExtensionService;
}

export interface BuiltSchema {
  schema: GraphQLSchema;
  /** Apollo Server plugins contributed by extensions. */
  apolloPlugins: ApolloServerPlugin[];
}

const isSchemaPlugin = (plugin: SchemaPlugin | ApolloServerPlugin): plugin is SchemaPlugin => typeof plugin === 'function';

function isResolverClass(cls: ClassType): boolean {
  return getMetadataStorage().resolverClasses.some((r) => r.target === cls);
}

/**
 * Marks the resolvers of the generated classes as the app's own (compiled execution runs only
 * documents that reach no other, executor.ts). Called before extensions touch the schema; the root
 * fields of an extension's resolver classes are told apart by TypeGraphQL's metadata, and when an
 * extension brings field resolvers of its own, only the runtime's direct resolvers count.
 */
function markGeneratedResolvers(schema: GraphQLSchema, extensionClasses: readonly Function[]): void {
  const storage = getMetadataStorage();
  const fromExtension = (target: Function) => extensionClasses.includes(target);
  const extensionRoots = new Set([
    ...storage.queries.filter((r) => fromExtension(r.target)).map((r) => `Query.${r.schemaName}`),
    ...storage.mutations.filter((r) => fromExtension(r.target)).map((r) => `Mutation.${r.schemaName}`),
  ]);
  const extensionFields = storage.fieldResolvers.some((r) => fromExtension(r.target));
  const roots = new Set([schema.getQueryType(), schema.getMutationType()]);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || isIntrospectionType(type)) continue;
    const root = roots.has(type);
    if (!root && extensionFields) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.resolve && !(root && extensionRoots.has(`${type.name}.${field.name}`))) knownResolver(field.resolve);
    }
  }
}

export async function buildServedSchema(options: SchemaBuildOptions): Promise<BuiltSchema> {
  const builder: ExtensionBuilder = extensionApp(options.engine, options.strapi, { typegraphql, graphql, schema: options.engine.schema, mode: options.mode });
  const extensions: Extension[] = options.service.extensions.map((e) => (typeof e === 'function' ? e(builder) : e));
  const types = extensions.flatMap((e) => e.types ?? []);
  // TypeGraphQL types its own inputs with `Function`; the classes are ours or the extension's.
  const resolvers = [...(options.generated ?? []), ...types.filter(isResolverClass)] as unknown as Function[];
  const orphans = types.filter((t) => !isResolverClass(t)) as unknown as Function[];

  let schema =
    resolvers.length > 0
      ? await buildSchema({ resolvers: resolvers as [Function, ...Function[]], orphanedTypes: orphans, validate: false, disableInferringDefaultValues: true })
      : new GraphQLSchema({});
  installDirectFieldResolvers(schema);
  installDirectRootResolvers(schema, getMetadataStorage().queries, (options.generated ?? []) as unknown as Function[]);
  installZoneTypeResolvers(schema, options.engine.schema);
  markGeneratedResolvers(schema, types.filter(isResolverClass) as unknown as Function[]);
  applyShadowCrud(schema, options.service, options.engine.schema, options.mode);
  schema = applyTypeDefs(
    schema,
    extensions.flatMap((e) => (e.typeDefs ? [e.typeDefs] : [])),
  );
  applyResolvers(
    schema,
    extensions.flatMap((e) => (e.resolvers ? [e.resolvers] : [])),
  );
  schema = rebuildSchema(schema);
  applyResolversConfig(
    schema,
    mergeResolversConfig(extensions.map((e) => e.resolversConfig)),
    { policies: options.service.policies, middlewares: options.service.middlewares, engine: options.engine, strapi: options.strapi },
  );
  const plugins = extensions.flatMap((e) => e.plugins ?? []);
  for (const plugin of plugins) if (isSchemaPlugin(plugin)) schema = plugin(schema);
  const errors = validateSchema(schema);
  if (errors.length > 0) throw new Error(`graphql: the schema is invalid after extensions: ${errors.map((e) => e.message).join('; ')}`);
  return { schema, apolloPlugins: plugins.filter((p): p is ApolloServerPlugin => !isSchemaPlugin(p)) };
}
