// The shapes of core controllers, core services and core routes, shared by the emitted per-type
// files (src/api/<api>/{controller,service,router}.ts) and the user's overrides.
import type { Document, FindResult } from '@cms-gen/core/engine/types';
import type { RequestContext, ServiceParams } from './context';

/** A controller action: reads `ctx`, returns the body (or sets `ctx.body`). */
export type Action = (ctx: RequestContext) => unknown;

export interface CollectionController {
  find: Action;
  findOne: Action;
  create: Action;
  update: Action;
  delete: Action;
}

export interface SingleController {
  find: Action;
  update: Action;
  delete: Action;
}

/** Strapi 5's core service of a collection type. */
export interface CollectionService {
  find(params?: ServiceParams): Promise<FindResult>;
  findOne(documentId: string, params?: ServiceParams): Promise<Document | null>;
  create(params: ServiceParams & { data: unknown }): Promise<Document>;
  update(documentId: string, params: ServiceParams & { data: unknown }): Promise<Document>;
  delete(documentId: string, params?: ServiceParams): Promise<void>;
}

/** Strapi 5's core service of a single type. */
export interface SingleService {
  find(params?: ServiceParams): Promise<Document | null>;
  createOrUpdate(params: ServiceParams & { data: unknown }): Promise<Document>;
  delete(params?: ServiceParams): Promise<void>;
}

export type ContentKind = 'collectionType' | 'singleType';
export type CoreController<K extends ContentKind> = K extends 'singleType' ? SingleController : CollectionController;
export type CoreService<K extends ContentKind> = K extends 'singleType' ? SingleService : CollectionService;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** One core route of a content type (emitted in its router.ts). */
export interface CoreRoute {
  method: HttpMethod;
  /** Express path under the REST prefix, e.g. `/articles/:id`. */
  path: string;
  /** The core controller action it runs. */
  action: string;
}

/** What the generated router.ts of a content type exports. */
export interface CoreRoutes {
  uid: string;
  routes: readonly CoreRoute[];
}

/** The content types an app has, by uid, with their kind (emitted in src/factories.ts). */
export type KindRegistry = Record<string, ContentKind>;
