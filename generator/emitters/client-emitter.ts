// Emits `client/`: a typed client SDK for front ends, publishable on its own (depends on `qs` and
// the dependency-free `@cms-gen/types`, the typed query machinery the server uses too; never on the
// runtime). Built from the schemas: `src/content-types.ts` (the client's registry and its REST
// names) and `src/models.ts` (what clients see). Copied: the hand-written client code
// (client-sources.ts). Package files: client-package.ts.
import type { SchemaMeta } from '../../runtime/core/model/types';
import { packageInfo } from '../package-info';
import { clientPackageFiles } from './client-package';
import { CLIENT_SOURCES, clientSource } from './client-sources';
import { registryView } from './content-types-emitter';
import { renderTemplate } from './render-template';
import { documentInterfaces } from './types-emitter';
import { GENERATED_HEADER, type EmitOptions, type GeneratedFile } from './types';

/** Server-side types no client reads through the content API: tokens, sessions, settings, the permission table, the admin panel's types. */
export const CLIENT_HIDDEN_UIDS: ReadonlySet<string> = new Set([
  'admin::login-attempt',
  'admin::permission',
  'admin::role',
  'admin::session',
  'admin::user',
  'plugin::users-permissions.api-token',
  'plugin::users-permissions.permission',
  'plugin::users-permissions.session',
  'plugin::users-permissions.setting',
]);

const DIR = 'client';

function routeNames(meta: SchemaMeta, kind: 'collectionType' | 'singleType'): { name: string; uid: string }[] {
  return Object.values(meta.contentTypes)
    .filter((ct) => ct.uid.startsWith('api::') && ct.kind === kind)
    .map((ct) => ({ name: kind === 'collectionType' ? ct.pluralName : ct.singularName, uid: ct.uid }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function emitClient(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  const registry = registryView(meta, CLIENT_HIDDEN_UIDS);
  const files: GeneratedFile[] = [
    ...clientPackageFiles(options.appName ?? 'cms-app', routeNames(meta, 'collectionType')[0]?.name, packageInfo().version),
    {
      path: `${DIR}/src/content-types.ts`,
      contents: renderTemplate('client/content-types.ts.hbs', {
        ...registry,
        collections: routeNames(meta, 'collectionType'),
        singles: routeNames(meta, 'singleType'),
      }),
    },
    { path: `${DIR}/src/models.ts`, contents: renderTemplate('app/types.ts.hbs', { interfaces: documentInterfaces(meta, CLIENT_HIDDEN_UIDS) }) },
    ...CLIENT_SOURCES.map((name) => ({ path: `${DIR}/src/${name}`, contents: `${GENERATED_HEADER}\n${clientSource(name)}` })),
  ];
  return files;
}
