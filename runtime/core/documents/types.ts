// The untyped Document Service of one content type (Strapi 5's `strapi.documents(uid)`), the
// Document Service middlewares that wrap each of its actions, and the lifecycle events fired
// inside them. REST and GraphQL run through the same actions, so all of this fires for every
// transport (docs/customization.md ("Lifecycles")).
import type { ContentTypeMeta } from '../model/types';
import type { AuthContext, Document } from '../engine/types';

export type DocumentStatus = 'draft' | 'published';

/** Strapi 5 Document Service parameters. Untrusted in shape: the query parts are validated like a REST query. */
export interface DocumentParams {
  documentId?: string;
  filters?: unknown;
  populate?: unknown;
  fields?: unknown;
  sort?: unknown;
  pagination?: unknown;
  start?: number;
  limit?: number;
  /** Default 'draft' for the Document Service (as Strapi 5); REST and GraphQL pass 'published'. */
  status?: DocumentStatus;
  /** A locale code; '*' (every locale) for delete, publish, unpublish and discardDraft. Default: the default locale. */
  locale?: string;
  _q?: string;
  publicationFilter?: string;
  data?: Record<string, unknown>;
  /** The caller: when present, permissions are checked as for REST; absent = trusted server code. */
  auth?: AuthContext;
  /** Other parameters pass through to middlewares untouched (and are refused under `strictParams`). */
  [key: string]: unknown;
}

/** What delete, publish, unpublish and discardDraft answer: the versions they touched. */
export interface DocumentVersionsResult {
  documentId: string;
  entries: Document[];
}

export type DocumentAction = 'findMany' | 'findFirst' | 'findOne' | 'count' | 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft';

export const DOCUMENT_ACTIONS: readonly DocumentAction[] = ['findMany', 'findFirst', 'findOne', 'count', 'create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft'];

export interface DocumentService {
  findMany(params?: DocumentParams): Promise<Document[]>;
  findFirst(params?: DocumentParams): Promise<Document | null>;
  findOne(params: DocumentParams & { documentId: string }): Promise<Document | null>;
  count(params?: DocumentParams): Promise<number>;
  create(params: DocumentParams & { data: Record<string, unknown> }): Promise<Document>;
  /** Single types: documentId may be left out (the one document; created when absent). */
  update(params: DocumentParams & { data: Record<string, unknown> }): Promise<Document | null>;
  delete(params: DocumentParams): Promise<DocumentVersionsResult>;
  publish(params: DocumentParams): Promise<DocumentVersionsResult>;
  unpublish(params: DocumentParams): Promise<DocumentVersionsResult>;
  discardDraft(params: DocumentParams): Promise<DocumentVersionsResult>;
}

/** What a Document Service middleware sees (Strapi 5's `strapi.documents.use`). */
export interface DocumentMiddlewareContext {
  uid: string;
  contentType: ContentTypeMeta;
  action: DocumentAction;
  /** Changing it before `next()` changes what the action runs with. */
  params: DocumentParams;
}

/** Returns what the action answers (usually `next()`'s result, possibly changed). */
export type DocumentMiddleware = (ctx: DocumentMiddlewareContext, next: () => Promise<unknown>) => Promise<unknown>;

export type LifecycleName =
  | 'beforeCreate'
  | 'afterCreate'
  | 'beforeUpdate'
  | 'afterUpdate'
  | 'beforeDelete'
  | 'afterDelete'
  | 'beforeFindMany'
  | 'afterFindMany'
  | 'beforeFindOne'
  | 'afterFindOne'
  | 'beforeCount'
  | 'afterCount';

export const LIFECYCLE_NAMES: readonly LifecycleName[] = [
  'beforeCreate',
  'afterCreate',
  'beforeUpdate',
  'afterUpdate',
  'beforeDelete',
  'afterDelete',
  'beforeFindMany',
  'afterFindMany',
  'beforeFindOne',
  'afterFindOne',
  'beforeCount',
  'afterCount',
];

export interface LifecycleEvent {
  /** The lifecycle being run, as in Strapi (`beforeCreate`, `afterUpdate`, ...). */
  action: LifecycleName;
  /** The Document Service action that caused it (`publish` fires `beforeUpdate`, see the mapping in the docs). */
  documentAction: DocumentAction;
  model: { uid: string; singularName: string; pluralName: string; kind: ContentTypeMeta['kind'] };
  params: {
    /** Writes: the data to store; a `before*` hook may change or replace it. */
    data?: Record<string, unknown>;
    /** The document version addressed (absent for a create and for list reads). */
    where?: { documentId: string; locale?: string };
    /** The query parts of the call (filters, fields, populate, status, locale, ...). */
    query: Record<string, unknown>;
  };
  /** `after*` only: what the action answers; an `after*` hook may change it. */
  result?: unknown;
  /** Shared by the `before*` and `after*` hooks of one event. */
  state: Record<string, unknown>;
}

export type LifecycleHook = (event: LifecycleEvent) => void | Promise<void>;

export type LifecycleSubscriber = { models?: string[] } & { [K in LifecycleName]?: LifecycleHook };
