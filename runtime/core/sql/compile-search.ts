// `_q`, Strapi's search parameter on list endpoints: a row matches when the text occurs, ignoring
// case, in its id or in any string-like attribute, and, when the text reads as a number, in a
// numeric attribute too. LIKE wildcards in the text match literally. Attributes marked
// `searchable: false` are skipped, and so are private ones (Strapi searches those; we do not, since
// whether a row matches would reveal what they hold).
import type { ScalarAttribute, ScalarType } from '../model/types';
import type { Shape } from '../model/schema-index';
import { join, sql, type Sql } from './fragment';
import type { Dialect } from './dialect';

const STRING_TYPES: ReadonlySet<ScalarType> = new Set<ScalarType>(['string', 'text', 'richtext', 'email', 'uid', 'enumeration']);
const NUMBER_TYPES: ReadonlySet<ScalarType> = new Set<ScalarType>(['integer', 'biginteger', 'float', 'decimal']);

/** Strapi's test: the text converts to a number (`42`, `-1.5`, `1e3`, `0x1f`). */
export function readsAsNumber(text: string): boolean {
  return text.trim() !== '' && !Number.isNaN(Number(text));
}

function searchedAttributes(shape: Shape, numeric: boolean): ScalarAttribute[] {
  return Object.values(shape.meta.attributes).filter(
    (a): a is ScalarAttribute => a.kind === 'scalar' && !a.private && a.searchable !== false && (STRING_TYPES.has(a.type) || (numeric && NUMBER_TYPES.has(a.type))),
  );
}

export function compileSearch(text: string, shape: Shape, alias: string, dialect: Dialect): Sql {
  const numeric = readsAsNumber(text);
  const matches: Sql[] = [dialect.ilike(dialect.asText(`${alias}.id`), text, 'contains')];
  for (const attribute of searchedAttributes(shape, numeric)) {
    const column = `${alias}.${dialect.quote(attribute.column)}`;
    matches.push(dialect.ilike(STRING_TYPES.has(attribute.type) ? column : dialect.asText(column), text, 'contains'));
  }
  return join([sql('('), join(matches, ' OR '), sql(')')], '');
}
