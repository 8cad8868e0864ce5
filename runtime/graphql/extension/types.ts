// The public shape of the GraphQL extension service (spec "GraphQL customization"): what an app's
// `src/extensions/graphql.ts` receives and may register.
import type { ApolloServerPlugin } from '@apollo/server';
import type * as graphqlModule from 'graphql';
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLSchema } from 'graphql';
import type * as typeGraphqlModule from 'type-graphql';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { StrapiApp } from '@cms-gen/server/customize/strapi';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import type { ClassType, GraphqlContext } from '../context';

export type Resolver = (parent: unknown, args: Record<string, unknown>, context: GraphqlContext, info: GraphQLResolveInfo) => unknown;

/** A resolver middleware: call `next` to continue (with the same or changed arguments). */
export type GraphqlMiddleware = (next: Resolver, parent: unknown, args: Record<string, unknown>, context: GraphqlContext, info: GraphQLResolveInfo) => unknown;

/** What a policy sees: the resolver's arguments plus the HTTP request and Strapi's `state`. */
export interface PolicyContext {
  parent: unknown;
  args: Record<string, unknown>;
  context: GraphqlContext;
  info: GraphQLResolveInfo;
  http: GraphqlContext['http'];
  state: GraphqlContext['state'];
}

/**
 * What the extension's register function, `use()` factories, policies and middleware factories
 * receive besides their own arguments: the app's `strapi` (the object REST controllers, services
 * and src/index get, so `strapi.service(uid)` and `strapi.documents(uid)` are the same calls),
 * and the engine.
 */
export interface ExtensionApp {
  strapi: StrapiApp;
  engine: Engine;
}

/** A falsy result blocks the resolver with a Forbidden error. */
export type Policy = (context: PolicyContext, config: unknown, app: ExtensionApp) => unknown;

/** A named middleware is registered as a factory of its options. */
export type MiddlewareFactory = (options: unknown, app: ExtensionApp) => GraphqlMiddleware;

export interface ResolverConfig {
  /** false: anyone may call it; `{ scope }`: the caller needs every listed action instead of the default one. */
  auth?: false | { scope: readonly string[] };
  policies?: ReadonlyArray<string | { name: string; config?: unknown } | Policy>;
  middlewares?: ReadonlyArray<string | { name: string; options?: unknown } | GraphqlMiddleware>;
}

/** A schema plugin rewrites the built schema (the counterpart of Strapi's nexus plugins). */
export type SchemaPlugin = (schema: GraphQLSchema) => GraphQLSchema;

export type ResolverMap = Record<string, Record<string, Resolver | { resolve: Resolver }> | GraphQLScalarType>;

export interface Extension {
  /** SDL; `type Query { … }` on an existing type adds to it. */
  typeDefs?: string;
  resolvers?: ResolverMap;
  /** TypeGraphQL classes: resolver classes, or types only reachable through them. */
  types?: readonly ClassType[];
  /** Schema plugins (functions) and Apollo Server plugins (objects). */
  plugins?: ReadonlyArray<SchemaPlugin | ApolloServerPlugin>;
  /** Keyed `Query.articles`, `Mutation.createArticle`, `Article.author`, … */
  resolversConfig?: Record<string, ResolverConfig>;
}

/** What a function passed to `use()` receives (Strapi 5's `({ strapi }) => ({ typeDefs, resolvers, resolversConfig })`). */
export interface ExtensionBuilder extends ExtensionApp {
  typegraphql: typeof typeGraphqlModule;
  graphql: typeof graphqlModule;
  schema: SchemaMeta;
  /** The schema shape being built. */
  mode: 'v5' | 'v4';
}

export type ExtensionInput = Extension | ((builder: ExtensionBuilder) => Extension);

export interface ShadowCrudField {
  disable(): ShadowCrudField;
  disableOutput(): ShadowCrudField;
  disableInput(): ShadowCrudField;
  disableFilters(): ShadowCrudField;
  isEnabled(): boolean;
  isDisabled(): boolean;
  hasInputEnabled(): boolean;
  hasOutputEnabled(): boolean;
  hasFiltersEnabled(): boolean;
}

export interface ShadowCrudType {
  disable(): ShadowCrudType;
  disableQueries(): ShadowCrudType;
  disableMutations(): ShadowCrudType;
  /** `find`, `findOne`, `create`, `update`, `delete`. */
  disableAction(action: string): ShadowCrudType;
  disableActions(actions: readonly string[]): ShadowCrudType;
  field(name: string): ShadowCrudField;
  isEnabled(): boolean;
  isDisabled(): boolean;
  areQueriesEnabled(): boolean;
  areQueriesDisabled(): boolean;
  areMutationsEnabled(): boolean;
  areMutationsDisabled(): boolean;
  isActionEnabled(action: string): boolean;
  isActionDisabled(action: string): boolean;
}

export interface GraphqlExtensionService {
  /** Shadow CRUD settings of a content type (`api::article.article`) or component (`shared.seo`). */
  shadowCRUD(uid: string): ShadowCrudType;
  use(extension: ExtensionInput): GraphqlExtensionService;
  registerPolicy(name: string, policy: Policy): GraphqlExtensionService;
  registerMiddleware(name: string, factory: MiddlewareFactory): GraphqlExtensionService;
}

/** An app's extension file: `export default (extension, { strapi }) => { … }` (it may be async). */
export type GraphqlExtensionRegister = (extension: GraphqlExtensionService, app: ExtensionApp) => void | Promise<void>;
