// The pieces every populate step shares (populate.ts, morph-populate.ts): chunked key lists, the
// selected columns of a target, ordering and filtering, and grouping loaded rows onto their parents.
import type { Row, SqlValue } from '@cms-gen/db/types';
import type { PopulateNode } from '../query/ast';
import { compileFilter } from '../sql/compile-filter';
import { compileSort } from '../sql/compile-sort';
import { join, placeholders, sql, type Sql } from '../sql/fragment';
import type { QueryContext } from '../sql/query-context';
import type { Loaded, ReadEnv, Values } from './read-env';
import type { Shape } from '../model/schema-index';
import { selectedFields, toDocument, withSortedFields, type SelectedField } from './select';

const CHUNK = 500;

/** Runs `build(ids)` per chunk of keys and concatenates the rows. */
export async function queryInChunks(env: ReadEnv, keys: readonly SqlValue[], build: (keys: Sql) => Sql): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const statement = build(placeholders(keys.slice(i, i + CHUNK)));
    for (const row of await env.db.query(statement.text, statement.params)) rows.push(row);
  }
  return rows;
}

export const unique = <T>(values: T[]): T[] => [...new Set(values)];

export function targetFields(target: Shape, node: PopulateNode): SelectedField[] {
  return selectedFields(target, node.fields);
}

/** A populated relation's fields: Strapi reads it through the link table, so what it sorts by comes back too. */
export function relationTargetFields(target: Shape, node: PopulateNode): SelectedField[] {
  return selectedFields(target, withSortedFields(node.fields, node.sort));
}

export function extraTargetColumns(target: Shape, alias: string): string {
  if (target.kind !== 'contentType') return '';
  return `, ${alias}.document_id AS __document_id${target.meta.localized ? `, ${alias}.locale AS __locale` : ''}`;
}

export function loadedFrom(row: Row, fields: SelectedField[]): Loaded {
  return {
    id: Number(row.id),
    documentId: row.__document_id === undefined ? undefined : String(row.__document_id),
    locale: row.__locale === undefined ? undefined : (row.__locale as string | null),
    doc: toDocument(row, fields),
  };
}

export function orderBy(node: PopulateNode, target: Shape, alias: string, ctx: QueryContext, fallback: string): Sql {
  const items = node.sort && node.sort.length > 0 ? [...compileSort(node.sort, target, alias, ctx), sql(fallback)] : [sql(fallback)];
  return join([sql(' ORDER BY '), join(items, ', ')], '');
}

export function filterClause(node: PopulateNode, target: Shape, alias: string, ctx: QueryContext): Sql {
  if (!node.filters) return sql('');
  return join([sql(' AND '), compileFilter(node.filters, target, alias, ctx)], '');
}

/** Each parent's children: arrays for to-many, the first child or null for to-one. */
export function attach(parents: Loaded[], keyOf: (p: Loaded) => string, groups: Map<string, Loaded[]>, toMany: boolean): Values {
  return parents.map((parent) => {
    const children = groups.get(keyOf(parent)) ?? [];
    return toMany ? children.map((c) => c.doc) : (children[0]?.doc ?? null);
  });
}

function pushGroup(groups: Map<string, Loaded[]>, key: string, child: Loaded): void {
  const list = groups.get(key);
  if (list) list.push(child);
  else groups.set(key, [child]);
}

/** Turns related rows into loaded children, grouped by the parent key each row carries. */
export function groupRows(rows: Row[], fields: SelectedField[], parentKey: (row: Row) => string): { children: Loaded[]; groups: Map<string, Loaded[]> } {
  const groups = new Map<string, Loaded[]>();
  const children: Loaded[] = [];
  for (const row of rows) {
    const child = loadedFrom(row, fields);
    children.push(child);
    pushGroup(groups, parentKey(row), child);
  }
  return { children, groups };
}
