// The GraphQL layer's public surface: what generated code and extension files import.
// TypeGraphQL's decorators need the Reflect metadata API before any generated class loads.
import 'reflect-metadata';
export { graphqlPlugin, type GraphqlPluginOptions } from './plugin';
export { morphMemberType, zoneMemberType, type ClassType, type GraphqlContext, type GraphqlSchemas } from './context';
export { DateScalar, DateTimeScalar, dynamicZoneInputScalar, I18NLocaleCodeScalar, JSONScalar, LongScalar, TimeScalar } from './scalars';
export type { AuthPayload, Connection, DeleteResult, DocumentResponse, Entity, EntityCollection, EntityList, EntityResponse, OkPayload, PageInfo, RelationConnection } from './results';
export type { GraphqlRequest } from './request';
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
