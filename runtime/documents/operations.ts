// The operation layer's entry points. `Engine` holds what every operation shares; `documents(uid)`
// is the Document Service (runtime/documents). REST routers and GraphQL resolvers call
// `collectionOperations` / `singleOperations`, thin adapters over the same action functions with
// REST's defaults (status 'published', the caller's permissions), so middlewares, lifecycles and
// events fire for every transport through one code path.
import type { Db } from '../db/types';
import type { SchemaMeta } from '../model/types';
import type { DocumentQuery } from '../query/ast';
import { compileQuerySpecs } from '../query/compile-specs';
import type { QuerySpecs } from '../query/spec';
import { validateDocumentQuery } from '../query/validate';
import { dialectFor, type Dialect } from '../sql/dialect';
import type { ReadEnv } from '../engine/read';
import type { FileOutputHook } from '../engine/file-output';
import { contentType } from '../model/schema-index';
import type { AuthContext, CollectionOperations, PaginationMeta, RawQuery, SingleOperations } from '../engine/types';
import type { WriteEnv } from '../engine/write/context';
import { EngineEvents } from '../engine/events';
import { CountCache } from '../engine/count-cache';
import { actionTarget, type ActionTarget } from './action-context';
import { type CallOptions } from './call-options';
import { EngineHooks } from './hooks';
import { findFirstAction, findManyAction, findOneAction } from './read-actions';
import { createDocumentService } from './service';
import type { DocumentAction, DocumentParams, DocumentService } from './types';
import { createAction, deleteAction, updateAction } from './write-actions';

export interface EngineOptions {
  db: Db;
  schema: SchemaMeta;
  /** The compiled query specs of the schema (generated src/query); compiled from `schema` when absent. */
  queries?: QuerySpecs;
  defaultLocale?: string;
  rest?: { defaultLimit?: number; maxLimit?: number; withCount?: boolean; strictParams?: boolean };
  bcryptRounds?: number;
}

/** Everything the operations share: the database, the schema and the configuration. */
export class Engine {
  readonly dialect: Dialect;
  readonly defaultLocale: string;
  readonly limits: { defaultLimit: number; maxLimit: number; withCount: boolean; strictParams: boolean };
  readonly bcryptRounds: number;
  /** What queries may name on each content type and component (runtime/query/spec.ts). */
  readonly queries: QuerySpecs;
  /** Set by the upload plugin when File records need rewriting on every read (signed URLs). */
  fileOutput?: FileOutputHook;
  /** Announces committed writes (webhooks and user code listen). */
  readonly events = new EngineEvents();
  /** Document Service middlewares and lifecycle subscribers (every transport runs through them). */
  readonly hooks = new EngineHooks();
  private readonly services = new Map<string, DocumentService>();

  constructor(readonly options: EngineOptions) {
    this.dialect = dialectFor(options.db.dialect);
    this.defaultLocale = options.defaultLocale ?? 'en';
    this.limits = { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, ...options.rest };
    this.bcryptRounds = options.bcryptRounds ?? 10;
    this.queries = options.queries ?? compileQuerySpecs(options.schema);
    this.counts = new CountCache(options.db);
  }

  get db(): Db {
    return this.options.db;
  }

  get schema(): SchemaMeta {
    return this.options.schema;
  }

  /** Page counts until the data changes (count-cache.ts). */
  readonly counts: CountCache;

  readEnv(db: Db = this.db): ReadEnv {
    // A transaction's counts must include its own uncommitted writes: never from the cache.
    const counts = db === this.db ? this.counts : undefined;
    return { db, dialect: this.dialect, schema: this.schema, defaultLocale: this.defaultLocale, fileOutput: this.fileOutput, counts };
  }

  writeEnv(tx: Db): WriteEnv {
    return { tx, schema: this.schema, dialect: this.dialect, defaultLocale: this.defaultLocale, bcryptRounds: this.bcryptRounds };
  }

  private localeCache: { codes: Set<string>; expires: number } | undefined;

  /** Configured locale codes (the i18n locale table), cached briefly. */
  async locales(): Promise<Set<string>> {
    if (this.localeCache && this.localeCache.expires > Date.now()) return this.localeCache.codes;
    const meta = this.schema.contentTypes['plugin::i18n.locale'];
    const rows = meta ? await this.db.query(`SELECT code FROM ${this.dialect.quote(meta.table)}`) : [];
    const codes = new Set([this.defaultLocale, ...rows.map((r) => String(r.code))]);
    this.localeCache = { codes, expires: Date.now() + 2000 };
    return codes;
  }

  /** The Document Service of a content type (Strapi 5's `strapi.documents(uid)`); trusted unless `auth` is passed. */
  documents(uid: string): DocumentService {
    let service = this.services.get(uid);
    if (!service) {
      contentType(this.schema, uid); // an unknown uid fails here, not on first use
      this.services.set(uid, (service = createDocumentService(this, uid)));
    }
    return service;
  }

  /**
   * Validates a raw query for `uid` on behalf of `auth` (populate drops types it cannot find).
   * `limits` overrides the REST paging limits (the trusted Document Service lists without a cap).
   */
  parseQuery(uid: string, raw: RawQuery, auth: AuthContext, limits?: Partial<Pick<Engine['limits'], 'defaultLimit' | 'maxLimit' | 'withCount'>>): DocumentQuery {
    return validateDocumentQuery(raw, uid, this.queries, {
      defaultLimit: limits?.defaultLimit ?? this.limits.defaultLimit,
      maxLimit: limits?.maxLimit ?? this.limits.maxLimit,
      withCount: limits?.withCount ?? this.limits.withCount,
      strictParams: this.limits.strictParams,
      defaultLocale: this.defaultLocale,
      canRead: (target) => auth.can(target.readAction),
    });
  }
}

/** Query-string keys named like the structural parameters of a call (not query parameters). */
const STRUCTURAL_KEYS = ['documentId', 'data', 'auth'];

/**
 * A REST/GraphQL call as Document Service parameters: the transport's query, the addressed
 * document, the body's `data` and the caller. Middlewares see (and may change) these params.
 */
function apiCall(raw: RawQuery, auth: AuthContext, extra: { documentId?: string; body?: unknown } = {}): { params: DocumentParams; call: CallOptions } {
  const params: DocumentParams = {};
  const strays: RawQuery = {};
  for (const [key, value] of Object.entries(raw)) {
    if (STRUCTURAL_KEYS.includes(key)) strays[key] = value;
    else params[key] = value;
  }
  // REST's default made explicit, as Strapi's core service does, so middlewares see what runs.
  if (params.status === undefined) params.status = 'published';
  if (extra.documentId !== undefined) params.documentId = extra.documentId;
  if ('body' in extra) params.data = bodyData(extra.body);
  params.auth = auth;
  return { params, call: { transport: 'api', strays } };
}

/** `data` of a request body; the action refuses anything but a plain object (Strapi's "Missing data payload"). */
function bodyData(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const proto = Object.getPrototypeOf(body);
  if (proto !== Object.prototype && proto !== null) return undefined;
  return (body as { data?: Record<string, unknown> }).data;
}

/** Runs one action through the middlewares with its api call options. */
function through<T>(t: ActionTarget, action: DocumentAction, api: { params: DocumentParams; call: CallOptions }, inner: (t: ActionTarget, p: DocumentParams, call: CallOptions) => Promise<T>): Promise<T> {
  return t.engine.hooks.run(t.uid, t.meta, action, api.params, (p) => inner(t, p, api.call));
}

/** The page meta when a middleware answered a list without running it. */
function pageOf(results: unknown[]): PaginationMeta {
  return { page: 1, pageSize: results.length, pageCount: results.length > 0 ? 1 : 0, total: results.length };
}

export function collectionOperations(engine: Engine, uid: string): CollectionOperations {
  const t = actionTarget(engine, uid);
  return {
    async find(raw, auth) {
      const api = apiCall(raw, auth);
      let pagination: PaginationMeta | undefined;
      api.call.onPage = (page) => (pagination = page);
      const results = await through(t, 'findMany', api, findManyAction);
      return { results, pagination: pagination ?? pageOf(results) };
    },
    findOne: (documentId, raw, auth) => through(t, 'findOne', apiCall(raw, auth, { documentId }), findOneAction),
    create: (body, raw, auth) => through(t, 'create', apiCall(raw, auth, { body }), createAction),
    update: (documentId, body, raw, auth) => through(t, 'update', apiCall(raw, auth, { documentId, body }), updateAction),
    async delete(documentId, raw, auth) {
      await through(t, 'delete', apiCall(raw, auth, { documentId }), deleteAction);
    },
  };
}

/** Single types hold at most one document; it is addressed by the type. */
export function singleOperations(engine: Engine, uid: string): SingleOperations {
  const t = actionTarget(engine, uid);
  return {
    find: (raw, auth) => through(t, 'findFirst', apiCall(raw, auth), findFirstAction),
    update: (body, raw, auth) => through(t, 'update', apiCall(raw, auth, { body }), updateAction),
    async delete(raw, auth) {
      await through(t, 'delete', apiCall(raw, auth), deleteAction);
    },
  };
}
