// Link rows name a target *document* (and locale); this picks the row of that document the reader sees.
import type { Shape } from '../engine/schema-index';
import { join, sql, type Sql } from './fragment';
import type { QueryContext } from './query-context';

export function versionJoinCondition(target: Shape, alias: string, documentIdExpr: string, localeExpr: string, ctx: QueryContext): Sql {
  const parts: Sql[] = [sql(`${alias}.document_id = ${documentIdExpr}`)];
  if (target.kind === 'contentType' && target.meta.localized) parts.push(sql(`${alias}.locale = ${localeExpr}`));
  parts.push(ctx.statusCondition(target, alias));
  return join(parts, ' AND ');
}
