// The customization surface for generated apps and user files.
export { RequestContext, type ServiceParams, type RequestState } from './context';
export { PolicyError, BadRequestError, CustomizationError } from './errors';
export type { Action, CollectionController, SingleController, CollectionService, SingleService, ContentKind, CoreController, CoreService, CoreRoute, CoreRoutes, HttpMethod, Answer, TypedCollectionController, TypedCollectionService, TypedCoreService, TypedSingleController, TypedSingleService } from './core-types';
export type { CoreFactory, ContentApi } from './content-api';
export type { RouteConfig, CustomRoute, CustomRoutesFile, PolicyFunction, RouteMiddleware, MiddlewareFactory, PolicySpec, MiddlewareSpec } from './route-config';
export { createFactories, type Factories, type FactoryArgs, type KindRegistry, type CoreRouterOptions, type ServiceOf, type TypedCoreServiceDescriptor } from './factories';
export type { StrapiApp, StrapiLog, StrapiConfig, StrapiDb, StrapiDocuments, ServiceRegistry, ServiceExtra } from './strapi';
export { TRUSTED_SERVER } from './trusted';
export {
  coreContentApis,
  coreContentApi,
  coreRoutes,
  coreCollectionController,
  coreCollectionService,
  coreSingleController,
  coreSingleService,
  collectionTypeRoutes,
  singleTypeRoutes,
  typedCollectionController,
  typedCollectionService,
  typedSingleController,
  typedSingleService,
} from './core-api';
export { AppCustomization } from './app-customization';
