// The content API's routes: per api, the custom routes first (so `/articles/featured` is not
// taken for `/articles/:id`), then the core routes the core-router configuration keeps. They run
// from one pre-compiled route table (runtime/http/route-table.ts), not an Express Router.
import express, { type RequestHandler } from 'express';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import { RouteTable } from '../http/route-table';
import type { PathMatcher } from '../http/router-index';
import { v4Transform } from '../http/v4-format';
import { CustomizationError } from './errors';
import { AllowedMethods } from './method-not-allowed';
import type { Action, CoreRoute } from './core-types';
import type { ContentApi } from './content-api';
import type { CoreRouterOptions } from './factories';
import { resolveMiddleware, resolvePolicy, type NamedModules } from './named-modules';
import { apiNameOf } from './registries';
import type { RouteConfig } from './route-config';
import type { ParsedRoutes } from './route-files';
import { routeHandler, type ResolvedRoute } from './run-route';
import type { Registries, StrapiApp } from './strapi';

export interface ContentRouterInput {
  apis: readonly ContentApi[];
  routes: ParsedRoutes;
  registries: Registries;
  modules: NamedModules;
  strapi: StrapiApp;
  schema: SchemaMeta;
  /** strapi::body's limits for the form and text bodies custom routes accept. */
  formLimit?: string | number;
  textLimit?: string | number;
}

/** Strapi's defaults for url-encoded forms and plain text (koa-body's 56kb). */
const DEFAULT_FORM_LIMIT = '56kb';
const DEFAULT_TEXT_LIMIT = '56kb';

/**
 * Every write route also reads url-encoded forms and plain text, as Strapi's body parser does
 * (JSON is read app-wide): a form's `data[title]=x` is `{ data: { title: 'x' } }`, and a form or
 * text body past its limit is Strapi's 413.
 */
function customBodyParsers(input: ContentRouterInput): RequestHandler[] {
  return [
    express.urlencoded({ extended: true, limit: input.formLimit ?? DEFAULT_FORM_LIMIT, parameterLimit: 1000 }),
    express.text({ limit: input.textLimit ?? DEFAULT_TEXT_LIMIT }),
  ];
}

function keptCoreRoutes(routes: readonly CoreRoute[], options: CoreRouterOptions): CoreRoute[] {
  return routes.filter((r) => (!options.only || options.only.includes(r.action)) && !options.except?.includes(r.action));
}

function actionOf(controller: object, name: string, where: string): Action {
  const action = (controller as Record<string, unknown>)[name];
  if (typeof action !== 'function') throw new CustomizationError(`${where}: the controller has no action "${name}"`);
  return action as Action;
}

function resolveConfig(config: RouteConfig | undefined, api: string, where: string, input: ContentRouterInput): Pick<ResolvedRoute, 'auth' | 'policies' | 'middlewares'> {
  return {
    auth: config?.auth,
    policies: (config?.policies ?? []).map((spec) => resolvePolicy(spec, input.modules, api, where, input.strapi)),
    middlewares: (config?.middlewares ?? []).map((spec) => resolveMiddleware(spec, input.modules, api, where, input.strapi)),
  };
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

/** Adds a route to the table (one entry per path: its methods share it) and to the 405 check. */
function mounter(table: RouteTable, allowed: AllowedMethods): (method: string, path: string, route: ResolvedRoute, before?: RequestHandler[]) => void {
  return (method, path, route, before = []) => {
    if (!METHODS.has(method)) throw new Error(`unsupported method ${method}`);
    allowed.add(method, path);
    table.add(method, path, [...before, routeHandler(route)]);
  };
}

export function buildContentRouter(input: ContentRouterInput): PathMatcher {
  const table = new RouteTable();
  const allowed = new AllowedMethods();
  const mount = mounter(table, allowed);
  const coreUids = new Set(input.apis.map((a) => a.routes.uid));
  const bodyParsers = customBodyParsers(input);
  for (const custom of input.routes.custom) {
    const controller = input.registries.controllers.get(custom.controllerUid);
    if (!controller) throw new CustomizationError(`${custom.label}: handler "${custom.route.handler}" names controller ${custom.controllerUid}, which does not exist`);
    const handler = actionOf(controller, custom.actionName, `${custom.label}: handler "${custom.route.handler}"`);
    mount(custom.route.method, custom.route.path, {
      action: custom.action,
      controller,
      handler,
      ...resolveConfig(custom.route.config, custom.api, custom.label, input),
      toV4: coreUids.has(custom.controllerUid) ? v4Transform(input.schema, custom.controllerUid) : undefined,
    }, ['POST', 'PUT', 'PATCH'].includes(custom.route.method) ? bodyParsers : []);
  }
  for (const api of input.apis) {
    const uid = api.routes.uid;
    const meta = input.schema.contentTypes[uid];
    const userConfig = input.routes.core.get(uid);
    const options = userConfig?.options ?? {};
    const where = userConfig?.label ?? `core routes of ${uid}`;
    const controller = input.registries.controllers.get(uid) as object;
    const toV4 = v4Transform(input.schema, uid);
    for (const core of keptCoreRoutes(api.routes.routes, options)) {
      mount(core.method, core.path, {
        action: `${meta.actionPrefix}.${core.action}`,
        controller,
        handler: actionOf(controller, core.action, `${where}: ${core.action}`),
        ...resolveConfig(options.config?.[core.action], apiNameOf(uid), `${where}: config.${core.action}`, input),
        toV4,
      }, core.method === 'POST' || core.method === 'PUT' ? bodyParsers : []);
    }
  }
  table.setFallback(allowed.handler());
  return table.handler();
}
