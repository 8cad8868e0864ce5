// Builds every controller and service of the app: the core ones of each content type (emitted),
// extended by the user's `createCoreController`/`createCoreService` files, plus the user's own
// controllers and services (`api::<api>.<name>`). An extension gets the default as its prototype,
// so `super.find(ctx)` and un-overridden actions reach the core implementation.
import { CustomizationError } from './errors';
import type { ContentApi } from './content-api';
import { isCoreController, isCoreService, isCoreRouter, type CoreControllerDescriptor, type CoreServiceDescriptor } from './factories';
import type { Registries, StrapiApp } from './strapi';
import type { UserFiles, UserModule } from './user-files';

type Kind = 'controller' | 'service';

/** `api::article.article` → `article` (the api folder its user files live in). */
export function apiNameOf(uid: string): string {
  return uid.slice('api::'.length, uid.indexOf('.'));
}

function extendCore(core: object, descriptor: CoreControllerDescriptor | CoreServiceDescriptor, module: UserModule, strapi: StrapiApp): object {
  if (!descriptor.extend) return core;
  const extension = descriptor.extend({ strapi, core: core as Record<string, never> });
  if (typeof extension !== 'object' || extension === null) throw new CustomizationError(`${module.label}: the function given to the factory must return an object of overrides`);
  Object.setPrototypeOf(extension, core);
  return extension;
}

/** A user module that is not a core factory: `({ strapi }) => ({ … })` or a plain object. */
function plainModule(module: UserModule, kind: Kind, strapi: StrapiApp): object {
  const value = typeof module.value === 'function' ? (module.value as (app: { strapi: StrapiApp }) => unknown)({ strapi }) : module.value;
  if (typeof value !== 'object' || value === null) {
    const factory = kind === 'controller' ? 'createCoreController' : 'createCoreService';
    throw new CustomizationError(`${module.label}: a ${kind} file must export factories.${factory}(uid, …), an object, or ({ strapi }) => object`);
  }
  return value;
}

function isCoreDescriptor(kind: Kind, value: unknown): value is CoreControllerDescriptor | CoreServiceDescriptor {
  return kind === 'controller' ? isCoreController(value) : isCoreService(value);
}

function build(kind: Kind, apis: readonly ContentApi[], files: UserFiles, strapi: StrapiApp, into: Map<string, unknown>): void {
  const coreByUid = new Map(apis.map((api) => [api.routes.uid, api]));
  const folder = kind === 'controller' ? 'controllers' : 'services';
  const userByUid = new Map<string, UserModule>();
  for (const api of files.apis) for (const module of api.folders[folder]) userByUid.set(`api::${api.api}.${module.name}`, module);
  for (const [uid, api] of coreByUid) {
    const core = kind === 'controller' ? api.controller({ strapi }) : api.service({ strapi });
    const module = userByUid.get(uid);
    if (!module) {
      into.set(uid, core);
      continue;
    }
    if (isCoreDescriptor(kind, module.value)) {
      if (module.value.uid !== uid) throw new CustomizationError(`${module.label}: extends ${module.value.uid}, but this file defines ${uid} (name the file after the content type it extends)`);
      into.set(uid, extendCore(core, module.value, module, strapi));
    } else {
      into.set(uid, plainModule(module, kind, strapi));
    }
  }
  for (const [uid, module] of userByUid) {
    if (coreByUid.has(uid)) continue;
    if (isCoreDescriptor(kind, module.value)) throw new CustomizationError(`${module.label}: ${module.value.uid} has no core ${kind} here: ${coreByUid.has(module.value.uid) ? `put it in ${folder}/${module.value.uid.split('.').pop()}` : 'it is not a content type of this app'}`);
    if (kind === 'controller' && isCoreRouter(module.value)) throw new CustomizationError(`${module.label}: exports a router; routers belong in routes/`);
    into.set(uid, plainModule(module, kind, strapi));
  }
}

/** Fills `registries` (services first: controllers may ask for them while they are built). */
export function buildRegistries(apis: readonly ContentApi[], files: UserFiles, strapi: StrapiApp, registries: Registries): void {
  build('service', apis, files, strapi, registries.services);
  build('controller', apis, files, strapi, registries.controllers);
}
