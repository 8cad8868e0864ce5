// Compiles a validated FilterNode to a SQL condition over one row alias.
//
// Relation, component and media traversals become correlated EXISTS subqueries, so a filter never
// multiplies parent rows (no DISTINCT, pagination stays exact). Strapi joins with LEFT JOIN, where
// a row without any related row is matched by a condition that holds on an all-NULL row
// (`filters[author][id][$null]=true` finds articles without author); `holdsOnNullRow` reproduces
// that with three-valued logic at compile time. `$not` negates per joined row as Strapi's single
// joined query does, so it is pushed inside the traversals before compiling (push-negation.ts).
import type { FilterNode } from '../query/ast';
import type { Attribute } from '../model/types';
import { attributeOf, componentShape, contentTypeShape, FILE_UID, owningSide, type Shape } from '../model/schema-index';
import { encodeValue } from './codec';
import { join, placeholders, sql, FALSE, TRUE, type Sql } from './fragment';
import type { QueryContext } from './query-context';
import { negateFilter } from './push-negation';
import { versionJoinCondition, withLinkVersions } from './versions';

type Truth = 'true' | 'false' | 'unknown';

export function compileFilter(node: FilterNode, shape: Shape, alias: string, ctx: QueryContext): Sql {
  switch (node.kind) {
    case 'and':
      return node.children.length === 0 ? TRUE : group(node.children.map((c) => compileFilter(c, shape, alias, ctx)), ' AND ');
    case 'or':
      return node.children.length === 0 ? FALSE : group(node.children.map((c) => compileFilter(c, shape, alias, ctx)), ' OR ');
    case 'not': {
      if (node.child.kind !== 'compare') return compileFilter(negateFilter(node.child), shape, alias, ctx);
      const inner = compileFilter(node.child, shape, alias, ctx);
      return { text: `NOT (${inner.text})`, params: inner.params };
    }
    case 'compare':
      return compileCompare(node, alias, ctx);
    case 'traverse':
      return compileTraverse(node.attribute, node.child, shape, alias, ctx);
  }
}

/**
 * Longer AND/OR lists are parenthesized in chunks of this size, nested: SQLite parses `a OR b OR …`
 * as a chain as deep as the list and refuses one past 1000 terms ("Expression tree is too large");
 * chunks keep the depth near 2 × 32 for the 1000 conditions validation allows.
 */
const GROUP_CHUNK = 32;

function group(parts: Sql[], separator: string): Sql {
  if (parts.length > GROUP_CHUNK) {
    const chunks: Sql[] = [];
    for (let i = 0; i < parts.length; i += GROUP_CHUNK) chunks.push(group(parts.slice(i, i + GROUP_CHUNK), separator));
    return group(chunks, separator);
  }
  const joined = join(parts, separator);
  return { text: `(${joined.text})`, params: joined.params };
}

function compileCompare(node: Extract<FilterNode, { kind: 'compare' }>, alias: string, ctx: QueryContext): Sql {
  const { dialect } = ctx;
  const column = `${alias}.${dialect.quote(node.field.column)}`;
  const type = node.field.type;
  const enc = (v: unknown) => encodeValue(type, v, dialect.name);
  const value = node.value;
  switch (node.op) {
    case '$eq':
      if (value === null) return sql(`${column} IS NULL`);
      return typeof value === 'string' && isText(type) ? dialect.equals(column, value) : sql(`${column} = ?`, [enc(value)]);
    case '$ne':
      if (value === null) return sql(`${column} IS NOT NULL`);
      return typeof value === 'string' && isText(type) ? negate(dialect.equals(column, value)) : sql(`${column} <> ?`, [enc(value)]);
    case '$eqi':
      return dialect.equalsInsensitive(column, String(value));
    case '$nei':
      return negate(dialect.equalsInsensitive(column, String(value)));
    case '$lt':
      return sql(`${column} < ?`, [enc(value)]);
    case '$lte':
      return sql(`${column} <= ?`, [enc(value)]);
    case '$gt':
      return sql(`${column} > ?`, [enc(value)]);
    case '$gte':
      return sql(`${column} >= ?`, [enc(value)]);
    case '$in': {
      const values = (value as unknown[]).map(enc);
      if (values.length === 0) return FALSE;
      // Text lists compare case-sensitively, as $eq does (MySQL's IN follows the column's ci collation).
      if (isText(type) && values.every(isString)) return dialect.equalsAny(column, values);
      const list = placeholders(values);
      return { text: `${column} IN (${list.text})`, params: list.params };
    }
    case '$notIn': {
      const values = (value as unknown[]).map(enc);
      if (values.length === 0) return TRUE;
      if (isText(type) && values.every(isString)) return negate(dialect.equalsAny(column, values));
      const list = placeholders(values);
      return { text: `${column} NOT IN (${list.text})`, params: list.params };
    }
    case '$between': {
      const [low, high] = value as unknown[];
      return sql(`${column} BETWEEN ? AND ?`, [enc(low), enc(high)]);
    }
    case '$null':
      return sql(value ? `${column} IS NULL` : `${column} IS NOT NULL`);
    case '$notNull':
      return sql(value ? `${column} IS NOT NULL` : `${column} IS NULL`);
    case '$contains':
      return dialect.like(column, String(value), 'contains');
    case '$notContains':
      return negate(dialect.like(column, String(value), 'contains'));
    case '$containsi':
      return dialect.ilike(column, String(value), 'contains');
    case '$notContainsi':
      return negate(dialect.ilike(column, String(value), 'contains'));
    case '$startsWith':
      return dialect.like(column, String(value), 'startsWith');
    case '$startsWithi':
      return dialect.ilike(column, String(value), 'startsWith');
    case '$endsWith':
      return dialect.like(column, String(value), 'endsWith');
    case '$endsWithi':
      return dialect.ilike(column, String(value), 'endsWith');
  }
}

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'enumeration', 'email', 'uid', 'documentId', 'locale']);
const isText = (type: string) => TEXT_TYPES.has(type);
const isString = (value: unknown): value is string => typeof value === 'string';

function negate(condition: Sql): Sql {
  return { text: `NOT (${condition.text})`, params: condition.params };
}

/** Where a traversal leads, as SQL pieces: the joined rows and the condition tying them to the parent. */
interface Hop {
  target: Shape;
  alias: string;
  /** FROM ... [JOIN ...] of the subquery. */
  from: Sql;
  /** Ties the subquery rows to the parent row (and selects the right versions). */
  link: Sql;
}

function compileTraverse(attributeName: string, child: FilterNode, shape: Shape, alias: string, ctx: QueryContext): Sql {
  const attribute = attributeOf(shape, attributeName);
  if (!attribute) throw new Error(`compileFilter: unknown attribute ${attributeName}`);
  const hop = traversalHop(attribute, shape, alias, ctx);
  const condition = compileFilter(child, hop.target, hop.alias, ctx);
  const exists = join([sql('EXISTS (SELECT 1 FROM '), hop.from, sql(' WHERE '), hop.link, sql(' AND '), condition, sql(')')], '');
  if (holdsOnNullRow(child) !== 'true') return exists;
  const none = join([sql('NOT EXISTS (SELECT 1 FROM '), hop.from, sql(' WHERE '), hop.link, sql(')')], '');
  return group([exists, none], ' OR ');
}

/** Builds the subquery source for one relation/component/media hop from `alias`. */
export function traversalHop(attribute: Attribute, shape: Shape, alias: string, ctx: QueryContext): Hop {
  const q = ctx.dialect.quote;
  const next = ctx.nextAlias();
  switch (attribute.kind) {
    case 'morph': {
      // The owning side is refused by validation (Strapi's `Invalid key`). The inverse side is
      // traversed like an inverse relation: morph links of the parent's type pointing at it.
      if (attribute.owner || attribute.ownerType === undefined) throw new Error('polymorphic relations are not filterable');
      const ownerShape = contentTypeShape(ctx.schema, attribute.ownerType);
      const lnk = ctx.nextAlias();
      const parentLocale = shape.kind === 'contentType' && shape.meta.localized ? ` AND ${lnk}.target_locale = ${alias}.locale` : '';
      return {
        target: ownerShape,
        alias: next,
        from: join([sql(`${q(attribute.linkTable)} ${lnk} JOIN ${q(ownerShape.meta.table)} ${next} ON ${next}.id = ${lnk}.source_id`), ctx.statusCondition(ownerShape, next)], ' AND '),
        link: sql(`${lnk}.target_type = ? AND ${lnk}.target_document_id = ${alias}.document_id${parentLocale}`, [shape.uid]),
      };
    }
    case 'component':
    case 'dynamiczone': {
      if (attribute.kind === 'dynamiczone') throw new Error('dynamic zones are not filterable');
      const target = componentShape(ctx.schema, attribute.component);
      return {
        target,
        alias: next,
        from: sql(`${q(target.meta.table)} ${next}`),
        link: sql(`${next}.owner_type = ? AND ${next}.owner_field = ? AND ${next}.owner_id = ${alias}.id`, [shape.uid, attribute.name]),
      };
    }
    case 'media': {
      const target = contentTypeShape(ctx.schema, FILE_UID);
      const rel = ctx.nextAlias();
      return {
        target,
        alias: next,
        from: sql(`${q('files_related')} ${rel} JOIN ${q(target.meta.table)} ${next} ON ${next}.id = ${rel}.file_id`),
        link: sql(`${rel}.related_type = ? AND ${rel}.field = ? AND ${rel}.related_id = ${alias}.id`, [shape.uid, attribute.name]),
      };
    }
    case 'relation': {
      const target = contentTypeShape(ctx.schema, attribute.target);
      const lnk = ctx.nextAlias();
      if (attribute.owner) {
        // Parent row → its link rows → the target document's version that matches the reader.
        const versions = withLinkVersions(versionJoinCondition(target, next, `${lnk}.target_document_id`, `${lnk}.target_locale`, ctx, 'status'), attribute, lnk, ctx);
        return {
          target,
          alias: next,
          from: join([sql(`${q(attribute.linkTable)} ${lnk} JOIN ${q(target.meta.table)} ${next} ON `), versions], ''),
          link: sql(`${lnk}.source_id = ${alias}.id`),
        };
      }
      // Inverse side: link rows pointing at the parent document → the owner rows of the reader's status.
      const owner = owningSide(ctx.schema, shape.uid, attribute);
      const ownerShape = contentTypeShape(ctx.schema, owner.uid);
      const parentLocale = shape.kind === 'contentType' && shape.meta.localized ? ` AND ${lnk}.target_locale = ${alias}.locale` : '';
      const status = withLinkVersions(ctx.statusCondition(ownerShape, next), owner.attr, lnk, ctx);
      return {
        target: ownerShape,
        alias: next,
        from: join([sql(`${q(owner.attr.linkTable)} ${lnk} JOIN ${q(ownerShape.meta.table)} ${next} ON ${next}.id = ${lnk}.source_id`), status], ' AND '),
        link: sql(`${lnk}.target_document_id = ${alias}.document_id${parentLocale}`),
      };
    }
    case 'scalar':
      throw new Error(`compileFilter: ${attribute.name} is not traversable`);
  }
}

/** Whether `node` holds on a row whose every column is NULL (SQL three-valued logic). */
export function holdsOnNullRow(node: FilterNode): Truth {
  switch (node.kind) {
    case 'and': {
      const values = node.children.map(holdsOnNullRow);
      if (values.includes('false')) return 'false';
      return values.includes('unknown') ? 'unknown' : 'true';
    }
    case 'or': {
      const values = node.children.map(holdsOnNullRow);
      if (values.includes('true')) return 'true';
      return values.includes('unknown') ? 'unknown' : 'false';
    }
    case 'not': {
      const value = holdsOnNullRow(node.child);
      return value === 'unknown' ? 'unknown' : value === 'true' ? 'false' : 'true';
    }
    case 'compare':
      if (node.op === '$null') return node.value ? 'true' : 'false';
      if (node.op === '$notNull') return node.value ? 'false' : 'true';
      if ((node.op === '$eq' && node.value === null)) return 'true';
      if ((node.op === '$ne' && node.value === null)) return 'false';
      if (node.op === '$in' && (node.value as unknown[]).length === 0) return 'false';
      if (node.op === '$notIn' && (node.value as unknown[]).length === 0) return 'true';
      return 'unknown';
    case 'traverse':
      // A NULL parent has no related rows, so only the null-row branch can hold.
      return holdsOnNullRow(node.child) === 'true' ? 'true' : 'false';
  }
}
