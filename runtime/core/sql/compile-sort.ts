// Compiles validated sort items to an ORDER BY list. A path through relations or components sorts
// by a correlated subquery, so sorting by a to-many field never duplicates parent rows: ascending
// uses the smallest related value, descending the largest.
import type { SortItem } from '../query/ast';
import { attributeOf, type Shape } from '../model/schema-index';
import { fieldColumn } from './columns';
import { join, sql, type Sql } from './fragment';
import type { QueryContext } from './query-context';
import { traversalHop } from './compile-filter';

export function compileSort(items: readonly SortItem[], shape: Shape, alias: string, ctx: QueryContext): Sql[] {
  return items.map((item) => {
    const expr = sortExpression(item.path, item.order, shape, alias, ctx);
    return { text: `${expr.text} ${item.order === 'desc' ? 'DESC' : 'ASC'}`, params: expr.params };
  });
}

function sortExpression(path: readonly string[], order: 'asc' | 'desc', shape: Shape, alias: string, ctx: QueryContext): Sql {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    const field = fieldColumn(shape, head);
    if (!field) throw new Error(`compileSort: ${head} is not a scalar field`);
    return sql(`${alias}.${ctx.dialect.quote(field.column)}`);
  }
  const attribute = attributeOf(shape, head);
  if (!attribute) throw new Error(`compileSort: unknown attribute ${head}`);
  const hop = traversalHop(attribute, shape, alias, ctx);
  const inner = sortExpression(rest, order, hop.target, hop.alias, ctx);
  const aggregate = order === 'desc' ? 'MAX' : 'MIN';
  return join([sql(`(SELECT ${aggregate}(`), inner, sql(') FROM '), hop.from, sql(' WHERE '), hop.link, sql(')')], '');
}
