// Helpers shared by the plugin routes' paths (users & permissions, upload, i18n): operations,
// bodies, the query parameters of a plugin list.
import type { ContentTypeQuerySpec, QuerySpecs } from '../../runtime/core/query/spec';
import { filtersSchema } from './openapi-filters';
import { fieldsSchema, populateSchema, sortSchema } from './openapi-populate';
import { object, type JsonObject, type SchemaRegistry } from './openapi-registry';

export type Paths = Map<string, Map<string, JsonObject>>;

export function add(paths: Paths, path: string, method: string, op: JsonObject): void {
  const methods = paths.get(path) ?? new Map<string, JsonObject>();
  methods.set(method, op);
  paths.set(path, methods);
}

export const body = (schema: JsonObject): JsonObject => ({ required: true, content: { 'application/json': { schema } } });
export const str: JsonObject = { type: 'string' };
export const ok = object({ ok: { type: 'boolean', const: true } }, { required: ['ok'] });

export function spec(specs: QuerySpecs, uid: string): ContentTypeQuerySpec {
  const found = specs[uid];
  if (!found || found.kind !== 'contentType') throw new Error(`openapi: no query spec for ${uid}`);
  return found;
}

/** filters, fields, populate, sort and pagination of a plugin list (users, files). */
export function queryParameters(target: ContentTypeQuerySpec, registry: SchemaRegistry, list: boolean): JsonObject[] {
  const params: JsonObject[] = [
    { name: 'fields', in: 'query', style: 'form', explode: true, schema: fieldsSchema(target, registry) },
    { name: 'populate', in: 'query', style: 'deepObject', explode: true, schema: populateSchema(target, registry) },
  ];
  if (!list) return params;
  return [
    { name: 'filters', in: 'query', style: 'deepObject', explode: true, schema: filtersSchema(target, registry) },
    ...params,
    { name: 'sort', in: 'query', style: 'form', explode: true, schema: sortSchema(target, registry) },
    { $ref: '#/components/parameters/pagination' },
    // Strapi's users list also reads start/limit at the top level (?limit=2).
    { name: 'start', in: 'query', schema: { type: 'integer', minimum: 0 } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: -1 } },
  ];
}

export function op(tag: string, summary: string, security: JsonObject[], parts: JsonObject, description?: string): JsonObject {
  return { tags: [tag], summary, ...(description ? { description } : {}), security, ...parts };
}

export const idParam: JsonObject = { name: 'id', in: 'path', required: true, schema: str };
