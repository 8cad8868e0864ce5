// The read actions of the operation layer: findMany, findFirst, findOne and count. REST, GraphQL
// and engine.documents() all run these (through the middlewares), so a lifecycle or a permission
// rule applies to every transport alike.
import type { Db } from '@cms-gen/db/types';
import { countRows, findDocument, findDocuments } from '../engine/read';
import type { Document } from '../engine/types';
import type { DocumentQuery } from '../query/ast';
import { authorize, type ActionTarget } from './action-context';
import { parseApiParams, parseCallQuery, rawQueryOf, readsParamsDirectly, type CallOptions } from './call-options';
import { fireAfter, fireBefore, lifecycleEvent } from './lifecycle-event';
import type { DocumentParams } from './types';
import { readDb } from './write-scope';

export async function findManyAction(t: ActionTarget, params: DocumentParams, call: CallOptions): Promise<Document[]> {
  authorize(params, t.meta, 'find');
  if (readsParamsDirectly(t, call, 'beforeFindMany', 'afterFindMany')) {
    // No lifecycle listens: the params are validated as they are, no event is built.
    const { results, pagination } = await findDocuments(t.engine.readEnv(readDb(t.engine)), t.shape, parseApiParams(t, params, call));
    call.onPage?.(pagination);
    return results;
  }
  const event = lifecycleEvent(t, 'findMany', { query: rawQueryOf(params, call) });
  await fireBefore(t, 'beforeFindMany', event);
  const query = parseCallQuery(t, event.params.query, params, call);
  const { results, pagination } = await findDocuments(t.engine.readEnv(readDb(t.engine)), t.shape, query);
  call.onPage?.(pagination);
  return fireAfter(t, 'afterFindMany', event, results);
}

export async function findOneAction(t: ActionTarget, params: DocumentParams, call: CallOptions): Promise<Document | null> {
  authorize(params, t.meta, 'findOne');
  const documentId = String(params.documentId ?? '');
  if (readsParamsDirectly(t, call, 'beforeFindOne', 'afterFindOne')) {
    const query = parseApiParams(t, params, call);
    // Awaited rather than returned: an async function resolving to a promise takes two more turns of the microtask queue.
    return documentId === '' ? null : await findDocument(t.engine.readEnv(readDb(t.engine)), t.shape, documentId, query);
  }
  const raw = rawQueryOf(params, call);
  const event = lifecycleEvent(t, 'findOne', { where: whereOf(documentId, raw), query: raw });
  await fireBefore(t, 'beforeFindOne', event);
  const query = parseCallQuery(t, event.params.query, params, call);
  const doc = documentId === '' ? null : await findDocument(t.engine.readEnv(readDb(t.engine)), t.shape, documentId, query);
  return fireAfter(t, 'afterFindOne', event, doc);
}

/**
 * The first match (Strapi's findFirst). A single type's document is the one the type holds,
 * read as REST's `GET /api/<singular>` reads it; a collection takes the first of its sorted,
 * filtered list.
 */
export async function findFirstAction(t: ActionTarget, params: DocumentParams, call: CallOptions): Promise<Document | null> {
  authorize(params, t.meta, 'find');
  const raw = rawQueryOf(params, call);
  const event = lifecycleEvent(t, 'findFirst', { query: raw });
  await fireBefore(t, 'beforeFindOne', event);
  const query = parseCallQuery(t, event.params.query, params, call);
  const db = readDb(t.engine);
  let doc: Document | null;
  if (t.meta.kind === 'singleType') {
    const documentId = await singleDocumentId(t, db);
    doc = documentId ? await findDocument(t.engine.readEnv(db), t.shape, documentId, query) : null;
  } else {
    const first: DocumentQuery = { ...query, pagination: { mode: 'offset', start: 0, limit: 1, withCount: false } };
    doc = (await findDocuments(t.engine.readEnv(db), t.shape, first)).results[0] ?? null;
  }
  return fireAfter(t, 'afterFindOne', event, doc);
}

/** How many documents match (filters, `_q`, status, locale, publicationFilter), per version read. */
export async function countAction(t: ActionTarget, params: DocumentParams, call: CallOptions): Promise<number> {
  authorize(params, t.meta, 'find');
  const event = lifecycleEvent(t, 'count', { query: rawQueryOf(params, call) });
  await fireBefore(t, 'beforeCount', event);
  const query = parseCallQuery(t, event.params.query, params, call);
  const total = await countRows(t.engine.readEnv(readDb(t.engine)), t.shape, {
    status: query.status,
    publicationFilter: query.publicationFilter,
    locale: query.locale,
    filters: query.filters,
    search: query.search,
  });
  return fireAfter(t, 'afterCount', event, total);
}

/** The documentId of a single type's document, if it has one. */
export async function singleDocumentId(t: ActionTarget, db: Db): Promise<string | undefined> {
  const rows = await db.query(`SELECT document_id FROM ${t.engine.dialect.quote(t.meta.table)} ORDER BY id LIMIT 1`);
  return rows.length ? String(rows[0].document_id) : undefined;
}

export function whereOf(documentId: string, raw: Record<string, unknown>): { documentId: string; locale?: string } {
  return typeof raw.locale === 'string' ? { documentId, locale: raw.locale } : { documentId };
}
