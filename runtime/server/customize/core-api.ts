// The core REST layer of a content type (Strapi's core controller, service and routes) and its
// filter/populate compiler, written once for every type. A generated app binds them to each of its
// api:: types, typed by the type (src/api/<api>/{controller,service,router,query}.ts); an app
// definition without them gets the same layer built from the schema at start. User files extend
// or replace it (src/api/<api>/{controllers,services,routes}) through the factories.
import type { ContentTypeMeta, SchemaMeta } from '@cms-gen/core/model/types';
import { collectionOperations, singleOperations } from '@cms-gen/core/documents/operations';
import { queryCompiler } from '@cms-gen/core/documents/query-compiler';
import type { ContentTypeUid, Registry } from '@cms-gen/types/typed-registry';
import type { ContentApi, CoreFactory } from './content-api';
import { coreRoutes, servedContentTypes } from './core-routes';
import type {
  CollectionController,
  CollectionService,
  SingleController,
  SingleService,
  TypedCollectionController,
  TypedCollectionService,
  TypedSingleController,
  TypedSingleService,
} from './core-types';
import type { StrapiApp } from './strapi';
import { TRUSTED_SERVER } from './trusted';

export { coreRoutes, servedContentTypes, collectionTypeRoutes, singleTypeRoutes } from './core-routes';

/**
 * The core service of a collection type: the Document Service's actions (and their middlewares,
 * lifecycles and events) with REST's defaults. A call without `auth` is trusted server code; the
 * core controller passes the request's caller, whose permissions the operations check. The params
 * object is handed on as it is (query, caller and data in one): the operations turn it into the
 * Document Service's params once.
 */
export function coreCollectionService(uid: string) {
  return ({ strapi }: { strapi: StrapiApp }): CollectionService => {
    const operations = collectionOperations(strapi.engine, uid);
    return {
      find: (params = {}) => operations.find(params, params.auth ?? TRUSTED_SERVER),
      findOne: (documentId, params = {}) => operations.findOne(documentId, params, params.auth ?? TRUSTED_SERVER),
      create: (params) => operations.create(params, params, params.auth ?? TRUSTED_SERVER),
      update: (documentId, params) => operations.update(documentId, params, params, params.auth ?? TRUSTED_SERVER),
      delete: (documentId, params = {}) => operations.delete(documentId, params, params.auth ?? TRUSTED_SERVER),
    };
  };
}

/** The core service of a single type: find, createOrUpdate and delete of its one document. */
export function coreSingleService(uid: string) {
  return ({ strapi }: { strapi: StrapiApp }): SingleService => {
    const operations = singleOperations(strapi.engine, uid);
    return {
      find: (params = {}) => operations.find(params, params.auth ?? TRUSTED_SERVER),
      createOrUpdate: (params) => operations.update(params, params, params.auth ?? TRUSTED_SERVER),
      delete: (params = {}) => operations.delete(params, params.auth ?? TRUSTED_SERVER),
    };
  };
}

/** The core controller of a collection type: REST's find, findOne, create, update and delete, answering as Strapi 5 does. */
export function coreCollectionController(uid: string) {
  return ({ strapi }: { strapi: StrapiApp }): CollectionController => {
    // Looked up on each call: a user service file may extend the core service.
    const service = () => strapi.service(uid) as CollectionService;
    return {
      async find(ctx) {
        const { results, pagination } = await service().find(ctx.serviceParams());
        return { data: results, meta: { pagination } };
      },
      async findOne(ctx) {
        const document = await service().findOne(ctx.params.id, ctx.serviceParams());
        if (document === null) return ctx.notFound();
        return { data: document, meta: {} };
      },
      async create(ctx) {
        const document = await service().create({ ...ctx.serviceParams(), data: ctx.bodyData() });
        ctx.status = 201;
        return { data: document, meta: {} };
      },
      async update(ctx) {
        const document = await service().update(ctx.params.id, { ...ctx.serviceParams(), data: ctx.bodyData() });
        return { data: document, meta: {} };
      },
      // Strapi 5 answers a delete with 204 and no body, also when the document did not exist.
      async delete(ctx) {
        await service().delete(ctx.params.id, ctx.serviceParams());
        ctx.status = 204;
      },
    };
  };
}

/** The core controller of a single type: find, update (create or update) and delete. */
export function coreSingleController(uid: string) {
  return ({ strapi }: { strapi: StrapiApp }): SingleController => {
    const service = () => strapi.service(uid) as SingleService;
    return {
      async find(ctx) {
        const document = await service().find(ctx.serviceParams());
        if (document === null) return ctx.notFound();
        return { data: document, meta: {} };
      },
      async update(ctx) {
        const document = await service().createOrUpdate({ ...ctx.serviceParams(), data: ctx.bodyData() });
        return { data: document, meta: {} };
      },
      async delete(ctx) {
        await service().delete(ctx.serviceParams());
        ctx.status = 204;
      },
    };
  };
}

// The same core controllers and services typed by a content type of the app's registry. The
// runtime's objects are returned as they are: the registry is generated from the schema the
// operations run on, so its types describe what they answer (as `typedDocuments` does).

/** The core service of the collection type `U`, typed by its params, data and documents. */
export function typedCollectionService<R extends Registry, U extends ContentTypeUid<R> & string>(uid: U): CoreFactory<TypedCollectionService<R, U>> {
  return coreCollectionService(uid) as CoreFactory<object> as CoreFactory<TypedCollectionService<R, U>>;
}

/** The core service of the single type `U`, typed by its params, data and document. */
export function typedSingleService<R extends Registry, U extends ContentTypeUid<R> & string>(uid: U): CoreFactory<TypedSingleService<R, U>> {
  return coreSingleService(uid) as CoreFactory<object> as CoreFactory<TypedSingleService<R, U>>;
}

/** The core controller of the collection type `U`, answering its documents. */
export function typedCollectionController<R extends Registry, U extends ContentTypeUid<R> & string>(uid: U): CoreFactory<TypedCollectionController<R, U>> {
  return coreCollectionController(uid) as CoreFactory<object> as CoreFactory<TypedCollectionController<R, U>>;
}

/** The core controller of the single type `U`, answering its document. */
export function typedSingleController<R extends Registry, U extends ContentTypeUid<R> & string>(uid: U): CoreFactory<TypedSingleController<R, U>> {
  return coreSingleController(uid) as CoreFactory<object> as CoreFactory<TypedSingleController<R, U>>;
}

/** The core REST layer of one content type, and its filter/populate compiler. */
export function coreContentApi(ct: ContentTypeMeta): ContentApi {
  const single = ct.kind === 'singleType';
  return {
    routes: { uid: ct.uid, routes: coreRoutes(ct) },
    controller: single ? coreSingleController(ct.uid) : coreCollectionController(ct.uid),
    service: single ? coreSingleService(ct.uid) : coreCollectionService(ct.uid),
    query: queryCompiler(ct.uid),
  };
}

/** The core REST layer of every api:: content type of the schema. */
export function coreContentApis(schema: SchemaMeta): ContentApi[] {
  return servedContentTypes(schema).map(coreContentApi);
}
