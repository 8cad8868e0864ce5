// Emits what an app's REST layer knows of its content types: Strapi's `factories` bound to the
// app's content types (src/factories.ts: the typed controller, service, lifecycle and Document
// Service middleware shapes) and the app entry point (src/main.ts). The core controller, service
// and routes of each type are the runtime's (server/customize/core-api.ts), built from the schema
// at start: three files per type that only carried a uid are not emitted.
import type { SchemaMeta } from '../../runtime/core/model/types';
import { coreRoutes, servedContentTypes } from '../../runtime/server/customize/core-api';
import { renderTemplate } from './render-template';
import type { EmitOptions, GeneratedFile } from './types';

export { coreRoutes, servedContentTypes };

/** Where the scaffold puts the service stub of `api::<api>.<name>` (as Strapi: src/api/<api>/services/<name>.ts). */
function scaffoldedService(uid: string): string {
  const [api, name] = uid.slice('api::'.length).split('.');
  return `api/${api}/services/${name}`;
}

export function emitRest(meta: SchemaMeta, options: EmitOptions): GeneratedFile[] {
  const types = servedContentTypes(meta);
  return [
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
    { path: 'src/main.ts', contents: renderTemplate('app/main.ts.hbs', { runtimeImport: options.runtimeImport }) },
  ];
}
