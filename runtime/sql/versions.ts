// Link rows name a target *document* (and locale); this picks the row of that document the reader
// sees. `rows` says which condition applies: populate reads the documents (`visible`, with the
// publication filter), relation filters only test them (`status`).
import type { Shape } from '../engine/schema-index';
import { join, sql, type Sql } from './fragment';
import type { QueryContext } from './query-context';

export function versionJoinCondition(target: Shape, alias: string, documentIdExpr: string, localeExpr: string, ctx: QueryContext, rows: 'visible' | 'status'): Sql {
  const parts: Sql[] = [sql(`${alias}.document_id = ${documentIdExpr}`)];
  if (target.kind === 'contentType' && target.meta.localized) parts.push(sql(`${alias}.locale = ${localeExpr}`));
  parts.push(rows === 'visible' ? ctx.visibleCondition(target, alias) : ctx.statusCondition(target, alias));
  return join(parts, ' AND ');
}
