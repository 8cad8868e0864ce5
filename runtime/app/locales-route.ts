// GET /api/i18n/locales: the configured locales as a bare array (Strapi's shape, with isDefault).
import { Router } from 'express';
import { ForbiddenError } from '../errors';
import type { Engine } from '../documents/operations';
import type { AuthContext } from '../engine/types';
import { LOCALE_UID } from '../users-permissions/bootstrap';
import { contentTypeShape } from '../model/schema-index';
import { loadRows } from '../engine/read';
import { sendJson } from '../http/envelope';
import type { RuntimePlugin } from './plugin';

export function localesRouter(engine: Engine): Router {
  const router = Router();
  router.get('/i18n/locales', async (_req, res) => {
    const auth = res.locals.auth as AuthContext;
    if (!auth.can('plugin::i18n.locales.listLocales')) throw new ForbiddenError();
    const rows = await loadRows(engine.readEnv(), contentTypeShape(engine.schema, LOCALE_UID), { status: 'published' }, {});
    // Strapi computes isDefault for this listing (last, after the timestamps); it is no attribute of the API.
    sendJson(res, 200, rows.map((r) => ({ ...r.doc, isDefault: r.doc.code === engine.defaultLocale })));
  });
  return router;
}

export const i18nPlugin: RuntimePlugin = {
  name: 'i18n',
  apiRoutes: (ctx) => [localesRouter(ctx.engine)],
};
