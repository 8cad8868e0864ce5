// Emits what an app's REST layer knows of its content types: per api:: type its core controller,
// service, routes and filter/populate compiler (src/api/<singularName>/{controller,service,router,
// query}.ts), each the runtime's generic one (server/customize/core-api.ts) bound to the type and
// typed by it; Strapi's `factories` bound to the app's content types (src/factories.ts: the typed
// controller, service, lifecycle and Document Service middleware shapes); and the app entry point
// (src/main.ts), which hands the per-type files to the runtime.
import type { ContentTypeMeta, SchemaMeta } from '../../runtime/core/model/types';
import { coreRoutes, servedContentTypes } from '../../runtime/server/customize/core-routes';
import { camelCase } from './naming';
import { renderTemplate } from './render-template';
import { documentTypeName } from './types-emitter';
import { GRAPHQL_IMPORT, servesGraphql, type EmitOptions, type GeneratedFile } from './types';

export { coreRoutes, servedContentTypes };

interface ApiView {
  folder: string;
  routes: string;
  controller: string;
  service: string;
  query: string;
}

function apiView(ct: ContentTypeMeta): ApiView {
  const base = camelCase(ct.singularName);
  return { folder: ct.singularName, routes: `${base}Routes`, controller: `${base}Controller`, service: `${base}Service`, query: `${base}Query` };
}

/** The four files of one type: short, each the runtime's generic piece bound to the type's uid and typed by it. */
function apiFiles(meta: SchemaMeta, ct: ContentTypeMeta, options: EmitOptions): GeneratedFile[] {
  const view = apiView(ct);
  const single = ct.kind === 'singleType';
  const [api, name] = ct.uid.slice('api::'.length).split('.');
  const common = { uid: ct.uid, displayName: ct.displayName, api, name, runtimeImport: options.runtimeImport };
  const file = (kind: 'controller' | 'service' | 'router' | 'query', view: Record<string, string>): GeneratedFile => ({
    path: `src/api/${ct.singularName}/${kind}.ts`,
    contents: renderTemplate(`app/${kind}.ts.hbs`, { ...common, ...view }),
  });
  return [
    file('controller', {
      exportName: view.controller,
      factory: single ? 'typedSingleController' : 'typedCollectionController',
      actionsSummary: single ? 'find, update and delete' : 'find, findOne, create, update and delete',
    }),
    file('service', {
      exportName: view.service,
      factory: single ? 'typedSingleService' : 'typedCollectionService',
      methodsSummary: single ? 'find, createOrUpdate and delete' : 'find, findOne, create, update and delete',
    }),
    file('router', {
      exportName: view.routes,
      factory: single ? 'singleTypeRoutes' : 'collectionTypeRoutes',
      pathName: single ? ct.singularName : ct.pluralName,
      path: single ? `/${ct.singularName}` : `/${ct.pluralName}`,
    }),
    file('query', { exportName: view.query, typeName: documentTypeName(meta, ct.uid) }),
  ];
}

/** Where the scaffold puts the service stub of `api::<api>.<name>` (as Strapi: src/api/<api>/services/<name>.ts). */
function scaffoldedService(uid: string): string {
  const [api, name] = uid.slice('api::'.length).split('.');
  return `api/${api}/services/${name}`;
}

export function emitRest(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  const types = servedContentTypes(meta);
  return [
    ...types.flatMap((ct) => apiFiles(meta, ct, options)),
    {
      path: 'src/factories.ts',
      contents: renderTemplate('app/factories.ts.hbs', {
        runtimeImport: options.runtimeImport,
        types: types.map((ct) => ({ uid: ct.uid, kind: ct.kind })),
        services: types.flatMap((ct) => {
          const module = options.serviceFiles?.[ct.uid] ?? (options.scaffoldsServices ? scaffoldedService(ct.uid) : undefined);
          return module === undefined ? [] : [{ uid: ct.uid, module: `./${module}` }];
        }),
      }),
    },
    {
      path: 'src/main.ts',
      contents: renderTemplate('app/main.ts.hbs', { runtimeImport: options.runtimeImport, graphql: servesGraphql(options), graphqlImport: GRAPHQL_IMPORT, apis: types.map(apiView) }),
    },
  ];
}
