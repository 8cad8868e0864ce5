// Which columns a read selects for a shape and how a row becomes a document: the output keys come
// in Strapi's order (id, documentId, then the requested `fields` in the order they were asked for,
// or else attributes in schema order, createdAt, updatedAt, publishedAt, locale), private
// attributes never leave the database layer.
import type { Row } from '@cms-gen/db/types';
import type { ScalarAttribute } from '../model/types';
import { decodeValue, type ColumnType } from '../sql/codec';
import type { Dialect } from '../sql/dialect';
import { allScalars, publicScalars, type Shape } from '../model/schema-index';
import type { Document } from './types';

export interface SelectedField {
  key: string;
  column: string;
  type: ColumnType;
}

const TIMESTAMPS: SelectedField[] = [
  { key: 'createdAt', column: 'created_at', type: 'datetime' },
  { key: 'updatedAt', column: 'updated_at', type: 'datetime' },
  { key: 'publishedAt', column: 'published_at', type: 'datetime' },
];

const asField = (attr: ScalarAttribute): SelectedField => ({ key: attr.name, column: attr.column, type: attr.type });

/**
 * The fields a read returns. `fields` (validated names) narrows them; id and documentId are always
 * there. `includePrivate` is for internal reads (e.g. login compares the password hash).
 */
export function selectedFields(shape: Shape, fields?: readonly string[], includePrivate = false): SelectedField[] {
  // Every read asks for the same few field lists: build each once per shape.
  const key = `${includePrivate ? '+' : ''}${fields ? fields.join(',') : '*'}`;
  let perShape = fieldCache.get(shape.meta);
  if (!perShape) fieldCache.set(shape.meta, (perShape = new Map()));
  let cached = perShape.get(key);
  if (!cached) {
    if (perShape.size > 200) perShape.clear();
    perShape.set(key, (cached = computeSelectedFields(shape, fields, includePrivate)));
  }
  return cached;
}

const fieldCache = new WeakMap<object, Map<string, SelectedField[]>>();

function computeSelectedFields(shape: Shape, fields?: readonly string[], includePrivate = false): SelectedField[] {
  const out: SelectedField[] = [{ key: 'id', column: 'id', type: 'id' }];
  const scalars = (includePrivate ? allScalars(shape) : publicScalars(shape)).map(asField);
  if (shape.kind === 'component') return [...out, ...pick(scalars, fields)];
  out.push({ key: 'documentId', column: 'document_id', type: 'documentId' });
  const system = shape.meta.localized ? [...TIMESTAMPS, { key: 'locale', column: 'locale', type: 'locale' as const }] : TIMESTAMPS;
  return [...out, ...pick([...scalars, ...system], fields)];
}

/** Every field in schema order, or the requested ones in request order (as Strapi writes them). */
function pick(available: SelectedField[], fields?: readonly string[]): SelectedField[] {
  if (!fields) return available;
  const byKey = new Map(available.map((f) => [f.key, f]));
  const picked = fields.map((name) => byKey.get(name)).filter((f): f is SelectedField => f !== undefined);
  return [...new Set(picked)];
}

/**
 * `fields` with the document's own attributes a read sorts by added, where Strapi 5.54 returns them:
 * its query selects DISTINCT rows when it joins another table, and adds the columns it sorts by to
 * that select, so they come back too. It joins for a list whose filters go through a relation or
 * component, and for every relation it populates (through the link table):
 * `/api/pas?filters[location][code][$eq]=ESP&sort=area&fields[0]=name` answers `area` too, and so
 * does `populate[categories][sort]=slug&populate[categories][fields][0]=name` with `slug` (side by
 * side on SkyTruth's and buchanan-solutions' schemas, test/skytruth and test/buchanan). A sort
 * with any key through a relation or component adds nothing, not even its own attributes' columns:
 * Strapi then sorts in a subquery and selects only the requested fields (`sort=owner.name,title`
 * with `fields=contact` answers `contact` alone).
 */
export function withSortedFields(fields: readonly string[] | undefined, sort: readonly { path: readonly string[] }[] | undefined): string[] | undefined {
  if (!fields || !sort || sort.length === 0 || sort.some((item) => item.path.length > 1)) return fields as string[] | undefined;
  const added = sort.filter((item) => item.path.length === 1 && !fields.includes(item.path[0])).map((item) => item.path[0]);
  return added.length > 0 ? [...new Set([...fields, ...added])] : (fields as string[]);
}

/** `t1."col" AS "col", ...` for the selected fields (bigints cast where the driver would round them). */
export function selectList(fields: readonly SelectedField[], alias: string, dialect: Dialect): string {
  const key = `${dialect.name}:${alias}`;
  let perFields = selectListCache.get(fields);
  if (!perFields) selectListCache.set(fields, (perFields = new Map()));
  let text = perFields.get(key);
  if (text === undefined) perFields.set(key, (text = buildSelectList(fields, alias, dialect)));
  return text;
}

// Keyed by the (cached, hence stable) field arrays of selectedFields.
const selectListCache = new WeakMap<readonly SelectedField[], Map<string, string>>();

function buildSelectList(fields: readonly SelectedField[], alias: string, dialect: Dialect): string {
  return fields
    .map((f) => {
      const column = `${alias}.${dialect.quote(f.column)}`;
      const expr = f.type === 'biginteger' ? dialect.selectBigint(column) : column;
      return `${expr} AS ${dialect.quote(f.column)}`;
    })
    .join(', ');
}

export function toDocument(row: Row, fields: readonly SelectedField[]): Document {
  let mapper = rowMappers.get(fields);
  if (typeof mapper !== 'function') {
    // Compiled on the third row of a field list: the lists a read keeps asking for (selectedFields
    // caches them) get one, a list seen once or twice does not pay for a compilation.
    const seen = (mapper ?? 0) + 1;
    if (seen < COMPILE_AFTER) {
      rowMappers.set(fields, seen);
      return decodeRow(row, fields);
    }
    mapper = compileRowMapper(fields);
    rowMappers.set(fields, mapper);
  }
  return mapper(row);
}

function decodeRow(row: Row, fields: readonly SelectedField[]): Document {
  const doc: Document = {};
  for (const f of fields) doc[f.key] = decodeValue(f.type, row[f.column]);
  return doc;
}

type RowMapper = (row: Row) => Document;

const COMPILE_AFTER = 3;

/** Per (cached) field list: its compiled mapper, or how many rows it mapped so far. */
const rowMappers = new WeakMap<readonly SelectedField[], RowMapper | number>();

/** Column types whose driver value is the API value as it is (decodeValue's default branch), null aside. */
const AS_IS = new Set<ColumnType>(['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration', 'documentId', 'locale']);

/**
 * decodeRow for one field list as one function building one object literal: the document gets its
 * final shape at once instead of one property at a time, which makes it cheaper to build and to
 * serialize (a get-one spent about 4 µs mapping its row; docs/benchmarks.md, "get-one"). Same
 * keys in the same order, same values (decodeValue for every type it changes). A key an object
 * literal would read differently (`__proto__`) keeps decodeRow.
 */
function compileRowMapper(fields: readonly SelectedField[]): RowMapper {
  if (fields.some((f) => f.key === '__proto__')) return (row) => decodeRow(row, fields);
  const entries = fields.map((f, i) => {
    const value = `row[${JSON.stringify(f.column)}]`;
    let expr: string;
    if (AS_IS.has(f.type)) expr = `(v = ${value}) === undefined ? null : v`;
    else if (f.type === 'id' || f.type === 'integer') expr = `typeof (v = ${value}) === 'number' ? v : decode(types[${i}], v)`;
    else expr = `decode(types[${i}], ${value})`;
    return `${JSON.stringify(f.key)}: ${expr}`;
  });
  const build = new Function('decode', 'types', `return function mapRow(row) { let v; return { ${entries.join(', ')} }; };`) as (decode: typeof decodeValue, types: ColumnType[]) => RowMapper;
  return build(decodeValue, fields.map((f) => f.type));
}
