// GET /admin/api/content-types, /components and /locales.
import { Router } from 'express';
import { sendJson } from '@cms-gen/server/http/envelope';
import { adminOf, type AdminServices } from './context';
import { componentMeta, contentTypeMeta, editableTypes } from './metadata';
import { listLocales } from './locales';

export function metadataRouter(services: AdminServices): Router {
  const router = Router();
  const schema = () => services.engine.schema;

  router.get('/content-types', (_req, res) => {
    const access = adminOf(res);
    const visible = editableTypes(schema()).filter((ct) => access.scope('read', ct.uid) !== 'none');
    sendJson(res, 200, { data: visible.map(contentTypeMeta) });
  });

  router.get('/components', (_req, res) => {
    adminOf(res);
    sendJson(res, 200, { data: Object.values(schema().components).map(componentMeta) });
  });

  router.get('/locales', async (_req, res) => {
    adminOf(res);
    sendJson(res, 200, { data: await listLocales(services.engine) });
  });

  return router;
}
