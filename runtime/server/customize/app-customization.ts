// The user's customization of one app, from start-up to close:
//   load()      find and check the user files and config/middlewares (before the database opens,
//               so a broken file fails start-up at once, naming the file)
//   start()     build `strapi`, the controllers and services, and run src/index's register()
//   routes()    the content API router and the global middlewares
//   bootstrap() / destroy()   src/index's hooks
import type { RequestHandler } from 'express';
import type { PathMatcher } from '../http/router-index';
import type { AppConfig } from '../config/types';
import type { EnvSource } from '../config/env';
import type { Engine } from '@cms-gen/core/documents/operations';
import { buildContentRouter } from './content-router';
import type { ContentApi } from './content-api';
import type { CoreRouterOptions } from './factories';
import { CustomizationError } from './errors';
import { expressMiddleware } from './global-middleware';
import { readMiddlewaresConfig, type MiddlewaresConfig } from './middlewares-config';
import { namedModules, resolveMiddleware, type NamedModules } from './named-modules';
import { buildRegistries } from './registries';
import { customActions, parseRouteFiles, type ParsedCustomRoute, type ParsedRoutes } from './route-files';
import { createStrapi, type Registries, type StrapiApp } from './strapi';
import type { StrapiCron } from '@cms-gen/cron/types';
import { parseLifecycleFiles, type LifecycleFile } from './lifecycle-files';
import { loadUserFiles, type UserFiles } from './user-files';

type Hook = (app: { strapi: StrapiApp }) => unknown;

interface AppHooks {
  register?: Hook;
  bootstrap?: Hook;
  destroy?: Hook;
}

const HOOKS = ['register', 'bootstrap', 'destroy'] as const;

function appHooks(files: UserFiles): AppHooks {
  const index = files.index;
  if (!index) return {};
  const value = index.value;
  if (typeof value !== 'object' || value === null) throw new CustomizationError(`${index.label}: must export an object { register, bootstrap, destroy }`);
  const hooks: AppHooks = {};
  for (const [key, hook] of Object.entries(value)) {
    if (!(HOOKS as readonly string[]).includes(key)) throw new CustomizationError(`${index.label}: unknown export "${key}" (expected register, bootstrap, destroy)`);
    if (typeof hook !== 'function') throw new CustomizationError(`${index.label}: ${key} must be a function ({ strapi }) => …`);
    hooks[key as (typeof HOOKS)[number]] = hook as Hook;
  }
  return hooks;
}

export class AppCustomization {
  private strapi: StrapiApp | undefined;
  private readonly registries: Registries = { services: new Map(), controllers: new Map() };

  private constructor(
    private readonly apis: readonly ContentApi[],
    private readonly hooks: AppHooks,
    private readonly routeFiles: ParsedRoutes,
    private readonly modules: NamedModules,
    readonly middlewaresConfig: MiddlewaresConfig | undefined,
    private readonly files: UserFiles,
    private readonly lifecycles: readonly LifecycleFile[],
  ) {}

  /** Loads and checks the user files under `srcDir` (none when it is undefined) and config/middlewares. */
  static load(input: { srcDir?: string; appDir: string; apis: readonly ContentApi[]; contentTypeUids: ReadonlySet<string>; env?: EnvSource }): AppCustomization {
    const files: UserFiles = input.srcDir ? loadUserFiles(input.srcDir, input.appDir) : { apis: [], policies: [], middlewares: [] };
    const modules = namedModules(files);
    const middlewares = readMiddlewaresConfig(input.appDir, input.env);
    for (const entry of middlewares?.user ?? []) {
      if (!modules.middlewares.has(entry.name)) throw new CustomizationError(`${entry.where}: unknown middleware "${entry.name}" (known: ${[...modules.middlewares.keys()].join(', ') || 'none'})`);
    }
    return new AppCustomization(input.apis, appHooks(files), parseRouteFiles(files, input.apis), modules, middlewares, files, parseLifecycleFiles(files, input.contentTypeUids));
  }

  /** The custom routes of src/api/<api>/routes (the OpenAPI document lists them). */
  get customRoutes(): readonly ParsedCustomRoute[] {
    return this.routeFiles.custom;
  }

  /** The core-router options (only, except, per-action config) of each content type that has them. */
  get coreRouterOptions(): ReadonlyMap<string, CoreRouterOptions> {
    return new Map([...this.routeFiles.core].map(([uid, entry]) => [uid, entry.options]));
  }

  /** Permission actions of the custom routes (listed in the role permission tree). */
  get customActions(): string[] {
    return customActions(this.routeFiles);
  }

  /** Builds `strapi`, the services and controllers, then runs register(). */
  async start(input: { engine: Engine; config: AppConfig; log: (line: string) => void; cron: StrapiCron }): Promise<StrapiApp> {
    const strapi = createStrapi({ ...input, registries: this.registries });
    this.strapi = strapi;
    buildRegistries(this.apis, this.files, strapi, this.registries);
    for (const file of this.lifecycles) input.engine.hooks.subscribe(file.subscriber);
    await this.hooks.register?.({ strapi });
    return strapi;
  }

  private get app(): StrapiApp {
    if (!this.strapi) throw new Error('AppCustomization.start() must run first');
    return this.strapi;
  }

  /** The content API's router (custom and core routes) and the global middlewares. */
  routes(schema: Engine['schema'], log: (line: string) => void): { router: PathMatcher; middlewares: RequestHandler[] } {
    const strapi = this.app;
    const body = this.middlewaresConfig?.body;
    const router = buildContentRouter({ apis: this.apis, routes: this.routeFiles, registries: this.registries, modules: this.modules, strapi, schema, formLimit: body?.formLimit, textLimit: body?.textLimit });
    const middlewares = (this.middlewaresConfig?.user ?? []).map((entry) =>
      expressMiddleware(resolveMiddleware({ name: entry.name, config: entry.config }, this.modules, undefined, entry.where, strapi), `${entry.where} (${entry.name})`, log),
    );
    return { router, middlewares };
  }

  async bootstrap(): Promise<void> {
    await this.hooks.bootstrap?.({ strapi: this.app });
  }

  async destroy(): Promise<void> {
    if (this.strapi) await this.hooks.destroy?.({ strapi: this.strapi });
  }
}
