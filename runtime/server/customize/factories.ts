// Strapi's `factories` (createCoreController, createCoreService, createCoreRouter) for user files.
// They only describe: the runtime finds the descriptors when it loads the user's files at start
// and builds the controllers and services then, once the app (`strapi`) exists.
//
// Calling the default: an override receives `core`, the default controller (or service) of the
// type, fully typed: `async find(ctx) { const res = await core.find(ctx); … }`. `super.find(ctx)`
// works as well, because the overrides object gets the default as its prototype (the mechanism
// Strapi uses), so code ported from Strapi runs unchanged; TypeScript types `super` in an object
// literal as `any`, which is why `core` is the documented way.
import type { Action, ContentKind, CoreController, CoreService, KindRegistry } from './core-types';
import type { RouteConfig } from './route-config';
import type { Registry } from '@cms-gen/types/typed-registry';
import type { ServiceRegistry, StrapiApp } from './strapi';

export type { KindRegistry } from './core-types';

export interface FactoryArgs<Core, Kinds extends KindRegistry = KindRegistry, Types extends Registry = Registry, Services extends ServiceRegistry = {}> {
  strapi: StrapiApp<Kinds, Types, Services>;
  /** The default implementation being extended (what `super` reaches). */
  core: Core;
}

/** Overrides and extra members; `this` is the resulting controller/service. */
export type Extension<Core, Extra> = Partial<Core> & Extra & ThisType<Core & Extra>;

/** A controller's overrides and added actions: every member is an action, typed from `ctx`. */
export type ControllerExtension<Core> = Extension<Core, Record<string, Action>>;

/** A service's overrides and added methods (added ones are typed by their own signatures). */
export type ServiceExtension<Core> = Extension<Core, Record<string, unknown>>;

/** What `createCoreService` returns; `Service` (the core service and what the file adds) is for the types only. */
export interface TypedCoreServiceDescriptor<Service> extends CoreServiceDescriptor {
  /** Never set: carries the service's type to the app's service registry (src/factories.ts). */
  readonly service?: Service;
}

/** The service a user service module describes (its default export), for the app's service registry. */
export type ServiceOf<Module> = Module extends { default: TypedCoreServiceDescriptor<infer Service> } ? Service : {};

export const CORE_CONTROLLER = Symbol.for('cms-gen.coreController');
export const CORE_SERVICE = Symbol.for('cms-gen.coreService');
export const CORE_ROUTER = Symbol.for('cms-gen.coreRouter');

export interface CoreControllerDescriptor {
  readonly [CORE_CONTROLLER]: true;
  readonly uid: string;
  readonly extend?: (args: FactoryArgs<Record<string, Action>>) => object;
}

export interface CoreServiceDescriptor {
  readonly [CORE_SERVICE]: true;
  readonly uid: string;
  readonly extend?: (args: FactoryArgs<Record<string, unknown>>) => object;
}

export interface CoreRouterOptions<Actions extends string = string> {
  /** Serve only these core actions. */
  only?: Actions[];
  /** Serve every core action but these. */
  except?: Actions[];
  /** Per-action route configuration. */
  config?: Partial<Record<Actions, RouteConfig>>;
}

export interface CoreRouterDescriptor {
  readonly [CORE_ROUTER]: true;
  readonly uid: string;
  readonly options: CoreRouterOptions;
}

type CoreActions<K extends ContentKind> = keyof CoreController<K> & string;

export interface Factories<Kinds extends KindRegistry, Types extends Registry = Registry, Services extends ServiceRegistry = {}> {
  createCoreController<U extends keyof Kinds & string>(uid: U, extend?: (args: FactoryArgs<CoreController<Kinds[U]>, Kinds, Types, Services>) => ControllerExtension<CoreController<Kinds[U]>>): CoreControllerDescriptor;
  /** The core service of `uid` with `extend`'s overrides and added methods; their types reach `strapi.service(uid)`. */
  createCoreService<U extends keyof Kinds & string, Extra extends object = {}>(
    uid: U,
    extend?: (args: FactoryArgs<CoreService<Kinds[U]>, Kinds, Types, Services>) => Extension<CoreService<Kinds[U]>, Extra>,
  ): TypedCoreServiceDescriptor<Extra>;
  createCoreRouter<U extends keyof Kinds & string>(uid: U, options?: CoreRouterOptions<CoreActions<Kinds[U]>>): CoreRouterDescriptor;
}

/** The factories bound to an app's content types (src/factories.ts calls this once). */
export function createFactories<Kinds extends KindRegistry, Types extends Registry = Registry, Services extends ServiceRegistry = {}>(): Factories<Kinds, Types, Services> {
  return {
    createCoreController: (uid, extend) => ({ [CORE_CONTROLLER]: true, uid, extend: extend as CoreControllerDescriptor['extend'] }),
    createCoreService: (uid, extend) => ({ [CORE_SERVICE]: true, uid, extend: extend as unknown as CoreServiceDescriptor['extend'] }),
    createCoreRouter: (uid, options = {}) => ({ [CORE_ROUTER]: true, uid, options: options as CoreRouterOptions }),
  };
}

export function isCoreController(value: unknown): value is CoreControllerDescriptor {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[CORE_CONTROLLER] === true;
}

export function isCoreService(value: unknown): value is CoreServiceDescriptor {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[CORE_SERVICE] === true;
}

export function isCoreRouter(value: unknown): value is CoreRouterDescriptor {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[CORE_ROUTER] === true;
}
