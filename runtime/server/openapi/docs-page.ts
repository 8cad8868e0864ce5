// The offline documentation page: Swagger UI from the swagger-ui-dist package (no CDN), pointed at
// the app's /api/openapi.json. Only the page's own assets are served, with a policy that lets
// Swagger UI run (its scripts are files of this origin; it sets inline styles).
import { dirname, join } from 'node:path';
import { Router, type Response } from 'express';

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Files of swagger-ui-dist the page loads. */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png', 'favicon-16x16.png'] as const;

/** Where swagger-ui-dist is installed, or undefined when it is not (an optional package: `npm install --omit=optional` leaves it out). */
function swaggerUiDir(): string | undefined {
  try {
    return dirname(require.resolve('swagger-ui-dist/package.json'));
  } catch {
    return undefined;
  }
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function docsHtml(path: string): string {
  const base = escapeHtml(path);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>API documentation</title>
<link rel="stylesheet" href="${base}/swagger-ui.css">
<link rel="icon" type="image/png" href="${base}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${base}/swagger-ui-bundle.js"></script>
<script src="${base}/swagger-ui-standalone-preset.js"></script>
<script src="${base}/init.js"></script>
</body>
</html>
`;
}

/** The script starting Swagger UI (a file, so the policy needs no 'unsafe-inline' scripts). */
export function docsInit(documentUrl: string): string {
  return `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(documentUrl)}, dom_id: '#swagger-ui', presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout', persistAuthorization: true });\n`;
}

function withPolicy(res: Response): Response {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  return res;
}

/** GET <path> (the page), <path>/init.js and <path>/<asset>; none without swagger-ui-dist (logged). */
export function docsRouter(path: string, documentUrl: string, log: (line: string) => void): Router {
  const router = Router();
  const dir = swaggerUiDir();
  if (dir === undefined) {
    log(`warning: openapi: the package swagger-ui-dist is not installed (it is optional): no documentation page at ${path}; npm install swagger-ui-dist`);
    return router;
  }
  const page = docsHtml(path);
  const init = docsInit(documentUrl);
  router.get(path, (_req, res) => void withPolicy(res).type('html').send(page));
  router.get(`${path}/init.js`, (_req, res) => void withPolicy(res).type('application/javascript').send(init));
  for (const asset of DOCS_ASSETS) {
    router.get(`${path}/${asset}`, (_req, res, next) => withPolicy(res).sendFile(join(dir, asset), { maxAge: 3600_000 }, (err) => err && next(err)));
  }
  return router;
}
