// The serving side of the OpenAPI document: when it is on (config/openapi, OPENAPI_ENABLED,
// NODE_ENV), how custom routes are merged in, and the 404 (with a warning) when the file is missing.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { loadConfig } from '../config/load-config';
import type { ParsedCustomRoute } from '../customize/route-files';
import { errorHandler } from '../http/http-errors';
import { call, listen } from '../../../test/helpers/http-server';
import { servedDocument } from './document';
import { openapiEnabled, openapiRoutes } from './index';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function appDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-openapi-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'config'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

describe('openapi enabled', () => {
  it('is on in development and off in production by default', () => {
    expect(openapiEnabled(loadConfig(appDir(), {}))).toBe(true);
    expect(openapiEnabled(loadConfig(appDir(), { NODE_ENV: 'production' }))).toBe(false);
  });

  it('is turned on in production by config/openapi.json or OPENAPI_ENABLED, and off by either', () => {
    const withFile = loadConfig(appDir({ 'config/openapi.json': JSON.stringify({ enabled: true, path: '/docs' }) }), { NODE_ENV: 'production' });
    expect(openapiEnabled(withFile)).toBe(true);
    expect(withFile.openapi.path).toBe('/docs');
    expect(openapiEnabled(loadConfig(appDir(), { NODE_ENV: 'production', OPENAPI_ENABLED: 'true' }))).toBe(true);
    expect(openapiEnabled(loadConfig(appDir(), { OPENAPI_ENABLED: '0' }))).toBe(false);
  });

  it('refuses a wrong value with the variable or file named', () => {
    expect(() => loadConfig(appDir(), { OPENAPI_ENABLED: 'yes' })).toThrow(/OPENAPI_ENABLED must be 1, 0, true or false/);
    expect(() => loadConfig(appDir({ 'config/openapi.json': JSON.stringify({ path: 'docs' }) }), {})).toThrow(/config\/openapi\.json/);
  });
});

const featured: ParsedCustomRoute = {
  label: 'src/api/article/routes/01-featured.ts',
  api: 'article',
  route: { method: 'GET', path: '/articles/:slug/featured', handler: 'article.featured' },
  controllerUid: 'api::article.article',
  actionName: 'featured',
  action: 'api::article.article.featured',
};

describe('servedDocument', () => {
  const emitted = { openapi: '3.1.0', servers: [{ url: '/api' }], paths: { '/articles': { get: { operationId: 'findArticle' } } } };

  it('adds custom routes with their path parameters and permission, under the configured prefix', () => {
    const served = servedDocument(emitted, { custom: [featured], core: new Map() }, '/v1');
    expect(served.servers).toEqual([{ url: '/v1' }]);
    const paths = served.paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(paths)).toEqual(['/articles', '/articles/{slug}/featured']);
    const op = paths['/articles/{slug}/featured'].get;
    expect(op.parameters).toEqual([{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(op.security).toEqual([{}, { bearerJWT: [] }, { apiToken: [] }]);
    expect(op.description).toContain('api::article.article.featured');
    // The emitted object is not changed.
    expect(emitted.servers).toEqual([{ url: '/api' }]);
  });

  it('drops core operations the core router leaves out and opens those with auth: false', () => {
    const marked = (action: string) => ({ operationId: action, security: [{}, { bearerJWT: [] }], 'x-cms-gen-core-route': { uid: 'api::article.article', action } });
    const document = { paths: { '/articles': { get: marked('find'), post: marked('create') }, '/articles/{id}': { delete: marked('delete') } } };
    const core = new Map([['api::article.article', { except: ['delete'], config: { find: { auth: false as const } } }]]);
    const paths = servedDocument(document, { custom: [], core }, '/api').paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(paths)).toEqual(['/articles']);
    expect(paths['/articles'].get.security).toEqual([]);
    expect(paths['/articles'].post.security).toEqual([{}, { bearerJWT: [] }]);
    const only = servedDocument(document, { custom: [], core: new Map([['api::article.article', { only: ['find'] }]]) }, '/api').paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(only['/articles'])).toEqual(['get']);
  });

  it('marks a route with auth: false public', () => {
    const open = { ...featured, route: { ...featured.route, config: { auth: false as const } } };
    const paths = servedDocument(emitted, { custom: [open], core: new Map() }, '/api').paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths['/articles/{slug}/featured'].get.security).toEqual([]);
  });
});

describe('openapiRoutes', () => {
  it('answers 404 with the error envelope and logs a warning when openapi.json is missing', async () => {
    const dir = appDir();
    const lines: string[] = [];
    const routes = openapiRoutes({ appDir: dir, config: loadConfig(dir, {}), routes: { custom: [], core: new Map() }, log: (line) => lines.push(line) });
    expect(lines.join('\n')).toMatch(/warning: openapi: .*openapi\.json does not exist/);
    const app = express();
    app.use('/api', ...routes.api);
    app.use(errorHandler({ error: () => undefined }));
    const server = await listen(app);
    try {
      const res = await call(`${server.url}/api/openapi.json`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ data: null, error: { status: 404, name: 'NotFoundError' } });
    } finally {
      await server.close();
    }
  });

  it('mounts nothing when disabled', () => {
    const dir = appDir({ 'openapi.json': '{}' });
    const routes = openapiRoutes({ appDir: dir, config: loadConfig(dir, { NODE_ENV: 'production' }), routes: { custom: [], core: new Map() }, log: () => undefined });
    expect(routes).toEqual({ api: [], root: [] });
  });
});
