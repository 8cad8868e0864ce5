// The GraphQL layer's public surface: what generated code and extension files import.
// First, the young generation's bound (young-generation.ts), as the runtime's entry sets it: the
// generated main.ts imports this package before @cms-gen/runtime, and loading Apollo, graphql-js
// and TypeGraphQL with V8's default growth left the idle app 11 MB larger (docs/benchmarks.md).
import '@cms-gen/server/app/young-generation';
// TypeGraphQL's decorators need the Reflect metadata API before any generated class loads.
import 'reflect-metadata';
export { graphqlPlugin, type GraphqlPluginOptions } from './plugin';
export { morphMemberType, zoneMemberType, type ClassType, type GraphqlContext, type GraphqlSchemas } from './context';
// Generated classes take TypeGraphQL and graphql's scalars from here (the app lists neither package),
// and the types no schema changes (common-types.ts).
export * as tg from 'type-graphql';
export { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLString, type GraphQLResolveInfo } from 'graphql';
export * from './common-types';
// The users & permissions account API (me, login, register, passwords), the same in every app.
export * from './auth-types';
// The built-in types no schema extends, the same in every app: the i18n locales and the upload
// files in Strapi 5's shape, and in Strapi 4's as `v4` (same names).
export { I18NLocale, I18NLocaleEntityResponseCollection, I18NLocaleFiltersInput, I18NLocaleRelationResponseCollection, I18NLocaleRootResolver } from './locale-types';
export { FileInfoInput, UploadFile, UploadFileEntityResponseCollection, UploadFileFiltersInput, UploadFileRelationResponseCollection, UploadFileRootResolver } from './upload-types';
export * as v4 from './v4-types';
export { DateScalar, DateTimeScalar, dynamicZoneInputScalar, I18NLocaleCodeScalar, JSONScalar, LongScalar, TimeScalar } from './scalars';
export type { AuthPayload, Connection, DeleteResult, DocumentResponse, Entity, EntityCollection, EntityList, EntityResponse, OkPayload, PageInfo, RelationConnection } from './results';
export type { GraphqlRequest } from './request';
// What generated resolvers return: the app imports GraphQL code from this package alone.
export type { Document } from '@cms-gen/core/engine/types';
// Generic names (Resolver, Policy, Extension) get a Graphql prefix in the runtime's flat namespace.
export type {
  Extension as GraphqlExtension,
  ExtensionApp as GraphqlExtensionApp,
  ExtensionBuilder as GraphqlExtensionBuilder,
  ExtensionInput as GraphqlExtensionInput,
  GraphqlExtensionRegister,
  GraphqlExtensionService,
  GraphqlMiddleware,
  MiddlewareFactory as GraphqlMiddlewareFactory,
  Policy as GraphqlPolicy,
  PolicyContext as GraphqlPolicyContext,
  Resolver as GraphqlResolver,
  ResolverConfig as GraphqlResolverConfig,
  ResolverMap as GraphqlResolverMap,
  SchemaPlugin as GraphqlSchemaPlugin,
  ShadowCrudField,
  ShadowCrudType,
} from './extension/types';
