// The admin panel as a runtime plugin: seeds the admin roles, serves /admin/api and /admin.
import { Router } from 'express';
import type { PluginContext, RuntimePlugin } from '@cms-gen/server/app/plugin';
import { createEmailProvider } from '@cms-gen/users-permissions/email/email-provider';
import { usersPermissionsServices } from '@cms-gen/users-permissions/plugin';
import { uploadService } from '@cms-gen/upload/plugin';
import { adminApiRouter } from './api-router';
import type { AdminServices } from './context';
import { adminEnabled } from './enabled';
import { LoginLimiter, databaseStore, redisStore } from './login-limiter';
import { mediaRouter } from './media-routes';
import { editableTypes } from './metadata';
import { seedRoles } from './roles';
import { resolveAdminUi, staticRouter } from './static-files';

interface AdminState {
  services: AdminServices;
  dist: string | undefined;
  close(): Promise<void>;
}

const states = new WeakMap<PluginContext, AdminState>();

export const adminPlugin: RuntimePlugin = {
  name: 'admin',
  async bootstrap(ctx) {
    if (!adminEnabled(ctx.config) || !ctx.schema.contentTypes['admin::user']) return;
    await seedRoles(ctx.db, editableTypes(ctx.schema).map((ct) => ct.uid));
    const mailer = createEmailProvider(ctx.config.plugins.email, { environment: ctx.config.environment, log: ctx.log });
    // Counted where every instance sees them: Redis when the app keeps its rate limits there, else the database.
    const ratelimit = ctx.config.plugins['users-permissions'].ratelimit;
    const redis = ratelimit.store === 'redis' ? redisStore(ratelimit, ctx.log) : undefined;
    const store = redis ?? databaseStore(() => ctx.engine.db);
    const services: AdminServices = {
      engine: ctx.engine,
      config: ctx.config,
      limiter: new LoginLimiter(store, 'login'),
      resetLimiter: new LoginLimiter(store, 'reset'),
      mailer,
      upload: () => uploadService(ctx),
      appDir: ctx.appDir,
      log: ctx.log,
    };
    const dist = resolveAdminUi(ctx.appDir);
    if (!dist) ctx.log('admin: @cms-gen/admin-ui is not installed: /admin answers 404 (the admin API at /admin/api works)');
    states.set(ctx, {
      services,
      dist,
      close: async () => {
        await mailer.close?.();
        await redis?.close();
      },
    });
  },
  rootRoutes(ctx) {
    const state = states.get(ctx);
    if (!state) return [];
    const media = mediaRouter(state.services);
    const previous = state.close;
    state.close = async () => {
      media.close();
      await previous();
    };
    const router = Router();
    router.use('/admin/api', adminApiRouter({ ...state.services, up: () => usersPermissionsServices(ctx) }, media.router));
    router.use('/admin', staticRouter(state.dist));
    return [router];
  },
  async close(ctx) {
    if (!ctx) return;
    await states.get(ctx)?.close();
    states.delete(ctx);
  },
};
