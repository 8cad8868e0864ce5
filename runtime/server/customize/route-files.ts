// Reads the route files of each api (src/api/<api>/routes/*): a core-router configuration
// (`factories.createCoreRouter(uid, { only, except, config })`) or custom routes
// (`{ routes: [{ method, path, handler, config }] }`). Only their shape is checked here, before
// the app exists; handlers, policies and middlewares are resolved when the routes are built.
import { CustomizationError } from './errors';
import type { ContentApi } from './content-api';
import { isCoreRouter, type CoreRouterOptions } from './factories';
import type { CustomRoute, RouteConfig } from './route-config';
import type { UserFiles } from './user-files';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
const ROUTER_OPTIONS = new Set(['only', 'except', 'config']);
const CONFIG_KEYS = new Set(['auth', 'policies', 'middlewares']);

export interface CoreRouterConfig {
  label: string;
  options: CoreRouterOptions;
}

export interface ParsedCustomRoute {
  label: string;
  api: string;
  route: CustomRoute;
  /** The controller the handler names (`api::article.article`) and its action (`featured`). */
  controllerUid: string;
  actionName: string;
  /** Permission action uid: `api::article.article.featured`. */
  action: string;
}

export interface ParsedRoutes {
  /** Core-router configuration by content-type uid. */
  core: Map<string, CoreRouterConfig>;
  custom: ParsedCustomRoute[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkConfig(config: unknown, where: string): RouteConfig | undefined {
  if (config === undefined) return undefined;
  if (!isObject(config)) throw new CustomizationError(`${where}: config must be an object { auth, policies, middlewares }`);
  for (const key of Object.keys(config)) if (!CONFIG_KEYS.has(key)) throw new CustomizationError(`${where}: unknown config key "${key}" (expected auth, policies, middlewares)`);
  const auth = config.auth;
  if (auth !== undefined && auth !== false && !(isObject(auth) && Array.isArray(auth.scope) && auth.scope.every((s) => typeof s === 'string'))) {
    throw new CustomizationError(`${where}: config.auth must be false or { scope: ['<action uid>', …] }`);
  }
  for (const list of ['policies', 'middlewares'] as const) {
    if (config[list] !== undefined && !Array.isArray(config[list])) throw new CustomizationError(`${where}: config.${list} must be an array`);
  }
  return config as RouteConfig;
}

/** `article.featured` (this api) or `api::article.article.featured` → controller uid and action. */
function parseHandler(handler: unknown, api: string, where: string): { controllerUid: string; actionName: string } {
  if (typeof handler !== 'string') throw new CustomizationError(`${where}: handler must be a string '<controller>.<action>'`);
  const full = /^(api::[a-z0-9_-]+\.[a-z0-9_-]+)\.([A-Za-z0-9_$]+)$/i.exec(handler);
  if (full) return { controllerUid: full[1], actionName: full[2] };
  const short = /^([a-z0-9_-]+)\.([A-Za-z0-9_$]+)$/i.exec(handler);
  if (short) return { controllerUid: `api::${api}.${short[1]}`, actionName: short[2] };
  throw new CustomizationError(`${where}: handler "${handler}" must be '<controller>.<action>' or 'api::<api>.<controller>.<action>'`);
}

function parseCustomRoute(value: unknown, api: string, where: string): ParsedCustomRoute {
  if (!isObject(value)) throw new CustomizationError(`${where}: a route must be an object { method, path, handler, config }`);
  const method = typeof value.method === 'string' ? value.method.toUpperCase() : undefined;
  if (!method || !METHODS.has(method)) throw new CustomizationError(`${where}: method must be one of ${[...METHODS].join(', ')} (got ${JSON.stringify(value.method)})`);
  if (typeof value.path !== 'string' || !value.path.startsWith('/')) throw new CustomizationError(`${where}: path must be a string starting with / (got ${JSON.stringify(value.path)})`);
  const { controllerUid, actionName } = parseHandler(value.handler, api, where);
  const config = checkConfig(value.config, where);
  const route: CustomRoute = { method: method as CustomRoute['method'], path: value.path, handler: value.handler as string, config };
  return { label: where, api, route, controllerUid, actionName, action: `${controllerUid}.${actionName}` };
}

function checkCoreRouter(options: CoreRouterOptions, actions: readonly string[], where: string): void {
  if (!isObject(options)) throw new CustomizationError(`${where}: createCoreRouter options must be an object { only, except, config }`);
  for (const key of Object.keys(options)) if (!ROUTER_OPTIONS.has(key)) throw new CustomizationError(`${where}: unknown createCoreRouter option "${key}" (expected only, except, config)`);
  const checkActions = (list: unknown, key: string) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) throw new CustomizationError(`${where}: ${key} must be an array of actions`);
    for (const action of list) if (!actions.includes(action as string)) throw new CustomizationError(`${where}: ${key} names "${String(action)}", not a core action (${actions.join(', ')})`);
  };
  checkActions(options.only, 'only');
  checkActions(options.except, 'except');
  if (options.config !== undefined) {
    if (!isObject(options.config)) throw new CustomizationError(`${where}: config must be an object keyed by action`);
    checkActions(Object.keys(options.config), 'config');
    for (const [action, config] of Object.entries(options.config)) checkConfig(config, `${where}: config.${action}`);
  }
}

export function parseRouteFiles(files: UserFiles, apis: readonly ContentApi[]): ParsedRoutes {
  const coreActions = new Map(apis.map((api) => [api.routes.uid, [...new Set(api.routes.routes.map((r) => r.action))]]));
  const parsed: ParsedRoutes = { core: new Map(), custom: [] };
  for (const api of files.apis) {
    for (const module of api.folders.routes) {
      const value = module.value;
      if (isCoreRouter(value)) {
        const actions = coreActions.get(value.uid);
        if (!actions || !value.uid.startsWith(`api::${api.api}.`)) throw new CustomizationError(`${module.label}: createCoreRouter('${value.uid}') does not name a content type of api "${api.api}"`);
        if (parsed.core.has(value.uid)) throw new CustomizationError(`${module.label}: ${value.uid} already has a core router in ${parsed.core.get(value.uid)?.label}`);
        checkCoreRouter(value.options, actions, module.label);
        parsed.core.set(value.uid, { label: module.label, options: value.options });
      } else if (isObject(value) && Array.isArray(value.routes)) {
        value.routes.forEach((route, i) => parsed.custom.push(parseCustomRoute(route, api.api, `${module.label}: routes[${i}]`)));
      } else {
        throw new CustomizationError(`${module.label}: a routes file must export factories.createCoreRouter(uid, …) or { routes: [{ method, path, handler, config }] }`);
      }
    }
  }
  return parsed;
}

/** The permission actions custom routes add to the role permission tree, in file order. */
export function customActions(parsed: ParsedRoutes): string[] {
  return [...new Set(parsed.custom.map((route) => route.action))];
}
