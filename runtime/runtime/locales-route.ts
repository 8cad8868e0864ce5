// GET /api/i18n/locales: the configured locales as a bare array (Strapi's shape, with isDefault).
import { Router } from 'express';
import { ForbiddenError } from '@cms-gen/core/errors';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { AuthContext } from '@cms-gen/core/engine/types';
import { LOCALE_UID } from '@cms-gen/users-permissions/bootstrap';
import { contentTypeShape } from '@cms-gen/core/model/schema-index';
import { loadRows } from '@cms-gen/core/engine/read';
import { sendJson } from '@cms-gen/server/http/envelope';
import type { RuntimePlugin } from '@cms-gen/server/app/plugin';

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
