// The shapes of core controllers, core services and core routes: untyped, as the runtime and the
// user's overrides see them, and typed by a content type of the app's registry, as the emitted
// per-type files (src/api/<api>/{controller,service,router}.ts) and `strapi.service(uid)` give them.
import type { Document, FindResult, PaginationMeta } from '@cms-gen/core/engine/types';
import type { CommonParams, ListParams } from '@cms-gen/core/documents/typed-service';
import type { Data } from '@cms-gen/types/typed-data';
import type { Fields, Populate } from '@cms-gen/types/typed-query';
import type { Registry } from '@cms-gen/types/typed-registry';
import type { Result, ResultOf, Selected, Selection } from '@cms-gen/types/typed-result';
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

/** A document of `U` as a query with `fields` F and `populate` P returns it. */
type Shaped<R extends Registry, U extends keyof R, F, P> = ResultOf<R, U, Selected<F, P>>;

/**
 * The core service of the collection type `U`: the same methods, taking the type's params (filters,
 * sort, fields and populate checked by name) and data, answering the type's documents shaped by
 * `fields` and `populate`, as `strapi.documents(uid)` does.
 *
 * `in out`: invariant in the registry and the uid, which is what TypeScript measures, declared so
 * that it is not measured. Measuring it related the whole interface with marker types in the place
 * of R and U (its generic methods, conditional types and all): about 9 s of the repository's type
 * check, 2026-11-28, paid again by every program that relates two instantiations (an app's
 * `strapi` object against the runtime's). TypeScript checks only `in` or `out` alone against the
 * body; `in out` is the strictest, and the measured variance was already that.
 */
export interface TypedCollectionService<in out R extends Registry, in out U extends keyof R> {
  find<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params?: ListParams<R, U> & Selection<R, U, F, P>,
  ): Promise<{ results: Shaped<R, U, F, P>[]; pagination: PaginationMeta }>;
  findOne<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(documentId: string, params?: CommonParams & Selection<R, U, F, P>): Promise<Shaped<R, U, F, P> | null>;
  create<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(params: { data: Data<R, U, 'create'> } & CommonParams & Selection<R, U, F, P>): Promise<Shaped<R, U, F, P>>;
  update<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    documentId: string,
    params: { data: Data<R, U, 'update'> } & CommonParams & Selection<R, U, F, P>,
  ): Promise<Shaped<R, U, F, P>>;
  delete(documentId: string, params?: CommonParams): Promise<void>;
}

/** The core service of the single type `U`, typed as TypedCollectionService is (and invariant as it is). */
export interface TypedSingleService<in out R extends Registry, in out U extends keyof R> {
  find<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(params?: CommonParams & Selection<R, U, F, P>): Promise<Shaped<R, U, F, P> | null>;
  createOrUpdate<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(params: { data: Data<R, U, 'update'> } & CommonParams & Selection<R, U, F, P>): Promise<Shaped<R, U, F, P>>;
  delete(params?: CommonParams): Promise<void>;
}

/** Strapi's answer of a core action on `U`: its documents in the `data`/`meta` envelope. */
export interface Answer<Data, Meta = Record<string, never>> {
  data: Data;
  meta: Meta;
}

/** The core controller of the collection type `U`: the core actions, answering the type's documents. */
export interface TypedCollectionController<R extends Registry, U extends keyof R> extends CollectionController {
  find(ctx: RequestContext): Promise<Answer<Result<R, U>[], { pagination: PaginationMeta }>>;
  findOne(ctx: RequestContext): Promise<Answer<Result<R, U>>>;
  create(ctx: RequestContext): Promise<Answer<Result<R, U>>>;
  update(ctx: RequestContext): Promise<Answer<Result<R, U>>>;
  /** Strapi 5 answers a delete with 204 and no body. */
  delete(ctx: RequestContext): Promise<void>;
}

/** The core controller of the single type `U`. */
export interface TypedSingleController<R extends Registry, U extends keyof R> extends SingleController {
  find(ctx: RequestContext): Promise<Answer<Result<R, U>>>;
  update(ctx: RequestContext): Promise<Answer<Result<R, U>>>;
  delete(ctx: RequestContext): Promise<void>;
}

export type ContentKind = 'collectionType' | 'singleType';
export type CoreController<K extends ContentKind> = K extends 'singleType' ? SingleController : CollectionController;
export type CoreService<K extends ContentKind> = K extends 'singleType' ? SingleService : CollectionService;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** The core service of `U` of the kind `K`, typed by the registry `R`. */
export type TypedCoreService<R extends Registry, K extends ContentKind, U extends keyof R> = K extends 'singleType' ? TypedSingleService<R, U> : TypedCollectionService<R, U>;

/** One core route of a content type (emitted in its router.ts). */
export interface CoreRoute {
  method: HttpMethod;
  /** Express path under the REST prefix, e.g. `/articles/:id`. */
  path: string;
  /** The core controller action it runs. */
  action: string;
}

/** What the generated router.ts of a content type exports: the core routes of `uid`. */
export interface CoreRoutes<U extends string = string> {
  uid: U;
  routes: readonly CoreRoute[];
}

/** The content types an app has, by uid, with their kind (emitted in src/factories.ts). */
export type KindRegistry = Record<string, ContentKind>;
