// Emits the REST layer of each content type served over REST: its core service, core controller
// and core routes (src/api/<api>/{service,controller,router}.ts), Strapi's `factories` bound to
// the app's content types (src/factories.ts) and the app entry point (src/main.ts).
import type { ContentTypeMeta, SchemaMeta } from '../../runtime/core/model/types';
import { camelCase } from './naming';
import { renderTemplate } from './render-template';
import type { EmitOptions, GeneratedFile } from './types';

/** Content types with REST routes of their own: the api:: types (plugins have dedicated routes). */
export function servedContentTypes(meta: SchemaMeta): ContentTypeMeta[] {
  return Object.values(meta.contentTypes)
    .filter((ct) => ct.uid.startsWith('api::'))
    .sort((a, b) => a.uid.localeCompare(b.uid));
}

interface ApiView {
  folder: string;
  routes: string;
  controller: string;
  service: string;
}

function apiView(ct: ContentTypeMeta): ApiView {
  const base = camelCase(ct.singularName);
  return { folder: ct.singularName, routes: `${base}Routes`, controller: `${base}Controller`, service: `${base}Service` };
}

/** Strapi 5's core routes, in its order; `:id` is the documentId, as Strapi names it. */
export function coreRoutes(ct: ContentTypeMeta): { method: string; path: string; action: string }[] {
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

function apiFiles(ct: ContentTypeMeta, options: EmitOptions): GeneratedFile[] {
  const view = apiView(ct);
  const single = ct.kind === 'singleType';
  const common = { uid: ct.uid, displayName: ct.displayName, folder: view.folder, runtimeImport: options.runtimeImport, single };
  return [
    {
      path: `src/api/${view.folder}/service.ts`,
      contents: renderTemplate('app/service.ts.hbs', {
        ...common,
        functionName: view.service,
        serviceType: single ? 'SingleService' : 'CollectionService',
        operationsFactory: single ? 'singleOperations' : 'collectionOperations',
        methodsSummary: single ? 'find, createOrUpdate and delete' : 'find, findOne, create, update and delete',
      }),
    },
    {
      path: `src/api/${view.folder}/controller.ts`,
      contents: renderTemplate('app/controller.ts.hbs', {
        ...common,
        functionName: view.controller,
        controllerType: single ? 'SingleController' : 'CollectionController',
        serviceType: single ? 'SingleService' : 'CollectionService',
        actionsSummary: single ? 'find, update and delete' : 'find, findOne, create, update and delete',
      }),
    },
    {
      path: `src/api/${view.folder}/router.ts`,
      contents: renderTemplate('app/router.ts.hbs', { ...common, functionName: view.routes, routes: coreRoutes(ct) }),
    },
  ];
}

export function emitRest(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  const types = servedContentTypes(meta);
  const files: GeneratedFile[] = types.flatMap((ct) => apiFiles(ct, options));
  files.push({
    path: 'src/factories.ts',
    contents: renderTemplate('app/factories.ts.hbs', { runtimeImport: options.runtimeImport, types: types.map((ct) => ({ uid: ct.uid, kind: ct.kind })) }),
  });
  files.push({
    path: 'src/main.ts',
    contents: renderTemplate('app/main.ts.hbs', { runtimeImport: options.runtimeImport, apis: types.map(apiView) }),
  });
  return files;
}
