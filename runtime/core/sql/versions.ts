// Link rows name a target *document* (and locale); this picks the row of that document the reader
// sees. `rows` says which condition applies: populate reads the documents (`visible`, with the
// publication filter), relation filters only test them (`status`).
import type { Shape } from '../model/schema-index';
import { LINK_TARGET_IS_DRAFT, type RelationAttribute } from '../model/types';
import { join, sql, type Sql } from './fragment';
import type { QueryContext } from './query-context';

export function versionJoinCondition(target: Shape, alias: string, documentIdExpr: string, localeExpr: string, ctx: QueryContext, rows: 'visible' | 'status'): Sql {
  const parts: Sql[] = [sql(`${alias}.document_id = ${documentIdExpr}`)];
  if (target.kind === 'contentType' && target.meta.localized) parts.push(sql(`${alias}.locale = ${localeExpr}`));
  parts.push(rows === 'visible' ? ctx.visibleCondition(target, alias) : ctx.statusCondition(target, alias));
  return join(parts, ' AND ');
}

/**
 * The links of a relation with `targetVersions` (runtime/model/types.ts) that join the version of
 * the target the reader sees: `target_is_draft` NULL joins both. Other relations' conditions are
 * returned as they are.
 */
export function withLinkVersions(condition: Sql, attribute: RelationAttribute, link: string, ctx: QueryContext): Sql {
  if (!attribute.targetVersions) return condition;
  return join([condition, sql(`(${link}.${LINK_TARGET_IS_DRAFT} IS NULL OR ${link}.${LINK_TARGET_IS_DRAFT} = ${ctx.status === 'draft' ? 'TRUE' : 'FALSE'})`)], ' AND ');
}
