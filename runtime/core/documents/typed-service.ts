// The typed view of the Document Service: `documents('api::article.article')` with Strapi 5's
// methods and parameters, checked against the generated registry (`ContentTypes` in the app's
// src/content-types.ts), and results that follow `fields` and `populate`.
//
// It is a view only: at run time `typedDocuments(engine.documents)` returns the untyped function
// itself (the operation layer, one code path with REST and GraphQL).
//
// `fields` and `populate` are inferred (`const` type parameters) so the result can follow them;
// `populate` is also checked key by key with `Exact`, since inferred values skip TypeScript's
// excess-property check. Everything else (filters, sort, data…) is checked as written.
import type { AuthContext } from '../engine/types';
import type { PublicationFilter, PublicationStatus } from '../query/ast';
import type { Data } from '@cms-gen/types/typed-data';
import type { Filters } from '@cms-gen/types/typed-filters';
import type { Fields, Populate, Sort } from '@cms-gen/types/typed-query';
import type { ContentTypeUid, Registry } from '@cms-gen/types/typed-registry';
import type { ResultOf, Selected, Selection } from '@cms-gen/types/typed-result';

export type { Selected, Selection } from '@cms-gen/types/typed-result';

/** Page or offset pagination (Strapi 5 Document Service: `start`/`limit` also at the top level). */
export type Pagination = { page?: number; pageSize?: number; withCount?: boolean } | { start?: number; limit?: number; withCount?: boolean };

/** Parameters every method takes. */
export interface CommonParams {
  /** Which version: the Document Service reads drafts unless told otherwise (as Strapi 5). */
  status?: PublicationStatus;
  /** A locale code, or '*' for every locale. */
  locale?: string;
  /** The caller: permissions are checked as for REST when present; absent means trusted server code. */
  auth?: AuthContext;
}

/** What narrows a list: filters, search, order and pagination. */
export interface ListParams<R extends Registry, U extends keyof R> extends CommonParams {
  filters?: Filters<R, U>;
  sort?: Sort<R, U>;
  pagination?: Pagination;
  start?: number;
  limit?: number;
  /** Text search over the id and string-like attributes. */
  _q?: string;
  publicationFilter?: PublicationFilter;
}

/** `documentId` is required on collection types, optional on single types (the one document). */
export type DocumentIdParam<R extends Registry, U extends keyof R> = R[U] extends { kind: 'singleType' } ? { documentId?: string } : { documentId: string };

/** What delete, publish, unpublish and discardDraft answer: the document and the versions touched. */
export interface DocumentEntries<T> {
  documentId: string;
  entries: T[];
}

export interface TypedDocumentService<R extends Registry, U extends keyof R> {
  findMany<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params?: ListParams<R, U> & Selection<R, U, F, P>,
  ): Promise<ResultOf<R, U, Selected<F, P>>[]>;

  findFirst<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params?: ListParams<R, U> & Selection<R, U, F, P>,
  ): Promise<ResultOf<R, U, Selected<F, P>> | null>;

  findOne<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params: { documentId: string } & CommonParams & Selection<R, U, F, P>,
  ): Promise<ResultOf<R, U, Selected<F, P>> | null>;

  create<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params: { data: Data<R, U, 'create'> } & CommonParams & Selection<R, U, F, P>,
  ): Promise<ResultOf<R, U, Selected<F, P>>>;

  update<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params: DocumentIdParam<R, U> & { data: Data<R, U, 'update'> } & CommonParams & Selection<R, U, F, P>,
  ): Promise<ResultOf<R, U, Selected<F, P>> | null>;

  delete<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params: DocumentIdParam<R, U> & CommonParams & Selection<R, U, F, P>,
  ): Promise<DocumentEntries<ResultOf<R, U, Selected<F, P>>>>;

  count(params?: Omit<ListParams<R, U>, 'sort' | 'pagination' | 'start' | 'limit'>): Promise<number>;

  publish<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params: DocumentIdParam<R, U> & CommonParams & Selection<R, U, F, P>,
  ): Promise<DocumentEntries<ResultOf<R, U, Selected<F, P>>>>;

  unpublish<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params: DocumentIdParam<R, U> & CommonParams & Selection<R, U, F, P>,
  ): Promise<DocumentEntries<ResultOf<R, U, Selected<F, P>>>>;

  discardDraft<const F extends Fields<R, U> = never, const P extends Populate<R, U> = never>(
    params: DocumentIdParam<R, U> & CommonParams & Selection<R, U, F, P>,
  ): Promise<DocumentEntries<ResultOf<R, U, Selected<F, P>>>>;
}

/** `documents(uid)`: the typed Document Service of each content type of the registry. */
export type TypedDocuments<R extends Registry> = <U extends ContentTypeUid<R>>(uid: U) => TypedDocumentService<R, U>;

/** Parameters of findMany on `U`, for code that builds a query before running it. */
export type Params<R extends Registry, U extends keyof R> = ListParams<R, U> & { fields?: Fields<R, U>; populate?: Populate<R, U> };

/**
 * The typed view of an untyped `documents(uid)` function. Zero cost: the very same function is
 * returned, only its type changes (the registry is generated from the same schema the runtime
 * validates against, so the types describe what the runtime does).
 */
export function typedDocuments<R extends Registry>(untyped: (uid: string) => unknown): TypedDocuments<R> {
  return untyped as TypedDocuments<R>;
}
