// /admin: the built admin panel (static files of the optional package @cms-gen/admin-ui, found
// when the app starts), with a strict Content-Security-Policy. Any other path under /admin that is
// not the API gets index.html (the panel routes in the browser). Without the package, /admin
// answers 404 saying how to install it; the API under /admin/api works either way.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import express, { Router, type Response } from 'express';
import { sendJson } from '@cms-gen/server/http/envelope';

export const ADMIN_CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";
export const UI_PACKAGE = '@cms-gen/admin-ui';

/** The panel's dist/ folder: CMS_ADMIN_UI_DIR when set, else the installed package's, else a checkout's, else undefined. */
export function resolveAdminUi(appDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CMS_ADMIN_UI_DIR) return existsSync(join(env.CMS_ADMIN_UI_DIR, 'index.html')) ? env.CMS_ADMIN_UI_DIR : undefined;
  try {
    const manifest = require.resolve(`${UI_PACKAGE}/package.json`, { paths: [appDir, process.cwd(), __dirname] });
    const dist = join(dirname(manifest), 'dist');
    if (existsSync(join(dist, 'index.html'))) return dist;
  } catch {
    // Not installed as a package: a checkout of cms-gen, below.
  }
  // In a checkout of cms-gen the panel sits beside this package (runtime/admin-ui/), outside the
  // workspace's install so that its bundler is not installed with the repository.
  const beside = join(__dirname, '..', 'admin-ui', 'dist');
  return existsSync(join(beside, 'index.html')) ? beside : undefined;
}

const withCsp = (res: Response) => {
  res.setHeader('Content-Security-Policy', ADMIN_CSP);
  res.setHeader('X-Frame-Options', 'DENY');
};

export function staticRouter(dist: string | undefined): Router {
  const router = Router();
  if (!dist) {
    router.get(/.*/, (_req, res) => {
      sendJson(res, 404, {
        data: null,
        error: {
          status: 404,
          name: 'NotFoundError',
          message: `The admin panel is not installed: add the optional package ${UI_PACKAGE} to the app (npm install ${UI_PACKAGE}) and restart. The admin API at /admin/api works without it.`,
          details: {},
        },
      });
    });
    return router;
  }
  router.use((_req, res, next) => {
    withCsp(res);
    next();
  });
  // Built assets carry a content hash in their names: cached for a year; index.html never.
  router.use(express.static(dist, { index: false, fallthrough: true, setHeaders: (res, path) => res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache') }));
  router.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(dist, 'index.html'));
  });
  return router;
}
