// Emits openapi.json at the app root: an OpenAPI 3.1 document of every route the app serves, with
// typed filters, populate, fields, sort and pagination per content type, request bodies, the
// response and error envelopes, and security. The runtime serves it at /api/openapi.json, adding
// the custom routes it finds at start (runtime/openapi). JSON has no comments: `x-generated-by`
// marks it as generated.
import type { SchemaMeta } from '../../runtime/core/model/types';
import { compileQuerySpecs } from '../../runtime/core/query/compile-specs';
import { compareText } from '../compare-text';
import { contentPaths } from './openapi-content-paths';
import { errorResponses } from './openapi-envelopes';
import { sharedParameters } from './openapi-parameters';
import { pluginPaths } from './openapi-plugin-paths';
import { SchemaRegistry, type JsonObject } from './openapi-registry';
import { SECURITY_SCHEMES } from './openapi-security';
import type { GeneratedFile } from './types';

export const OPENAPI_FILE = 'openapi.json';
export const OPENAPI_MARKER = 'cms-gen; do not edit';

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete', 'head'];

function sortedPaths(paths: Map<string, Map<string, JsonObject>>): JsonObject {
  const out: JsonObject = {};
  for (const path of [...paths.keys()].sort(compareText)) {
    const methods = paths.get(path) ?? new Map<string, JsonObject>();
    out[path] = Object.fromEntries([...methods.entries()].sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)));
  }
  return out;
}

/** The document as an object (tests and the runtime's merge of custom routes read it so). */
export function buildOpenapiDocument(meta: SchemaMeta): JsonObject {
  const specs = compileQuerySpecs(meta);
  const registry = new SchemaRegistry();
  const parameters = sharedParameters(registry);
  const paths = new Map([...contentPaths(meta, specs, registry), ...pluginPaths(meta, specs, registry)]);
  const responses = errorResponses(registry);
  return {
    openapi: '3.1.0',
    info: {
      title: 'cms-gen content API',
      version: '1.0.0',
      description:
        'REST content API of a cms-gen app (Strapi 5 compatible). Query parameters are written as qs writes them (filters[title][$eq]=x). ' +
        'Content routes are allowed or denied per role at run time: without a token the Public role applies.',
      'x-generated-by': OPENAPI_MARKER,
    },
    servers: [{ url: '/api' }],
    paths: sortedPaths(paths),
    components: { schemas: registry.sorted(), parameters, responses, securitySchemes: SECURITY_SCHEMES },
  };
}

export function emitOpenapi(meta: SchemaMeta): GeneratedFile[] {
  return [{ path: OPENAPI_FILE, contents: `${JSON.stringify(buildOpenapiDocument(meta), null, 2)}\n` }];
}
