// /admin/api: CSRF check, the signed-in admin, then the route groups; unknown paths answer 404.
import { Router } from 'express';
import { NotFoundError } from '@cms-gen/core/errors';
import { authRouter } from './auth-routes';
import { contentRouter } from './content-routes';
import { csrfGuard, loadAdmin, type AdminServices } from './context';
import { metadataRouter } from './metadata-routes';
import { settingsRouter } from './settings-routes';
import type { UpServices } from '@cms-gen/users-permissions/services';

export function adminApiRouter(services: AdminServices & { up: () => UpServices | undefined }, media: Router): Router {
  const router = Router();
  router.use((_req, res, next) => {
    // Answers about a signed-in person are never cached.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(csrfGuard);
  router.use(loadAdmin(services));
  router.use(authRouter(services));
  router.use(metadataRouter(services));
  router.use(contentRouter(services));
  router.use(media);
  router.use(settingsRouter(services));
  router.use(() => {
    throw new NotFoundError('No such admin API route');
  });
  return router;
}
