// `populate`, `fields` and `sort` as JSON Schema, per query target. Strings and lists name
// attributes (dots nest), the object form gives each relation its own fields, filters, sort and
// populate, and a dynamic zone its per-component `on`.
import type { QuerySpec } from '../../runtime/query/spec';
import { typeSchemaName } from './openapi-names';
import { object, type JsonObject, type SchemaRegistry } from './openapi-registry';
import { filtersSchema } from './openapi-filters';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names of the fields `fields` may list (scalars and system fields that are not hidden). */
function fieldNames(spec: QuerySpec): string[] {
  return Object.entries(spec.entries)
    .filter(([, entry]) => entry.kind === 'field')
    .map(([key]) => key);
}

/** `fields`: a list of field names, or one comma-separated string. */
export function fieldsSchema(spec: QuerySpec, registry: SchemaRegistry): JsonObject {
  return registry.ref(`${typeSchemaName(spec.uid)}Fields`, () => {
    const names = fieldNames(spec);
    const one = `(?:${names.map(escapeRegex).join('|')})`;
    const schema: JsonObject = {
      description: `Fields of ${spec.uid} to return (id and documentId always are).`,
      anyOf: [
        { type: 'array', items: { type: 'string', enum: names } },
        { type: 'string', pattern: `^${one}(?:,${one})*$` },
      ],
    };
    return schema;
  });
}

/** One sort term: `attr`, `attr:asc|desc`, a dotted path through relations and components. */
const SORT_TERM = '[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*(?::(?:asc|desc|ASC|DESC))?';
const SORT_STRING: JsonObject = { type: 'string', pattern: `^${SORT_TERM}(?:,${SORT_TERM})*$` };
const SORT_OBJECT: JsonObject = {
  type: 'object',
  description: 'Attribute → asc|desc, nested through relations ({ author: { name: "desc" } }).',
  additionalProperties: { anyOf: [{ type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] }, { $ref: '#/components/schemas/SortObject' }] },
};

/** `sort`: a string of terms, a list of them, or the object form. */
export function sortSchema(registry: SchemaRegistry): JsonObject {
  registry.ref('SortObject', () => SORT_OBJECT);
  return registry.ref('Sort', () => ({
    description: 'Sort terms: "title", "title:desc", "title:asc,views:desc", ["views:desc", "title"], or { title: "asc" }. Paths may cross relations ("author.name:desc").',
    anyOf: [SORT_STRING, { type: 'array', items: { anyOf: [SORT_STRING, { $ref: '#/components/schemas/SortObject' }] } }, { $ref: '#/components/schemas/SortObject' }],
  }));
}

/** `true` / `'*'` (qs sends 'true'): populate with defaults. */
const POPULATE_ALL: JsonObject = { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['*', 'true', 'false'] }] };
const POPULATE_STRING: JsonObject = { type: 'string', description: '"*" (one level of everything), or attribute names separated by commas; dots nest ("seo.meta_social").' };

/** What a populated attribute of `target` may say about its own level. */
function fragment(target: QuerySpec, registry: SchemaRegistry, relation: { sortable: boolean; count: boolean }): JsonObject {
  const properties: JsonObject = { fields: fieldsSchema(target, registry), populate: populateSchema(target, registry) };
  if (relation.sortable) {
    properties.filters = filtersSchema(target, registry);
    properties.sort = sortSchema(registry);
  }
  if (relation.count) properties.count = POPULATE_ALL;
  return { anyOf: [POPULATE_ALL, object(properties)] };
}

/** The object form of `populate` for `spec`, named `<Type>PopulateObject`. */
function populateObject(spec: QuerySpec, registry: SchemaRegistry): JsonObject {
  return registry.ref(`${typeSchemaName(spec.uid)}PopulateObject`, () => {
    const properties: JsonObject = {};
    for (const [key, entry] of Object.entries(spec.entries)) {
      if (entry.kind === 'relation') properties[key] = fragment(entry.target, registry, { sortable: true, count: entry.toMany });
      else if (entry.kind === 'component') properties[key] = fragment(entry.target, registry, { sortable: false, count: false });
      else if (entry.kind === 'media') properties[key] = fragment(entry.target, registry, { sortable: false, count: false });
      else if (entry.kind === 'dynamiczone') {
        const on: JsonObject = {};
        for (const component of entry.components) on[component.uid] = fragment(component, registry, { sortable: false, count: false });
        properties[key] = { anyOf: [POPULATE_ALL, object({ on: object(on), populate: { type: 'string', enum: ['*'] } })] };
      }
    }
    if (spec.kind === 'contentType' && spec.localized) properties.localizations = fragment(spec, registry, { sortable: true, count: false });
    return object(properties, { description: `Per attribute of ${spec.uid}: true/"*", or what to return of it.` });
  });
}

/** `populate` of `spec`: "*", names, a list of names, or the object form. */
export function populateSchema(spec: QuerySpec, registry: SchemaRegistry): JsonObject {
  return registry.ref(`${typeSchemaName(spec.uid)}Populate`, () => ({
    anyOf: [POPULATE_ALL, POPULATE_STRING, { type: 'array', items: { type: 'string' } }, populateObject(spec, registry)],
  }));
}
