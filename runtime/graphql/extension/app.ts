// The `{ strapi, engine }` handed to extension code. The app sets `strapi` on the plugin context
// (start-app.ts); a schema built without an app (unit tests, a hand-made context) gets a `strapi`
// that explains itself when touched, so extensions that never use it still build.
import type { StrapiApp } from '@cms-gen/server/customize/strapi';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { ExtensionApp } from './types';

/** `fields` plus `strapi` and `engine` (a new object; `fields` is not changed). */
export function extensionApp<T extends object = object>(engine: Engine, strapi: StrapiApp | undefined, fields?: T): T & ExtensionApp {
  const app = { ...fields, engine } as T & ExtensionApp;
  if (strapi) app.strapi = strapi;
  else {
    Object.defineProperty(app, 'strapi', {
      enumerable: true,
      get() {
        throw new Error('graphql extension: `strapi` is not available (the GraphQL plugin was started outside an app: PluginContext.strapi is unset)');
      },
    });
  }
  return app;
}
