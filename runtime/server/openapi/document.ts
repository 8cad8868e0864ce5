// The OpenAPI document an app serves: the openapi.json the build emitted at the app root, with the
// REST prefix the configuration sets and the custom routes the user added (src/api/*/routes/*),
// which only exist once runtime/customize has read them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoreRouterOptions } from '../customize/factories';
import type { ParsedCustomRoute } from '../customize/route-files';

export type JsonObject = { [key: string]: unknown };

export const OPENAPI_FILE = 'openapi.json';

/** The emitted document, or undefined (with the reason) when the app root has none or it is not JSON. */
export function readOpenapiFile(appDir: string): { document: JsonObject } | { missing: string } {
  const path = join(appDir, OPENAPI_FILE);
  if (!existsSync(path)) return { missing: `${path} does not exist (run cms-gen build)` };
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { missing: `${path} is not an OpenAPI document` };
    return { document: parsed as JsonObject };
  } catch (err) {
    return { missing: `${path} is not valid JSON: ${(err as Error).message}` };
  }
}

const PER_ROLE_SECURITY = [{}, { bearerJWT: [] }, { apiToken: [] }];

/** Express `/articles/:id` → OpenAPI `/articles/{id}`, with its path parameters. */
function templateOf(path: string): { path: string; parameters: JsonObject[] } {
  const parameters: JsonObject[] = [];
  const template = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    return `{${name}}`;
  });
  return { path: template, parameters };
}

/** The operation of one custom route: its permission, and the generic envelope (its controller decides the shape). */
export function customOperation(custom: ParsedCustomRoute, parameters: JsonObject[]): JsonObject {
  const auth = custom.route.config?.auth;
  const isPublic = auth === false;
  const actions = auth ? auth.scope : [custom.action];
  const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
  return {
    operationId: `${custom.actionName}${custom.controllerUid.replace(/^api::/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: ['Custom routes'],
    summary: `${custom.route.method} ${custom.route.path} (${custom.route.handler})`,
    description: isPublic
      ? `Custom route from ${custom.label}; public (config.auth: false).`
      : `Custom route from ${custom.label}. Allowed per role at run time; permission: ${actions.join(', ')}. The response is whatever its controller returns (usually { data, meta }).`,
    security: isPublic ? [] : PER_ROLE_SECURITY,
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {
      '200': { description: 'The controller\'s answer.', content: { 'application/json': { schema: { type: 'object', properties: { data: {}, meta: { type: 'object' } } } } } },
      '400': errorRef('BadRequest'),
      ...(isPublic ? {} : { '401': errorRef('Unauthorized'), '403': errorRef('Forbidden') }),
      '404': errorRef('NotFound'),
      '500': errorRef('InternalServerError'),
    },
  };
}

/** What the app's route files change in the served document. */
export interface RouteCustomization {
  custom: readonly ParsedCustomRoute[];
  /** Core-router options by content-type uid (only/except drop operations, `auth: false` opens one). */
  core: ReadonlyMap<string, CoreRouterOptions>;
}

function coreRouteOf(operation: unknown): { uid: string; action: string } | undefined {
  const marker = typeof operation === 'object' && operation !== null ? (operation as JsonObject)['x-cms-gen-core-route'] : undefined;
  if (typeof marker !== 'object' || marker === null) return undefined;
  const { uid, action } = marker as JsonObject;
  return typeof uid === 'string' && typeof action === 'string' ? { uid, action } : undefined;
}

/** Applies the core routers' only/except and `auth: false` to the emitted core operations. */
function applyCoreRouters(paths: Record<string, Record<string, unknown>>, core: ReadonlyMap<string, CoreRouterOptions>): void {
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const route = coreRouteOf(operation);
      const options = route && core.get(route.uid);
      if (!route || !options) continue;
      if ((options.only && !options.only.includes(route.action)) || options.except?.includes(route.action)) delete methods[method];
      else if (options.config?.[route.action]?.auth === false) methods[method] = { ...(operation as JsonObject), security: [] };
    }
    if (Object.keys(methods).length === 0) delete paths[path];
  }
}

/**
 * A copy of `document` serving under `prefix`, as the route files shape the app: core routes
 * left out or opened by their core router, custom routes added (they win over a core route on the
 * same path and method, as at run time).
 */
export function servedDocument(document: JsonObject, routes: RouteCustomization, prefix: string): JsonObject {
  const served = structuredClone(document);
  served.servers = [{ url: prefix }];
  const paths = (typeof served.paths === 'object' && served.paths !== null ? served.paths : {}) as Record<string, Record<string, unknown>>;
  applyCoreRouters(paths, routes.core);
  const customRoutes = routes.custom;
  for (const custom of customRoutes) {
    const { path, parameters } = templateOf(custom.route.path);
    paths[path] = { ...(paths[path] ?? {}), [custom.route.method.toLowerCase()]: customOperation(custom, parameters) };
  }
  served.paths = Object.fromEntries(Object.keys(paths).sort().map((key) => [key, paths[key]]));
  return served;
}
