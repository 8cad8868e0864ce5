// Reading documents: one statement for the page, one for the count (unless withCount is off),
// then populate adds a bounded number of statements per populated attribute and level.
import type { Row, SqlValue } from '@cms-gen/db/types';
import type { DocumentQuery, FilterNode, Pagination } from '../query/ast';
import { compileFilter } from '../sql/compile-filter';
import { compileSearch } from '../sql/compile-search';
import { compileSort } from '../sql/compile-sort';
import { join, sql, type Sql } from '../sql/fragment';
import { createQueryContext, type QueryContext } from '../sql/query-context';
import { populate } from './populate';
import type { Loaded, ReadEnv } from './read-env';

export type { ReadEnv } from './read-env';
import { selectedFields, selectList, toDocument, withSortedFields, type SelectedField } from './select';
import { fieldColumn } from '../sql/columns';
import type { Shape } from '../model/schema-index';
import type { Document, PaginationMeta } from './types';
import { applyFileOutput } from './file-output';


export interface RowScope {
  status: DocumentQuery['status'];
  publicationFilter?: DocumentQuery['publicationFilter'];
  /** undefined = default locale, '*' = all locales */
  locale?: string;
  filters?: FilterNode;
  /** `_q` text (see compile-search.ts). */
  search?: string;
  /** Extra condition on t0 (e.g. a documentId). */
  extra?: Sql;
}

/**
 * Whether the version index can serve the statement: nothing but the version, the locale and a
 * documentId to match, and an order the index holds (id, or publishedAt through
 * `(is_draft, published_at)`). Otherwise the rows must be read anyway (see StatusOptions).
 */
function versionIndexServes(shape: Shape, scope: RowScope, sort: DocumentQuery['sort'] = []): boolean {
  if (scope.filters || scope.search !== undefined) return false;
  return indexedOrder(shape, sort);
}

/** Whether the list indexes hold rows in this order (by id, or by publishedAt then id). */
function indexedOrder(shape: Shape, sort: DocumentQuery['sort'] = []): boolean {
  return sort.every((item) => item.path.length === 1 && ['id', 'published_at'].includes(fieldColumn(shape, item.path[0])?.column ?? ''));
}

/** WHERE clause over `t0` for a content type: versions the reader sees, locale, filters. */
export function whereClause(shape: Shape, scope: RowScope, ctx: QueryContext, defaultLocale: string, sort?: DocumentQuery['sort']): Sql {
  const parts: Sql[] = [ctx.visibleCondition(shape, 't0', { index: versionIndexServes(shape, scope, sort) })];
  if (shape.kind === 'contentType' && shape.meta.localized && scope.locale !== '*') {
    parts.push(sql('t0.locale = ?', [scope.locale ?? defaultLocale]));
  }
  if (scope.extra) parts.push(scope.extra);
  if (scope.filters) parts.push(compileFilter(scope.filters, shape, 't0', ctx));
  if (scope.search !== undefined) parts.push(compileSearch(scope.search, shape, 't0', ctx.dialect));
  return join(parts, ' AND ');
}

function limitOffset(p: Pagination): { limit: number; offset: number } {
  return p.mode === 'page' ? { limit: p.pageSize, offset: (p.page - 1) * p.pageSize } : { limit: p.limit, offset: p.start };
}

interface LoadOptions {
  fields?: string[];
  sort?: DocumentQuery['sort'];
  limit?: number;
  offset?: number;
  includePrivate?: boolean;
  ctx?: QueryContext;
}

/** Loads rows of `shape` as Loaded records (document + the keys populate needs). */
export async function loadRows(env: ReadEnv, shape: Shape, scope: RowScope, options: LoadOptions): Promise<Loaded[]> {
  const fields = selectedFields(shape, options.fields, options.includePrivate);
  const statement = rowsStatement(env, shape, scope, options, fields);
  const rows = await env.db.query(statement.text, statement.params);
  return rows.map((row) => toLoaded(row, fields));
}

/** The statement of loadRows. */
function rowsStatement(env: ReadEnv, shape: Shape, scope: RowScope, options: LoadOptions, fields: readonly SelectedField[]): Sql {
  const ctx = options.ctx ?? createQueryContext(env.dialect, env.schema, scope.status, scope.publicationFilter);
  const q = env.dialect.quote;
  const localized = shape.kind === 'contentType' && shape.meta.localized;
  const extraColumns = `, t0.document_id AS __document_id${localized ? ', t0.locale AS __locale' : ''}`;
  const where = whereClause(shape, scope, ctx, env.defaultLocale, options.sort);
  const columns = `${selectList(fields, 't0', env.dialect)}${extraColumns}`;
  if (options.limit === undefined) {
    return join([sql(`SELECT ${columns} FROM ${q(shape.meta.table)} t0 WHERE `), where, orderClause(options.sort, shape, ctx)], '');
  } else {
    // The limit is written into the statement: SQLite plans `ORDER BY … LIMIT ?` without knowing
    // the bound and runs it 3× slower than `LIMIT 25` (measured: one document by documentId 48 µs
    // against 13 µs, a page of 25 248 µs against 209 µs). Page sizes are few, so the statement
    // cache still holds; the offset, which varies, stays a parameter.
    if (!Number.isSafeInteger(options.limit)) throw new Error(`invalid limit ${String(options.limit)}`);
    const page = sql(` LIMIT ${options.limit} OFFSET ?`, [options.offset ?? 0]);
    // Deferred when rows are skipped, or sorted by something no index holds (the sort then holds
    // the sort keys and ids of every candidate row instead of whole rows: on PostgreSQL at 100k
    // articles, sort=views:desc took 234–310 ms instead of 356–425 ms).
    return options.offset || !indexedOrder(shape, options.sort)
      ? deferredPage(q(shape.meta.table), columns, where, () => orderClause(options.sort, shape, ctx), page)
      : join([sql(`SELECT ${columns} FROM ${q(shape.meta.table)} t0 WHERE `), where, orderClause(options.sort, shape, ctx), page], '');
  }
}

/** ` ORDER BY …, t0.id ASC`: the requested sort, then the id so that ties cannot reorder. */
function orderClause(sort: DocumentQuery['sort'] | undefined, shape: Shape, ctx: QueryContext): Sql {
  return join([sql(' ORDER BY '), join([...compileSort(sort ?? [], shape, 't0', ctx), sql('t0.id ASC')], ', ')], '');
}

/**
 * A page as a deferred join: the page's ids are chosen first, reading only what the WHERE and ORDER
 * BY need, and only the page's rows are read whole. Plain `OFFSET` made the database read every
 * skipped row (page 2000 of 25 at 100k articles read 50,000 rows of ~1 KB: 80 ms on SQLite, where
 * the ids take 2 ms through `(is_draft, id)`), and a sort no index holds put every candidate row,
 * body and all, into the sorter. Same WHERE, same ORDER BY (ending with `t0.id`, so ties cannot
 * reorder): the same rows in the same order. A derived table rather than `id IN (…)`: MySQL and
 * MariaDB refuse LIMIT inside an IN subquery.
 */
function deferredPage(table: string, columns: string, where: Sql, order: () => Sql, page: Sql): Sql {
  return join(
    [sql(`SELECT ${columns} FROM (SELECT t0.id FROM ${table} t0 WHERE `), where, order(), page, sql(`) page JOIN ${table} t0 ON t0.id = page.id`), order()],
    '',
  );
}

export function toLoaded(row: Row, fields: readonly SelectedField[]): Loaded {
  return {
    id: Number(row.id),
    documentId: row.__document_id === undefined ? undefined : String(row.__document_id),
    locale: row.__locale === undefined ? undefined : (row.__locale as string | null),
    doc: toDocument(row, fields),
  };
}

export async function countRows(env: ReadEnv, shape: Shape, scope: RowScope): Promise<number> {
  const ctx = createQueryContext(env.dialect, env.schema, scope.status, scope.publicationFilter);
  const where = whereClause(shape, scope, ctx, env.defaultLocale);
  const from = join([sql(`FROM ${env.dialect.quote(shape.meta.table)} t0 WHERE `), where], '');
  if (env.counts) return env.counts.count(from);
  const statement = join([sql('SELECT COUNT(*) AS c '), from], '');
  const rows = await env.db.query(statement.text, statement.params);
  return Number(rows[0]?.c ?? 0);
}

export async function findDocuments(env: ReadEnv, shape: Shape, query: DocumentQuery): Promise<{ results: Document[]; pagination: PaginationMeta }> {
  const scope: RowScope = { status: query.status, publicationFilter: query.publicationFilter, locale: query.locale, filters: query.filters, search: query.search };
  const { limit, offset } = limitOffset(query.pagination);
  const ctx = createQueryContext(env.dialect, env.schema, query.status, query.publicationFilter);
  const [loaded, total] = await Promise.all([
    loadRows(env, shape, scope, { fields: traverses(query.filters) ? withSortedFields(query.fields, query.sort) : query.fields, sort: query.sort, limit, offset, ctx }),
    query.pagination.withCount ? countRows(env, shape, scope) : Promise.resolve(undefined),
  ]);
  await populate(env, loaded, query.populate, shape, ctx);
  const results = loaded.map((l) => l.doc);
  await applyFileOutput(env, shape, results);
  return { results, pagination: paginationMeta(query.pagination, total) };
}

/** Whether a filter tree goes through a relation, media, component or dynamic zone (Strapi then joins: withSortedFields). */
function traverses(node: FilterNode | undefined): boolean {
  if (!node) return false;
  switch (node.kind) {
    case 'traverse':
      return true;
    case 'and':
    case 'or':
      return node.children.some(traverses);
    case 'not':
      return traverses(node.child);
    default:
      return false;
  }
}

export function paginationMeta(p: Pagination, total: number | undefined): PaginationMeta {
  if (p.mode === 'page') {
    if (total === undefined) return { page: p.page, pageSize: p.pageSize };
    return { page: p.page, pageSize: p.pageSize, pageCount: Math.ceil(total / p.pageSize), total };
  }
  if (total === undefined) return { start: p.start, limit: p.limit };
  return { start: p.start, limit: p.limit, total };
}

/** One document by documentId in the reader's status and locale, populated. */
export async function findDocument(env: ReadEnv, shape: Shape, documentId: string, query: DocumentQuery): Promise<Document | null> {
  // No documentId holds a NUL, and PostgreSQL cannot even bind one (a driver error, so a 500):
  // GraphQL ids arrive here without the REST path guard.
  if (documentId.includes('\u0000')) return null;
  const ctx = createQueryContext(env.dialect, env.schema, query.status, query.publicationFilter);
  const loaded = await loadOne(env, shape, documentId, query, ctx);
  if (loaded.length === 0) return null;
  // Skipped rather than awaited when there is nothing to do: each await is a turn of the microtask queue.
  if (hasKeys(query.populate)) await populate(env, loaded, query.populate, shape, ctx);
  if (env.fileOutput) await applyFileOutput(env, shape, [loaded[0].doc]);
  return loaded[0].doc;
}

function hasKeys(record: object): boolean {
  for (const _ in record) return true;
  return false;
}

/**
 * findDocument's statement text per selected-field list (the cached arrays of selectedFields),
 * dialect and version read. Its text depends on nothing else but the publication filter, which
 * keeps the general path; building it took a dozen fragments and a 1 KB string per request, and
 * the statement cache then hashed that new string again (docs/benchmarks.md, "get-one"). The one
 * string kept here is hashed once. null: the statement's parameters are not the ones `oneParams`
 * gives, so the general path is taken (never for the shapes the engine builds today).
 */
const oneStatements = new WeakMap<readonly SelectedField[], Map<string, string | null>>();

/** The parameters of findDocument's statement: the locale of a localized type, the documentId, the offset. */
function oneParams(env: ReadEnv, shape: Shape, documentId: string, locale: string | undefined): SqlValue[] {
  if (shape.kind === 'contentType' && shape.meta.localized) return [locale === undefined || locale === '*' ? env.defaultLocale : locale, documentId, 0];
  return [documentId, 0];
}

async function loadOne(env: ReadEnv, shape: Shape, documentId: string, query: DocumentQuery, ctx: QueryContext): Promise<Loaded[]> {
  const fields = selectedFields(shape, query.fields);
  const key = query.publicationFilter === undefined ? `${env.dialect.name}:${query.status}` : undefined;
  let texts = oneStatements.get(fields);
  const text = key === undefined ? null : texts?.get(key);
  const params = oneParams(env, shape, documentId, query.locale);
  let statement: Sql;
  if (typeof text === 'string') statement = { text, params };
  else {
    const scope: RowScope = { status: query.status, publicationFilter: query.publicationFilter, locale: query.locale === '*' ? undefined : query.locale, extra: sql('t0.document_id = ?', [documentId]) };
    statement = rowsStatement(env, shape, scope, { fields: query.fields, limit: 1, ctx }, fields);
    if (key !== undefined && text === undefined) {
      if (!texts) oneStatements.set(fields, (texts = new Map()));
      texts.set(key, sameValues(statement.params, params) ? statement.text : null);
    }
  }
  const rows = await env.db.query(statement.text, statement.params);
  return rows.map((row) => toLoaded(row, fields));
}

function sameValues(a: readonly SqlValue[], b: readonly SqlValue[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

