// The core REST layer of every api:: content type (Strapi's core controller, service and routes),
// built from the schema at start. Nothing here depends on a type beyond its uid, kind and names, so
// it lives once in the runtime instead of three generated files per type; user files extend or
// replace it (src/api/<api>/{controllers,services,routes}) through the factories.
import type { ContentTypeMeta, SchemaMeta } from '@cms-gen/core/model/types';
import { collectionOperations, singleOperations } from '@cms-gen/core/documents/operations';
import type { ContentApi } from './content-api';
import type { CollectionController, CollectionService, CoreRoute, SingleController, SingleService } from './core-types';
import type { StrapiApp } from './strapi';
import { TRUSTED_SERVER } from './trusted';

/** Content types with REST routes of their own: the api:: types (plugins have dedicated routes). */
export function servedContentTypes(schema: SchemaMeta): ContentTypeMeta[] {
  return Object.values(schema.contentTypes)
    .filter((ct) => ct.uid.startsWith('api::'))
    .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}

/** Strapi 5's core routes, in its order; `:id` is the documentId, as Strapi names it. */
export function coreRoutes(ct: Pick<ContentTypeMeta, 'kind' | 'singularName' | 'pluralName'>): CoreRoute[] {
  if (ct.kind === 'singleType') {
    const path = `/${ct.singularName}`;
    return [
      { method: 'GET', path, action: 'find' },
      { method: 'PUT', path, action: 'update' },
      { method: 'DELETE', path, action: 'delete' },
    ];
  }
  const list = `/${ct.pluralName}`;
  const one = `${list}/:id`;
  return [
    { method: 'GET', path: list, action: 'find' },
    { method: 'GET', path: one, action: 'findOne' },
    { method: 'POST', path: list, action: 'create' },
    { method: 'PUT', path: one, action: 'update' },
    { method: 'DELETE', path: one, action: 'delete' },
  ];
}

/**
 * The core service of a collection type: the Document Service's actions (and their middlewares,
 * lifecycles and events) with REST's defaults. A call without `auth` is trusted server code; the
 * core controller passes the request's caller, whose permissions the operations check.
 */
export function coreCollectionService(uid: string) {
  return ({ strapi }: { strapi: StrapiApp }): CollectionService => {
    const operations = collectionOperations(strapi.engine, uid);
    return {
      find: ({ auth = TRUSTED_SERVER, ...query } = {}) => operations.find(query, auth),
      findOne: (documentId, { auth = TRUSTED_SERVER, ...query } = {}) => operations.findOne(documentId, query, auth),
      create: ({ auth = TRUSTED_SERVER, data, ...query }) => operations.create({ data }, query, auth),
      update: (documentId, { auth = TRUSTED_SERVER, data, ...query }) => operations.update(documentId, { data }, query, auth),
      delete: (documentId, { auth = TRUSTED_SERVER, ...query } = {}) => operations.delete(documentId, query, auth),
    };
  };
}

/** The core service of a single type: find, createOrUpdate and delete of its one document. */
export function coreSingleService(uid: string) {
  return ({ strapi }: { strapi: StrapiApp }): SingleService => {
    const operations = singleOperations(strapi.engine, uid);
    return {
      find: ({ auth = TRUSTED_SERVER, ...query } = {}) => operations.find(query, auth),
      createOrUpdate: ({ auth = TRUSTED_SERVER, data, ...query }) => operations.update({ data }, query, auth),
      delete: ({ auth = TRUSTED_SERVER, ...query } = {}) => operations.delete(query, auth),
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

/** The core REST layer of one content type. */
export function coreContentApi(ct: ContentTypeMeta): ContentApi {
  const single = ct.kind === 'singleType';
  return {
    routes: { uid: ct.uid, routes: coreRoutes(ct) },
    controller: single ? coreSingleController(ct.uid) : coreCollectionController(ct.uid),
    service: single ? coreSingleService(ct.uid) : coreCollectionService(ct.uid),
  };
}

/** The core REST layer of every api:: content type of the schema. */
export function coreContentApis(schema: SchemaMeta): ContentApi[] {
  return servedContentTypes(schema).map(coreContentApi);
}
