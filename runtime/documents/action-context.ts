// What every document action shares: the target type, how a call's parameters become a validated
// query, permission checks (only for a caller that names itself), the lifecycle event of a call,
// and the entry an event carries.
import type { Db } from '../db/types';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { EntryEventName, EngineEvent } from '../engine/events';
import type { Engine } from '../engine/operations';
import { findDocument } from '../engine/read';
import { contentType, contentTypeShape, type Shape } from '../engine/schema-index';
import type { AuthContext, Document, PaginationMeta, RawQuery } from '../engine/types';
import type { VersionKey } from '../engine/write/document-writer';
import { buildWritePlan, type WritePlan } from '../engine/write/plan';
import type { ContentTypeMeta } from '../model/types';
import type { DocumentQuery } from '../query/ast';
import type { DocumentAction, DocumentParams, LifecycleEvent, LifecycleName } from './types';

export interface ActionTarget {
  engine: Engine;
  uid: string;
  meta: ContentTypeMeta;
  shape: Shape;
}

export function actionTarget(engine: Engine, uid: string): ActionTarget {
  return { engine, uid, meta: contentType(engine.schema, uid), shape: contentTypeShape(engine.schema, uid) };
}

/** How a call arrived: the transport decides defaults, never the code path. */
export interface CallOptions {
  /**
   * 'api': REST and GraphQL (status defaults to 'published', the query is the transport's own);
   * 'service': engine.documents() (status defaults to 'draft', top-level start/limit, no page cap for trusted code).
   */
  transport: 'api' | 'service';
  /** REST/GraphQL lists: receives the page meta (page, pageSize, total, ...) of findMany. */
  onPage?: (pagination: PaginationMeta) => void;
  /**
   * REST: query-string keys named like structural parameters (documentId, data, auth). They are
   * not query parameters; they are handed back to validation so `strictParams` refuses them as before.
   */
  strays?: RawQuery;
}

export const API_CALL: CallOptions = { transport: 'api' };
export const SERVICE_CALL: CallOptions = { transport: 'service' };

/** Parameters that address or carry a write, not part of the query. */
const STRUCTURAL = new Set(['documentId', 'data', 'auth']);

/** Trusted server code: every permission, so populate never drops a type. */
const TRUSTED: AuthContext = { kind: 'api-token', can: () => true };

/** The query parts of a call's parameters, as the validator takes them. */
export function rawQueryOf(params: DocumentParams, call: CallOptions): RawQuery {
  const raw: RawQuery = { ...call.strays };
  for (const [key, value] of Object.entries(params)) if (!STRUCTURAL.has(key) && value !== undefined) raw[key] = value;
  if (call.transport === 'service') {
    // The Document Service's own defaults and its top-level `start`/`limit` (REST has `pagination[start]`).
    if (raw.status === undefined) raw.status = 'draft';
    const { start, limit } = raw;
    delete raw.start;
    delete raw.limit;
    if (start !== undefined || limit !== undefined) {
      const given = raw.pagination && typeof raw.pagination === 'object' ? (raw.pagination as Record<string, unknown>) : {};
      raw.pagination = { ...given, ...(start !== undefined ? { start } : {}), ...(limit !== undefined ? { limit } : {}) };
    }
  }
  return raw;
}

/** Validates the query of a call; trusted Document Service reads are not paged unless they ask. */
export function parseCallQuery(t: ActionTarget, raw: RawQuery, params: DocumentParams, call: CallOptions): DocumentQuery {
  const auth = params.auth ?? TRUSTED;
  if (call.transport === 'api') return t.engine.parseQuery(t.uid, raw, auth);
  // Strapi's findMany returns every match when no pagination is given; only a caller acting for a
  // user keeps the REST cap. Lists never need a total here (count() is the way to ask).
  const limits = params.auth ? { withCount: false } : { withCount: false, defaultLimit: Number.MAX_SAFE_INTEGER, maxLimit: 0 };
  return t.engine.parseQuery(t.uid, raw, auth, limits);
}

/** Checks the caller's permission; trusted server code (no auth) may do anything. */
export function authorize(params: DocumentParams, meta: ContentTypeMeta, action: string): void {
  if (params.auth && !params.auth.can(`${meta.actionPrefix}.${action}`)) throw new ForbiddenError();
}

/** No documentId holds a NUL, and PostgreSQL cannot bind one: such an id names no document. */
export function requireDocumentId(params: DocumentParams, action: DocumentAction): string {
  const { documentId } = params;
  if (typeof documentId !== 'string') throw new ValidationError(`${action}: a documentId (string) is required`);
  if (documentId === '' || documentId.includes('\u0000')) throw new NotFoundError();
  return documentId;
}

/** Body writes carry their status and locale in the query, like Strapi's REST API. */
export async function writeOptions(engine: Engine, meta: ContentTypeMeta, query: DocumentQuery): Promise<{ status: 'published' | 'draft'; locale?: string }> {
  if (query.locale === '*') throw new ValidationError('locale "*" cannot be used to write a document');
  // Reading an unknown locale finds nothing (as in Strapi); writing one must not invent it.
  if (meta.localized && query.locale !== undefined && !(await engine.locales()).has(query.locale)) {
    throw new ValidationError(`Locale ${query.locale} is not one of the configured locales`, { locale: query.locale });
  }
  return { status: query.status, locale: query.locale };
}

export function buildPlan(t: ActionTarget, data: Record<string, unknown>, mode: 'create' | 'update'): Promise<WritePlan> {
  const { engine } = t;
  return buildWritePlan(data, t.shape, { schema: engine.schema, dialect: engine.dialect.name, mode, bcryptRounds: engine.bcryptRounds });
}

/**
 * Re-reads a written document with the caller's fields/populate, in the version just written.
 * It runs inside the write's transaction (`tx`): if the answer cannot be produced, the write is
 * rolled back, so a request that fails never leaves its data behind.
 */
export async function readBack(t: ActionTarget, tx: Db, documentId: string, query: DocumentQuery, locale: string | null, status = query.status): Promise<Document> {
  const version = t.meta.draftAndPublish ? status : 'published';
  // The publication filter selects documents to list; a write answers with what it wrote.
  const doc = await findDocument(t.engine.readEnv(tx), t.shape, documentId, { ...query, status: version, publicationFilter: undefined, locale: locale ?? undefined });
  if (!doc) throw new NotFoundError();
  return doc;
}

/** The lifecycle event of one document write or read (its `action` is set when fired). */
export function lifecycleEvent(t: ActionTarget, documentAction: DocumentAction, params: LifecycleEvent['params']): LifecycleEvent {
  const { meta } = t;
  return {
    action: 'beforeCreate',
    documentAction,
    model: { uid: meta.uid, singularName: meta.singularName, pluralName: meta.pluralName, kind: meta.kind },
    params,
    state: {},
  };
}

/** Fires an `after*` lifecycle with `result`; answers what the hooks left in `event.result`. */
export async function fireAfter<T>(t: ActionTarget, name: LifecycleName, event: LifecycleEvent, result: T): Promise<T> {
  if (!t.engine.hooks.has(name, t.uid)) return result;
  event.result = result;
  await t.engine.hooks.fire(name, event);
  return event.result as T;
}

/** Fires a `before*` lifecycle when someone listens. */
export async function fireBefore(t: ActionTarget, name: LifecycleName, event: LifecycleEvent): Promise<void> {
  if (t.engine.hooks.has(name, t.uid)) await t.engine.hooks.fire(name, event);
}

/**
 * Queues an entry event for after commit. The entry is the version written, every public field
 * and no relation (private fields never leave the engine), read inside the transaction so a later
 * write cannot show through. Nothing is read when nobody listens.
 */
export async function announce(t: ActionTarget, tx: Db, queue: (event: EngineEvent) => void, event: EntryEventName, key: VersionKey, status: 'draft' | 'published'): Promise<void> {
  if (!t.engine.events.listening) return;
  const entry = await versionEntry(t, tx, key, status);
  if (entry) queue({ event, uid: t.uid, model: t.meta.singularName, entry });
}

/** Queues an event for an entry already read (a deleted or unpublished version). */
export function announceEntry(t: ActionTarget, queue: (event: EngineEvent) => void, event: EntryEventName, entry: Document): void {
  if (t.engine.events.listening) queue({ event, uid: t.uid, model: t.meta.singularName, entry });
}

/** One version of a document, all public fields, no relations. */
export function versionEntry(t: ActionTarget, db: Db, key: VersionKey, status: 'draft' | 'published', query?: DocumentQuery): Promise<Document | null> {
  const version = t.meta.draftAndPublish ? status : 'published';
  const base: DocumentQuery = query ?? { sort: [], populate: {}, pagination: { mode: 'offset', start: 0, limit: 1, withCount: false }, status: version };
  return findDocument(t.engine.readEnv(db), t.shape, key.documentId, { ...base, status: version, publicationFilter: undefined, locale: key.locale ?? undefined });
}
