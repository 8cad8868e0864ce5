// Entry point of one app instance in the multi-instance tests: the generated fixture app, run as
// its own process exactly as `node dist/main.js` would run it, with the app directory (config/,
// .env, prisma/) of the test's cluster, named by CMS_APP_DIR.
//
// One addition: publish and unpublish routes for articles. Strapi 5's REST API has no unpublish,
// so an app that offers it has a custom route calling the Document Service, as these do.
import { Router } from 'express';
import { runApp } from '@cms-gen/runtime';
import type { RuntimePlugin } from '../../../runtime/server/app/plugin';
import { app } from '../../../fixtures/strapi-blog/app/src/main';

const ARTICLE = 'api::article.article';

const publication: RuntimePlugin = {
  name: 'test-publication',
  apiRoutes: (ctx) => {
    const router = Router();
    for (const action of ['publish', 'unpublish'] as const) {
      router.post(`/articles/:documentId/${action}`, (req, res, next) => {
        ctx.engine
          .documents(ARTICLE)
          [action]({ documentId: req.params.documentId })
          .then((result) => res.json({ data: result.entries.map((e) => ({ documentId: e.documentId, publishedAt: e.publishedAt })) }), next);
      });
    }
    return [router];
  },
};

const appDir = process.env.CMS_APP_DIR;
if (!appDir) throw new Error('CMS_APP_DIR must name the app directory of this instance');
void runApp({ ...app, appDir, plugins: [...(app.plugins ?? []), publication] });
