// The `strapi` object handed to user code (src/index.ts hooks, controller and service factories,
// policies, middlewares), named and shaped as in Strapi so a Strapi developer's code ports:
// `strapi.documents(uid)` (typed from the app's src/content-types.ts), `strapi.documents.use(mw)`,
// `strapi.db.lifecycles.subscribe(...)`, `strapi.service(uid)`, `strapi.controller(uid)`,
// `strapi.config.get(path)`, `strapi.log`, `strapi.cron`. Everything here is a view of the one operation layer
// (`engine.documents`, `engine.hooks`), so what user code does goes through REST's path.
import type { AppConfig } from '../config/types';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { DocumentMiddleware, LifecycleSubscriber } from '@cms-gen/core/documents/types';
import type { TypedDocumentMiddleware, TypedLifecycleSubscriber } from '@cms-gen/core/documents/typed-hooks';
import type { ContentTypeUid, Registry } from '@cms-gen/types/typed-registry';
import { typedDocuments, type TypedDocuments } from '@cms-gen/core/documents/typed-service';
import type { ContentKind, CoreController, CoreService, KindRegistry, TypedCoreService } from './core-types';
import type { StrapiCron } from '@cms-gen/cron/types';

export interface StrapiLog {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface StrapiConfig {
  /** A setting by dotted path (`server.port`, `api.rest.defaultLimit`), or `fallback`. */
  get<T = unknown>(path: string, fallback?: T): T;
}

/** Whether `Types` is an app's registry (known uids) rather than the untyped default. */
type Known<Types extends Registry, Typed, Untyped> = string extends keyof Types ? Untyped : Typed;

/** Strapi 5's `strapi.documents`: the typed Document Service per uid, and its middlewares. */
export type StrapiDocuments<Types extends Registry = Registry> = TypedDocuments<Types> & {
  /**
   * Wraps every Document Service action of every type (REST, GraphQL and custom code); returns a
   * remover. The context is typed by uid and action: once `ctx.uid` and `ctx.action` are checked,
   * `ctx.params.data` is that type's create or update input.
   */
  use(middleware: Known<Types, TypedDocumentMiddleware<Types>, DocumentMiddleware>): () => void;
};

/** Strapi's `strapi.db.lifecycles`: before/after hooks of the content types' writes and reads, typed by the uids in `models`. */
export type StrapiDb<Types extends Registry = Registry> = Known<
  Types,
  { lifecycles: { subscribe<const U extends ContentTypeUid<Types> = ContentTypeUid<Types>>(subscriber: TypedLifecycleSubscriber<Types, U>): () => void } },
  // A type alias, not an interface: an untyped `strapi` stays comparable to the app's (`strapi as Strapi`).
  { lifecycles: { subscribe(subscriber: LifecycleSubscriber): () => void } }
>;

/** The core service of `U`: typed by its content type in an app's registry, untyped otherwise. */
export type CoreServiceOf<Kinds extends KindRegistry, Types extends Registry, U extends keyof Kinds & string> = Known<
  Types,
  U extends keyof Types ? TypedCoreService<Types, Kinds[U], U> : CoreService<Kinds[U]>,
  CoreService<Kinds[U]>
>;

/** A registry of the app's services, by uid: what user service files add to the core service. */
export type ServiceRegistry = Record<string, object>;

/** What the user's service file of `U` adds to its core service (nothing when it has none). */
export type ServiceExtra<Services extends ServiceRegistry, U extends string> = U extends keyof Services ? Services[U] : unknown;

export interface StrapiApp<Kinds extends KindRegistry = KindRegistry, Types extends Registry = Registry, Services extends ServiceRegistry = {}> {
  /** The Document Service of a content type, typed from the app's registry; trusted unless `auth` is passed. */
  documents: StrapiDocuments<Types>;
  db: StrapiDb<Types>;
  /**
   * The service registered under `uid`: its core service, typed by the content type (params, data and
   * the documents it answers), with the methods its service file adds, typed.
   */
  service<U extends keyof Kinds & string>(uid: U): CoreServiceOf<Kinds, Types, U> & ServiceExtra<Services, U>;
  service(uid: string): unknown;
  /** The controller registered under `uid`. */
  controller<U extends keyof Kinds & string>(uid: U): CoreController<Kinds[U]>;
  controller(uid: string): unknown;
  config: StrapiConfig;
  log: StrapiLog;
  /** Strapi's `strapi.cron`: `add(tasks)`, `remove(name)`, `jobs`; each run happens on one instance (docs/customization.md, "Cron tasks"). */
  cron: StrapiCron<StrapiApp<Kinds, Types, Services>>;
  /** The runtime's engine: schema, database, committed-write events. */
  engine: Engine;
}

/** Looks up a registered service or controller; a missing one is a programming error. */
export interface Registries {
  services: Map<string, unknown>;
  controllers: Map<string, unknown>;
}

function configGetter(config: AppConfig): StrapiConfig {
  return {
    get<T>(path: string, fallback?: T): T {
      let node: unknown = config;
      for (const key of path.split('.')) {
        if (typeof node !== 'object' || node === null || !(key in node)) return fallback as T;
        node = (node as Record<string, unknown>)[key];
      }
      return (node === undefined ? fallback : node) as T;
    },
  };
}

export function createStrapi(input: { engine: Engine; config: AppConfig; log: (line: string) => void; registries: Registries; cron: StrapiCron }): StrapiApp {
  const { registries } = input;
  const lookup = (map: Map<string, unknown>, kind: string, uid: string): unknown => {
    const found = map.get(uid);
    if (found === undefined) throw new Error(`strapi.${kind}('${uid}'): no ${kind} is registered under this uid (known: ${[...map.keys()].join(', ') || 'none'})`);
    return found;
  };
  const line = (level: string) => (message: string) => input.log(level === 'info' ? message : `${level}: ${message}`);
  const engine = input.engine;
  // The typed view is a cast of the engine's own function: the same services, no wrapper per call.
  const documents = Object.assign(typedDocuments<Registry>((uid) => engine.documents(uid)), {
    use: (middleware: DocumentMiddleware) => engine.hooks.use(middleware),
  });
  return {
    documents,
    db: { lifecycles: { subscribe: (subscriber: LifecycleSubscriber) => engine.hooks.subscribe(subscriber) } },
    service: ((uid: string) => lookup(registries.services, 'service', uid)) as StrapiApp['service'],
    controller: ((uid: string) => lookup(registries.controllers, 'controller', uid)) as StrapiApp['controller'],
    config: configGetter(input.config),
    log: { debug: line('debug'), info: line('info'), warn: line('warning'), error: line('error') },
    cron: input.cron as StrapiCron<StrapiApp>,
    engine: input.engine,
  };
}

export type { ContentKind };
