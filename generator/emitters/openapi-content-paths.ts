// The core routes of each content type served over REST (generator/emitters/rest-emitter.ts):
// list, find one, create, update, delete (collection types); find, update, delete (single types).
import type { ContentTypeMeta, SchemaMeta } from '../../runtime/core/model/types';
import type { ContentTypeQuerySpec, QuerySpecs } from '../../runtime/core/query/spec';
import { coreRoutes, servedContentTypes } from './rest-emitter';
import { documentEnvelope, errorRefs, jsonResponse, listEnvelope, type ErrorStatus } from './openapi-envelopes';
import { documentInput, documentSchema, type DocumentContext } from './openapi-documents';
import { tagOf, typeSchemaName } from './openapi-names';
import { documentIdParameter, documentParameters, listParameters } from './openapi-parameters';
import { object, type JsonObject, type SchemaRegistry } from './openapi-registry';
import { OPTIONAL_AUTH, PER_ROLE_NOTE } from './openapi-security';

/** Express `/articles/:id` → OpenAPI `/articles/{id}`. */
export const openapiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** `an Article`, `a Category`. */
const article = (name: string): string => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

const READ_ERRORS: ErrorStatus[] = ['400', '401', '403', '404', '500'];
const WRITE_ERRORS: ErrorStatus[] = ['400', '401', '403', '404', '413', '500'];

function operation(ct: ContentTypeMeta, action: string, summary: string, parts: JsonObject): JsonObject {
  return {
    operationId: `${action}${typeSchemaName(ct.uid)}`,
    tags: [tagOf(ct)],
    summary,
    description: `${PER_ROLE_NOTE} Permission: ${ct.actionPrefix}.${action}.`,
    security: OPTIONAL_AUTH,
    ...parts,
    // The runtime drops or opens this operation as src/api/<api>/routes configures the core router.
    'x-cms-gen-core-route': { uid: ct.uid, action },
  };
}

function requestBody(ctx: DocumentContext, ct: ContentTypeMeta, create: boolean): JsonObject {
  const name = `${typeSchemaName(ct.uid)}${create ? 'CreateRequest' : 'Request'}`;
  const schema = ctx.registry.ref(name, () => object({ data: documentInput(ctx, ct.uid, create) }, { required: ['data'] }));
  return { required: true, content: { 'application/json': { schema } } };
}

function operationsOf(ctx: DocumentContext, ct: ContentTypeMeta, spec: ContentTypeQuerySpec): Map<string, Map<string, JsonObject>> {
  const registry: SchemaRegistry = ctx.registry;
  const name = typeSchemaName(ct.uid);
  const document = documentSchema(ctx, ct.uid);
  const one = jsonResponse(`The ${ct.displayName} document.`, documentEnvelope(registry, name, document));
  const single = ct.kind === 'singleType';
  const idParam = single ? [] : [documentIdParameter];
  const shape = documentParameters(spec, ct.draftAndPublish, registry);
  const byPath = new Map<string, Map<string, JsonObject>>();
  for (const route of coreRoutes(ct)) {
    let op: JsonObject;
    if (route.action === 'find' && !single) {
      op = operation(ct, 'find', `List ${ct.displayName} documents`, {
        parameters: listParameters(spec, ct.draftAndPublish, registry),
        responses: { '200': jsonResponse(`A page of ${ct.displayName} documents.`, listEnvelope(registry, name, document)), ...errorRefs(['400', '401', '403', '500']) },
      });
    } else if (route.action === 'find' || route.action === 'findOne') {
      op = operation(ct, route.action, single ? `Get the ${ct.displayName}` : `Get one ${ct.displayName} document`, { parameters: [...idParam, ...shape], responses: { '200': one, ...errorRefs(READ_ERRORS) } });
    } else if (route.action === 'create') {
      op = operation(ct, 'create', `Create ${article(ct.displayName)} document`, { parameters: shape, requestBody: requestBody(ctx, ct, true), responses: { '201': one, ...errorRefs(WRITE_ERRORS) } });
    } else if (route.action === 'update') {
      op = operation(ct, 'update', single ? `Create or update the ${ct.displayName}` : `Update ${article(ct.displayName)} document`, {
        parameters: [...idParam, ...shape],
        requestBody: requestBody(ctx, ct, false),
        responses: { '200': one, ...errorRefs(WRITE_ERRORS) },
      });
    } else {
      op = operation(ct, 'delete', single ? `Delete the ${ct.displayName}` : `Delete ${article(ct.displayName)} document`, {
        description: `${PER_ROLE_NOTE} Permission: ${ct.actionPrefix}.delete. Deleting a missing document also answers 204.`,
        parameters: [...idParam, ...(ct.draftAndPublish ? [{ $ref: '#/components/parameters/status' }] : []), ...(spec.localized ? [{ $ref: '#/components/parameters/locale' }] : [])],
        responses: { '204': { description: 'Deleted.' }, ...errorRefs(['400', '401', '403', '500']) },
      });
    }
    const path = openapiPath(route.path);
    const methods = byPath.get(path) ?? new Map<string, JsonObject>();
    methods.set(route.method.toLowerCase(), op);
    byPath.set(path, methods);
  }
  return byPath;
}

/** paths of every served content type, keyed by OpenAPI path (without the /api prefix). */
export function contentPaths(meta: SchemaMeta, specs: QuerySpecs, registry: SchemaRegistry): Map<string, Map<string, JsonObject>> {
  const ctx: DocumentContext = { meta, registry };
  const all = new Map<string, Map<string, JsonObject>>();
  for (const ct of servedContentTypes(meta)) {
    const spec = specs[ct.uid];
    if (!spec || spec.kind !== 'contentType') throw new Error(`openapi: no query spec for ${ct.uid}`);
    for (const [path, methods] of operationsOf(ctx, ct, spec)) all.set(path, methods);
  }
  return all;
}
