// Emits one Express router module per content type served over REST, and the app entry point.
import type { ContentTypeMeta, SchemaMeta } from '../../runtime/model/types';
import { camelCase } from './naming';
import { renderTemplate } from './render-template';
import type { EmitOptions, GeneratedFile } from './types';

/** Content types with REST routes of their own: the api:: types (plugins have dedicated routes). */
export function servedContentTypes(meta: SchemaMeta): ContentTypeMeta[] {
  return Object.values(meta.contentTypes)
    .filter((ct) => ct.uid.startsWith('api::'))
    .sort((a, b) => a.uid.localeCompare(b.uid));
}

interface RouterView {
  functionName: string;
  folder: string;
}

function routerView(ct: ContentTypeMeta): RouterView {
  return { functionName: `${camelCase(ct.singularName)}Router`, folder: ct.singularName };
}

export function emitRest(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  const types = servedContentTypes(meta);
  const files: GeneratedFile[] = types.map((ct) => {
    const single = ct.kind === 'singleType';
    const routeName = single ? ct.singularName : ct.pluralName;
    return {
      path: `src/api/${ct.singularName}/router.ts`,
      contents: renderTemplate('app/router.ts.hbs', {
        ...routerView(ct),
        uid: ct.uid,
        displayName: ct.displayName,
        routeName,
        runtimeImport: options.runtimeImport,
        routerFactory: single ? 'singleRouter' : 'collectionRouter',
        operationsFactory: single ? 'singleOperations' : 'collectionOperations',
        routesSummary: single ? `GET/PUT/DELETE /api/${routeName}` : `GET/POST /api/${routeName}, GET/PUT/DELETE /api/${routeName}/:documentId`,
      }),
    };
  });
  files.push({
    path: 'src/main.ts',
    contents: renderTemplate('app/main.ts.hbs', { runtimeImport: options.runtimeImport, routers: types.map(routerView) }),
  });
  return files;
}
