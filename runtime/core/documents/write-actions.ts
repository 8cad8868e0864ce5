// The write actions of the operation layer: create, update and delete. Each runs in one
// transaction with its lifecycles: `before*` first (it may change `event.params.data`, or throw to
// abort), then the write, the read-back and `after*`, so a failure anywhere leaves no data behind.
// Events are queued for after the commit (write-scope.ts).
import { InvalidKeyError, NotFoundError, ValidationError } from '../errors';
import type { Db } from '@cms-gen/db/types';
import type { EngineEvent } from '../engine/events';
import { findDocuments } from '../engine/read';
import type { Document } from '../engine/types';
import { createDocument, deleteDocument, documentExists, updateDocument, type VersionKey } from '../engine/write/document-writer';
import { requireDataPayload, type WritePlan } from '../engine/write/plan';
import { checkRelationsExist } from '../engine/write/missing-relations';
import type { WriteEnv } from '../engine/write/context';
import type { SentValues } from '../engine/write/constraint-errors';
import type { DocumentQuery, FilterNode } from '../query/ast';
import { authorize, buildPlan, readBack, requireDocumentId, writeOptions, type ActionTarget } from './action-context';
import { readableRelationsInput } from './readable-relations';
import { writeCallQuery, type CallOptions } from './call-options';
import { announce, announceEntry } from './entry-events';
import { fireAfter, fireBefore, lifecycleEvent } from './lifecycle-event';
import { singleDocumentId, whereOf } from './read-actions';
import type { DocumentParams, DocumentVersionsResult, LifecycleEvent } from './types';
import { inWriteTransaction } from './write-scope';
import { SYSTEM_COLUMNS } from '../model/types';

/** The admin users' type (runtime/admin); its presence says the app's tables have the creator columns. */
export const ADMIN_USER_UID = 'admin::user';

/** Thrown by update when the document does not exist: REST answers 404, the Document Service null. */
export class DocumentMissingError extends NotFoundError {}

type Status = 'draft' | 'published';

/** The values a write sent, for the unique-violation message (set once the plan exists). */
function sentValues(): SentValues & { plan?: WritePlan } {
  const holder: SentValues & { plan?: WritePlan } = { get: (column) => holder.plan?.scalars.get(column) };
  return holder;
}

/** Writes that were published as well announce both (Strapi: entry.create then entry.publish). */
async function announceWrite(t: ActionTarget, tx: Db, queue: (e: EngineEvent) => void, created: boolean, key: VersionKey, status: Status): Promise<void> {
  const draftAndPublish = t.meta.draftAndPublish;
  await announce(t, tx, queue, created ? 'entry.create' : 'entry.update', key, draftAndPublish ? 'draft' : 'published');
  if (draftAndPublish && status === 'published') await announce(t, tx, queue, 'entry.publish', key, 'published');
}

export async function createAction(t: ActionTarget, params: DocumentParams, call: CallOptions): Promise<Document> {
  const { engine, meta } = t;
  authorize(params, meta, 'create');
  const { raw, query } = writeCallQuery(t, params, call, 'beforeCreate', 'afterCreate');
  const data = readableRelationsInput(engine.schema, t.shape, requireDataPayload({ data: params.data }), params.auth, call.unreadableRelations);
  const hooked = engine.hooks.has('beforeCreate', t.uid);
  // Without a beforeCreate hook the data is final: validate it before opening the transaction.
  const early = hooked ? undefined : await buildPlan(t, data, 'create', query.status);
  const options = await writeOptions(engine, meta, query);
  const sent = sentValues();
  return inWriteTransaction(
    engine,
    t.uid,
    async (tx, queue) => {
      const event = lifecycleEvent(t, 'create', { data, query: raw });
      await fireBefore(t, 'beforeCreate', event);
      const plan = withCreator(t, params, early ?? (await buildPlan(t, requireDataPayload({ data: event.params.data }), 'create', query.status)), true);
      sent.plan = plan;
      const env = engine.writeEnv(tx);
      await checkRelationsExist(env, t.shape, plan, writtenLocale(t, env, options), event.params.data);
      const key = await createDocument(env, meta, plan, options);
      const doc = await readBack(t, tx, key.documentId, query, key.locale);
      const result = await fireAfter(t, 'afterCreate', event, doc);
      await announceWrite(t, tx, queue, true, key, options.status);
      return result;
    },
    sent,
  );
}

/**
 * Updates a document in `locale` (a localized document missing there gets that localization).
 * A single type's document is created when absent (its lifecycles are then create's).
 */
export async function updateAction(t: ActionTarget, params: DocumentParams, call: CallOptions): Promise<Document> {
  const { engine, meta } = t;
  authorize(params, meta, 'update');
  const single = meta.kind === 'singleType';
  const documentId = single ? undefined : requireDocumentId(params, 'update');
  // A single type's first write creates its document: create's lifecycles fire then.
  const { raw, query } = writeCallQuery(t, params, call, 'beforeUpdate', 'afterUpdate', ...(single ? (['beforeCreate', 'afterCreate'] as const) : []));
  const data = readableRelationsInput(engine.schema, t.shape, requireDataPayload({ data: params.data }), params.auth, call.unreadableRelations);
  const hooked = engine.hooks.has('beforeUpdate', t.uid) || (single && engine.hooks.has('beforeCreate', t.uid));
  const early = hooked || single ? undefined : await updatePlanOrNotFound(t, engine.db, data, query.status, documentId as string);
  const options = await writeOptions(engine, meta, query);
  const sent = sentValues();
  // Concurrent first writes of a single type all find no document; the unique index on its
  // versions lets one create it, and runWrite runs the others again as updates of it.
  return inWriteTransaction(
    engine,
    t.uid,
    async (tx, queue) => {
      const target = documentId ?? (await singleDocumentId(t, tx));
      const creating = target === undefined;
      const event = lifecycleEvent(t, 'update', { data, ...(target ? { where: whereOf(target, raw) } : {}), query: raw });
      await fireBefore(t, creating ? 'beforeCreate' : 'beforeUpdate', event);
      const hookedData = () => requireDataPayload({ data: event.params.data });
      const planned = early ?? (creating ? await buildPlan(t, hookedData(), 'create', query.status) : await updatePlanOrNotFound(t, tx, hookedData(), query.status, target));
      const plan = withCreator(t, params, planned, creating);
      sent.plan = plan;
      const env = engine.writeEnv(tx);
      await checkRelationsExist(env, t.shape, plan, writtenLocale(t, env, options), event.params.data);
      const key = creating ? await createDocument(env, meta, plan, options) : await updateExisting(() => updateDocument(env, meta, target, plan, options));
      const doc = await readBack(t, tx, key.documentId, query, key.locale);
      const result = await fireAfter(t, creating ? 'afterCreate' : 'afterUpdate', event, doc);
      await announceWrite(t, tx, queue, creating, key, options.status);
      return result;
    },
    sent,
  );
}

/**
 * The plan of an update (before its transaction, or in it after a `beforeUpdate` hook, reading
 * through `db`). A document that does not exist is a 404 before anything its data breaks, as
 * Strapi 5.54 answers (`PUT /api/widgets/nope` with `{ "title": 123 }`): the lookup runs only
 * when the data was refused.
 */
async function updatePlanOrNotFound(t: ActionTarget, db: Db, data: Record<string, unknown>, status: 'draft' | 'published', documentId: string): Promise<WritePlan> {
  try {
    return await buildPlan(t, data, 'update', status);
  } catch (err) {
    // Unknown keys are the request's shape, refused before any lookup (Strapi's controller does).
    if (!(err instanceof ValidationError) || err instanceof InvalidKeyError) throw err;
    if (!(await documentExists(db, t.engine.dialect, t.meta, documentId))) throw new NotFoundError();
    throw err;
  }
}

/**
 * Strapi's creator fields: an admin-panel write records its admin user as the version's updater
 * (and creator, when the write creates the version). Apps whose schema has no admin::user were
 * generated without the columns.
 */
function withCreator(t: ActionTarget, params: DocumentParams, plan: WritePlan, creating: boolean): WritePlan {
  const adminId = params.auth?.kind === 'admin' ? params.auth.adminUserId : undefined;
  if (adminId === undefined || !t.engine.schema.contentTypes[ADMIN_USER_UID]) return plan;
  const scalars = new Map(plan.scalars);
  scalars.set(SYSTEM_COLUMNS.updatedById, adminId);
  if (creating) scalars.set(SYSTEM_COLUMNS.createdById, adminId);
  return { ...plan, scalars };
}

/** The locale of the version a write targets (null on types that are not localized). */
const writtenLocale = (t: ActionTarget, env: WriteEnv, options: { locale?: string }): string | null => (t.meta.localized ? (options.locale ?? env.defaultLocale) : null);

async function updateExisting(write: () => Promise<VersionKey>): Promise<VersionKey> {
  try {
    return await write();
  } catch (err) {
    throw err instanceof NotFoundError ? new DocumentMissingError() : err;
  }
}

/**
 * Deletes a document's versions (draft and published) in one locale, or in every locale with
 * `locale: '*'`. Deleting what does not exist is not an error (REST answers 204 either way).
 */
export async function deleteAction(t: ActionTarget, params: DocumentParams, call: CallOptions): Promise<DocumentVersionsResult> {
  const { engine, meta } = t;
  authorize(params, meta, 'delete');
  const documentId = meta.kind === 'singleType' ? undefined : requireDocumentId(params, 'delete');
  const { raw, query } = writeCallQuery(t, params, call, 'beforeDelete', 'afterDelete');
  return inWriteTransaction(engine, t.uid, async (tx, queue) => {
    const target = documentId ?? (await singleDocumentId(t, tx));
    if (target === undefined) return { documentId: '', entries: [] };
    // The versions are read first only when someone needs them: the answer of a Document
    // Service call, an afterDelete hook or an event listener. REST's 204 needs nothing.
    const wanted = call.transport === 'service' || engine.hooks.has('afterDelete', t.uid) || engine.events.listening;
    const entries = wanted ? await documentVersions(t, tx, target, query) : [];
    const event: LifecycleEvent = lifecycleEvent(t, 'delete', { where: whereOf(target, raw), query: raw });
    await fireBefore(t, 'beforeDelete', event);
    await deleteDocument(engine.writeEnv(tx), meta, target, query.locale);
    const result = await fireAfter(t, 'afterDelete', event, { documentId: target, entries });
    for (const entry of entries) announceEntry(t, queue, 'entry.delete', entry);
    return result;
  });
}

const DOCUMENT_ID_FIELD = { name: 'documentId', column: 'document_id', type: 'documentId' } as const;

/** Every version of a document in the query's locale ('*': all), drafts first, with the query's fields/populate. */
export async function documentVersions(t: ActionTarget, db: Db, documentId: string, query: DocumentQuery, statuses: Status[] = t.meta.draftAndPublish ? ['draft', 'published'] : ['published']): Promise<Document[]> {
  const filters: FilterNode = { kind: 'compare', field: DOCUMENT_ID_FIELD, op: '$eq', value: documentId };
  const out: Document[] = [];
  for (const status of statuses) {
    const versionQuery: DocumentQuery = { ...query, filters, search: undefined, sort: [], status, publicationFilter: undefined, pagination: { mode: 'offset', start: 0, limit: 1000, withCount: false } };
    out.push(...(await findDocuments(t.engine.readEnv(db), t.shape, versionQuery)).results);
  }
  return out;
}
