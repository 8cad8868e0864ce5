// `populate`, `fields` and `sort` as JSON Schema, per query target. Strings and lists name
// attributes (dots nest), the object form gives each relation its own fields, filters, sort and
// populate, and a dynamic zone its per-component `on`.
import { QUERY_ARRAY_LIMIT } from '../../runtime/core/query/parse-query-string';
import type { QuerySpec } from '../../runtime/core/query/spec';
import { typeSchemaName } from './openapi-names';
import { object, type JsonObject, type SchemaRegistry } from './openapi-registry';
import { filtersSchema } from './openapi-filters';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A comma-separated list of `term`s, as the runtime splits it (each part trimmed). */
const listPattern = (term: string): string => `^\\s*${term}\\s*(?:,\\s*${term}\\s*)*$`;

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
        { type: 'array', items: { type: 'string', enum: names }, maxItems: QUERY_ARRAY_LIMIT },
        { type: 'string', pattern: listPattern(one) },
      ],
    };
    return schema;
  });
}

const DIRECTION = '(?::(?:asc|desc|ASC|DESC))?';
const alternatives = (names: string[]): string => `(?:${names.map(escapeRegex).join('|')})`;

/** Sortable fields, and the attributes a sort path may cross (relations, media, components). */
function sortNames(spec: QuerySpec): { fields: string[]; hops: [string, QuerySpec][] } {
  const fields: string[] = [];
  const hops: [string, QuerySpec][] = [];
  for (const [key, entry] of Object.entries(spec.entries)) {
    if (entry.kind === 'field' && entry.sortable) fields.push(key);
    else if (entry.kind === 'relation' || entry.kind === 'media' || entry.kind === 'component') hops.push([key, entry.target]);
  }
  return { fields, hops };
}

/** The object form: { title: 'asc' }, nested through relations ({ author: { name: 'desc' } }). */
function sortObject(spec: QuerySpec, registry: SchemaRegistry): JsonObject {
  return registry.ref(`${typeSchemaName(spec.uid)}SortObject`, () => {
    const { fields, hops } = sortNames(spec);
    const properties: JsonObject = {};
    for (const field of fields) properties[field] = { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] };
    for (const [key, target] of hops) properties[key] = sortObject(target, registry);
    return object(properties);
  });
}

/**
 * `sort` of `spec`: a string of terms ("title", "title:desc", "title:asc,views:desc"; a path
 * crossing a relation or component, "author.name:desc", is checked on its first step), a list of
 * terms or objects, or the object form.
 */
export function sortSchema(spec: QuerySpec, registry: SchemaRegistry): JsonObject {
  return registry.ref(`${typeSchemaName(spec.uid)}Sort`, () => {
    const { fields, hops } = sortNames(spec);
    const steps = [...(fields.length ? [alternatives(fields)] : []), ...(hops.length ? [`${alternatives(hops.map(([key]) => key))}\\.[A-Za-z0-9_.-]+`] : [])];
    const term = `(?:${steps.join('|')})${DIRECTION}`;
    const text: JsonObject = { type: 'string', pattern: listPattern(term) };
    const objectForm = sortObject(spec, registry);
    return {
      description: `Sort of ${spec.uid}: "title", "title:desc", "title:asc,views:desc", ["views:desc", "title"], { title: "asc" }; paths may cross relations ("author.name:desc").`,
      anyOf: [text, { type: 'array', items: { anyOf: [text, objectForm] }, maxItems: QUERY_ARRAY_LIMIT }, objectForm],
    };
  });
}

/** `true` / `'*'` (qs sends 'true'): populate with defaults. */
const POPULATE_ALL: JsonObject = { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['*', 'true', 'false'] }] };

/** Attributes `populate` may name on `spec` (relations, media, components, dynamic zones, localizations). */
function populatableNames(spec: QuerySpec): string[] {
  const names = Object.entries(spec.entries)
    .filter(([, entry]) => entry.kind === 'relation' || entry.kind === 'media' || entry.kind === 'component' || entry.kind === 'dynamiczone')
    .map(([key]) => key);
  return spec.kind === 'contentType' && spec.localized ? [...names, 'localizations'] : names;
}

/** "*", or attribute names separated by commas (dots nest: "seo.meta_social", checked on the first step). */
function populateString(spec: QuerySpec): JsonObject {
  const names = populatableNames(spec);
  if (names.length === 0) return { type: 'string', enum: ['*'] };
  const one = `${alternatives(names)}(?:\\.[A-Za-z0-9_.-]+)?`;
  return { type: 'string', pattern: `^\\s*\\*\\s*$|${listPattern(one)}`, description: '"*" (one level of everything), or attribute names separated by commas; dots nest ("seo.meta_social").' };
}

/** What a populated attribute of `target` may say about its own level. */
function fragment(target: QuerySpec, registry: SchemaRegistry, relation: { sortable: boolean; count: boolean }): JsonObject {
  const properties: JsonObject = { fields: fieldsSchema(target, registry), populate: populateSchema(target, registry) };
  if (relation.sortable) {
    properties.filters = filtersSchema(target, registry);
    properties.sort = sortSchema(target, registry);
  }
  if (relation.count) properties.count = POPULATE_ALL;
  return { anyOf: [POPULATE_ALL, object(properties)] };
}

/** The object form of `populate` for `spec`, named `<Type>PopulateObject`. */
function populateObject(spec: QuerySpec, registry: SchemaRegistry): JsonObject {
  return registry.ref(`${typeSchemaName(spec.uid)}PopulateObject`, () => {
    const properties: JsonObject = {};
    for (const [key, entry] of Object.entries(spec.entries)) {
      // `count` as the runtime reads it: counts on relations (a to-one counts 0 or 1) and
      // components, accepted and ignored on media and dynamic zones (Strapi 5.54).
      if (entry.kind === 'relation') properties[key] = fragment(entry.target, registry, { sortable: true, count: true });
      else if (entry.kind === 'component') properties[key] = fragment(entry.target, registry, { sortable: false, count: true });
      else if (entry.kind === 'media') properties[key] = fragment(entry.target, registry, { sortable: false, count: true });
      else if (entry.kind === 'dynamiczone') {
        const on: JsonObject = {};
        for (const component of entry.components) on[component.uid] = fragment(component, registry, { sortable: false, count: false });
        properties[key] = { anyOf: [POPULATE_ALL, object({ on: object(on), populate: { type: 'string', enum: ['*'] }, count: POPULATE_ALL })] };
      } else if (entry.kind === 'morph') {
        // A polymorphic relation: true/"*", `on` naming the content types to list, or `count`.
        properties[key] = { anyOf: [POPULATE_ALL, object({ on: object({}, { closed: false }), count: POPULATE_ALL })] };
      }
    }
    if (spec.kind === 'contentType' && spec.localized) properties.localizations = fragment(spec, registry, { sortable: true, count: false });
    return object(properties, { description: `Per attribute of ${spec.uid}: true/"*", or what to return of it.` });
  });
}

/** `populate` of `spec`: "*", names, a list of names, or the object form. */
export function populateSchema(spec: QuerySpec, registry: SchemaRegistry): JsonObject {
  return registry.ref(`${typeSchemaName(spec.uid)}Populate`, () => ({
    anyOf: [POPULATE_ALL, populateString(spec), { type: 'array', items: populateString(spec), maxItems: QUERY_ARRAY_LIMIT }, populateObject(spec, registry)],
  }));
}
