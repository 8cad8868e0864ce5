// Strapi 5's core routes of a content type, from its kind and names. Types-only imports: the
// generator reads these too (the OpenAPI document lists them), without loading the runtime.
import type { ContentTypeMeta, SchemaMeta } from '@cms-gen/core/model/types';
import type { CoreRoute, CoreRoutes } from './core-types';

/** Content types with REST routes of their own: the api:: types (plugins have dedicated routes). */
export function servedContentTypes(schema: SchemaMeta): ContentTypeMeta[] {
  return Object.values(schema.contentTypes)
    .filter((ct) => ct.uid.startsWith('api::'))
    .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}

/** Strapi 5's core routes, in its order; `:id` is the documentId, as Strapi names it. */
export function coreRoutes(ct: Pick<ContentTypeMeta, 'kind' | 'singularName' | 'pluralName'>): CoreRoute[] {
  return ct.kind === 'singleType' ? singleRoutes(ct.singularName) : collectionRoutes(ct.pluralName);
}

/** The core routes of a collection type, under its plural name. */
function collectionRoutes(pluralName: string): CoreRoute[] {
  const list = `/${pluralName}`;
  const one = `${list}/:id`;
  return [
    { method: 'GET', path: list, action: 'find' },
    { method: 'GET', path: one, action: 'findOne' },
    { method: 'POST', path: list, action: 'create' },
    { method: 'PUT', path: one, action: 'update' },
    { method: 'DELETE', path: one, action: 'delete' },
  ];
}

/** The core routes of a single type, under its singular name. */
function singleRoutes(singularName: string): CoreRoute[] {
  const path = `/${singularName}`;
  return [
    { method: 'GET', path, action: 'find' },
    { method: 'PUT', path, action: 'update' },
    { method: 'DELETE', path, action: 'delete' },
  ];
}

/** The core routes of the collection type `uid`: `/<pluralName>` and `/<pluralName>/:id`. */
export function collectionTypeRoutes<const U extends string>(uid: U, pluralName: string): CoreRoutes<U> {
  return { uid, routes: collectionRoutes(pluralName) };
}

/** The core routes of the single type `uid`: `/<singularName>`. */
export function singleTypeRoutes<const U extends string>(uid: U, singularName: string): CoreRoutes<U> {
  return { uid, routes: singleRoutes(singularName) };
}

