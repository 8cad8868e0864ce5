// The users & permissions plugin: authentication routes, users, roles and permissions, mounted
// under the REST prefix behind the app's authentication (runtime/auth/authenticate.ts, which
// also resolves API tokens and refresh-mode access tokens). Its services are built in bootstrap,
// so that other plugins (GraphQL, which builds its schema during its own bootstrap) can run the
// same operations through `usersPermissionsServices(ctx)`.
import type { Router } from 'express';
import type { PluginContext, RuntimePlugin } from '@cms-gen/server/app/plugin';
import { createServices, type UpServices } from './services';
import { localAuthRouter } from './routes/local-auth-routes';
import { passwordRouter } from './routes/password-routes';
import { emailConfirmationRouter } from './routes/email-confirmation-routes';
import { sessionRouter } from './routes/session-routes';
import { oauthRouter } from './routes/oauth-routes';
import { userRouter } from './routes/user-routes';
import { roleRouter } from './routes/role-routes';
import { apiTokenSaltWarning } from './api-tokens/salt';
import { allowedFieldsWarning } from './register-fields';

// BUILTIN_PLUGINS is one object for every app of the process (tests run several): the services
// of each app (rate-limit store connection, mail transport) are kept per app context.
const servicesByApp = new WeakMap<PluginContext, UpServices>();

/** The plugin's services for this app; undefined when the plugin is disabled (or not booted yet). */
export function usersPermissionsServices(ctx: PluginContext): UpServices | undefined {
  return servicesByApp.get(ctx);
}

export const usersPermissionsPlugin: RuntimePlugin = {
  name: 'users-permissions',
  async bootstrap(ctx) {
    if (!ctx.config.plugins['users-permissions'].enabled) return;
    const saltWarning = apiTokenSaltWarning(ctx.config);
    if (saltWarning) ctx.log(`warning: ${saltWarning}`);
    const fieldsWarning = allowedFieldsWarning(ctx.engine.schema, ctx.config.plugins['users-permissions'].register.allowedFields);
    if (fieldsWarning) ctx.log(`warning: ${fieldsWarning}`);
    servicesByApp.set(ctx, createServices({ engine: ctx.engine, appConfig: ctx.config, permissions: ctx.permissions, jwtSecret: ctx.jwtSecret, log: ctx.log }));
  },
  apiRoutes(ctx): Router[] {
    const up = servicesByApp.get(ctx);
    if (!up) return [];
    return [localAuthRouter(up), passwordRouter(up), emailConfirmationRouter(up), sessionRouter(up), oauthRouter(up), userRouter(up), roleRouter(up)];
  },
  async close(ctx) {
    if (!ctx) return;
    await servicesByApp.get(ctx)?.close();
    servicesByApp.delete(ctx);
  },
};
