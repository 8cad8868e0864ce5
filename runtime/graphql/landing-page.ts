// The sandbox served at the endpoint to browsers: GraphiQL with every script, style and worker
// inlined (@graphql-yoga/render-graphiql), so it works with no internet access. Apollo's own
// landing pages load from CDNs and stay blank offline.
//
// `landingPage` (Strapi's option): true/false, or a function returning a boolean or an Apollo
// plugin that renders a landing page. Unset: on outside production. `playgroundAlways` is its
// deprecated alias for "on in production too".
//
// The built-in page is about 9 MB of HTML. It is served by sandboxPage below rather than through
// Apollo's landing-page hook, which can set no headers: compressed once (gzip or brotli, as the
// browser accepts), with an ETag and `Cache-Control: no-cache`, so a reload costs a 304.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { loadOptional, OptionalPackageMissing } from '@cms-gen/server/app/optional-package';

export type LandingPageOption = boolean | ((context: { environment: string }) => boolean | ApolloServerPlugin);

/**
 * The page's content security policy, as tight as the page allows (checked in Chromium): GraphiQL
 * runs inline scripts and styles, its editor starts web workers from blob: URLs and its icons are
 * data: URIs; nothing may come from elsewhere, and it only talks to this server.
 */
export const SANDBOX_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const DEFAULT_QUERY = `# Queries run against this server with the headers of the Headers tab
# (e.g. {"Authorization": "Bearer <token>"}).
query {
  __typename
}
`;

/**
 * The page renderer, loaded on first use: its module is 9 MB (34 MB of heap) that production rarely
 * needs, and an optional package (with its peer graphql-yoga): an install without it serves a page
 * naming it instead.
 */
function renderGraphiQL(options: { title: string; endpoint: string; defaultQuery: string }): string {
  try {
    const module = loadOptional(['@graphql-yoga/render-graphiql', 'graphql-yoga'], 'The GraphQL sandbox page', () => require('@graphql-yoga/render-graphiql') as typeof import('@graphql-yoga/render-graphiql'));
    return module.renderGraphiQL(options);
  } catch (err) {
    if (!(err instanceof OptionalPackageMissing)) throw err;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${options.title}</title></head><body><p>${err.message}</p><p>The endpoint answers GraphQL requests at ${options.endpoint} as usual.</p></body></html>`;
  }
}

interface PageVariants {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Renders and compresses the page once (off the event loop: zlib runs on libuv's pool). */
async function renderVariants(endpoint: string): Promise<PageVariants> {
  const identity = Buffer.from(renderGraphiQL({ title: 'GraphQL sandbox', endpoint, defaultQuery: DEFAULT_QUERY }));
  const [gz, br] = await Promise.all([
    // The page is 9 MB and the first visitor waits for both: gzip level 6 and brotli quality 5 take
    // 0.6 s and 1.2 s here, against 1.5 s and 6.4 s for level 9 and quality 9, for 0.4% and 5% more
    // bytes (2.44 MB and 1.95 MB).
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`, identity, gzip: gz, br };
}

/** A browser asking for the page: HTML preferred over JSON (curl's `*\/*` gets the API). */
const wantsPage = (req: Request): boolean => (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['application/json', 'text/html']) === 'text/html';

/**
 * The GraphiQL page for an endpoint, as Express middleware on that path: GET/HEAD requests that
 * prefer HTML get the page, everything else goes on to the API.
 */
export function sandboxPage(endpoint: string): RequestHandler {
  let variants: Promise<PageVariants> | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!wantsPage(req)) return next();
    (variants ??= renderVariants(endpoint)).then((page) => {
      res.setHeader('Vary', 'Accept, Accept-Encoding');
      res.setHeader('ETag', page.etag);
      // Stored, but checked with the server before each use: a new version of the page shows at once.
      res.setHeader('Cache-Control', 'no-cache');
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      const encoding = req.acceptsEncodings(['br', 'gzip', 'identity']);
      const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
      if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Length', String(body.length));
      res.status(200).end(req.method === 'HEAD' ? undefined : body);
    }, next);
  };
}

export interface LandingPageSettings {
  landingPage?: LandingPageOption;
  playgroundAlways: boolean;
  environment: string;
  endpoint: string;
}

/**
 * The landing-page plugin to install, whether a page is served (introspection follows it), the
 * built-in page's handler (Apollo's own hook is then off), and whether the plugin is the app's own
 * (returned by its `landingPage` function: it may have request hooks of its own).
 */
export function landingPagePlugin(settings: LandingPageSettings): { plugin: ApolloServerPlugin; enabled: boolean; page?: RequestHandler; custom: boolean } {
  const production = settings.environment === 'production';
  let choice: boolean | ApolloServerPlugin;
  if (typeof settings.landingPage === 'function') choice = settings.landingPage({ environment: settings.environment });
  else if (typeof settings.landingPage === 'boolean') choice = settings.landingPage;
  else choice = !production || settings.playgroundAlways;
  if (typeof choice === 'object' && choice !== null) return { plugin: choice, enabled: true, custom: true };
  return choice
    ? { plugin: ApolloServerPluginLandingPageDisabled(), enabled: true, page: sandboxPage(settings.endpoint), custom: false }
    : { plugin: ApolloServerPluginLandingPageDisabled(), enabled: false, custom: false };
}
