// Query parameters of the content routes, as `qs` writes them (`filters[title][$eq]=x`,
// `populate[author][fields][0]=name`): deepObject style for the nested ones.
import type { ContentTypeQuerySpec } from '../../runtime/core/query/spec';
import { typeSchemaName } from './openapi-names';
import { object, type JsonObject, type SchemaRegistry } from './openapi-registry';
import { filtersSchema } from './openapi-filters';
import { fieldsSchema, populateSchema, sortSchema } from './openapi-populate';

const deep = (name: string, description: string, schema: JsonObject): JsonObject => ({ name, in: 'query', required: false, style: 'deepObject', explode: true, description, schema });
const form = (name: string, description: string, schema: JsonObject): JsonObject => ({ name, in: 'query', required: false, style: 'form', explode: true, description, schema });

/** Parameters shared by every content type, as components.parameters. */
export function sharedParameters(registry: SchemaRegistry): JsonObject {
  const integerText = { type: 'integer' };
  const withCount: JsonObject = { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['t', '1', 'true', 'false', '0', 'f'] }] };
  return {
    pagination: deep(
      'pagination',
      'Page mode (page, pageSize) or offset mode (start, limit; limit=-1 for the maximum), never both. pageSize/limit are capped at api.rest.maxLimit. withCount=false leaves total and pageCount out.',
      registry.ref('Pagination', () => ({
        anyOf: [
          object({ page: { ...integerText, minimum: 1 }, pageSize: { ...integerText, minimum: 1 }, withCount }),
          object({ start: { ...integerText, minimum: 0 }, limit: { ...integerText, minimum: -1 }, withCount }),
        ],
      })),
    ),
    status: form('status', 'draft or published (default): which version of each document to read or write.', { type: 'string', enum: ['draft', 'published'] }),
    locale: form('locale', 'Locale code of the documents to read or write (default: the default locale); "*" lists every locale.', { type: 'string' }),
    _q: form('_q', 'Full-text search over the searchable text attributes.', { type: 'string' }),
  };
}

const sharedRef = (name: string): JsonObject => ({ $ref: `#/components/parameters/${name}` });

/** `fields` and `populate` of a content type: what every operation returning documents takes. */
function shapeParameters(spec: ContentTypeQuerySpec, registry: SchemaRegistry): JsonObject[] {
  return [
    form('fields', 'Fields to return, as a list (fields[0]=title) or a comma-separated string.', fieldsSchema(spec, registry)),
    deep('populate', 'Relations, media, components and dynamic zones to include: "*", names, a list, or the object form per attribute (populate[author][fields][0]=name, populate[sections][on][sections.hero][populate]=*).', populateSchema(spec, registry)),
  ];
}

/** Version parameters: status on draft & publish types, locale on localized ones. */
function versionParameters(spec: ContentTypeQuerySpec, draftAndPublish: boolean): JsonObject[] {
  return [...(draftAndPublish ? [sharedRef('status')] : []), ...(spec.localized ? [sharedRef('locale')] : [])];
}

export function listParameters(spec: ContentTypeQuerySpec, draftAndPublish: boolean, registry: SchemaRegistry): JsonObject[] {
  const name = typeSchemaName(spec.uid);
  return [
    deep('filters', `Conditions on ${name} (see ${name}Filters): filters[title][$eq]=x, filters[author][name][$containsi]=y, filters[$or][0][views][$gt]=5.`, filtersSchema(spec, registry)),
    ...shapeParameters(spec, registry),
    form('sort', `Sort terms (see ${name}Sort).`, sortSchema(spec, registry)),
    sharedRef('pagination'),
    ...versionParameters(spec, draftAndPublish),
    sharedRef('_q'),
  ];
}

export function documentParameters(spec: ContentTypeQuerySpec, draftAndPublish: boolean, registry: SchemaRegistry): JsonObject[] {
  return [...shapeParameters(spec, registry), ...versionParameters(spec, draftAndPublish)];
}

export const documentIdParameter: JsonObject = { name: 'id', in: 'path', required: true, description: 'The documentId.', schema: { type: 'string' } };
