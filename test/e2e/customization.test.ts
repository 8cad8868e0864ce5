// Customization end to end, on SQLite and PostgreSQL: the fixture app's own user files (a
// featured-articles route behind a permission and a policy, a route middleware on the core
// list, a global middleware from config/middlewares.json), and an app whose user files
// (test/customization-src) override controllers and services, add routes with every `auth`
// form, configure the core router, hook register/bootstrap/destroy and set CORS and body limits.
// Broken user files must stop start-up with a message naming the file.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type AppDefinition, type RunningApp } from '@cms-gen/runtime';
import { app as fixtureApp, appDir as fixtureAppDir } from '../../fixtures/strapi-blog/app/src/main';
import { hookCalls } from '../customization-src/index';
import { client, type JsonResponse } from '../helpers/http';
import { freshDatabase, startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';

type Api = ReturnType<typeof client>;

const CUSTOM_SRC = join(__dirname, '..', 'customization-src');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function expectError(res: JsonResponse, status: number, name: string, message?: string): void {
  expect(res.body).toEqual({ data: null, error: { status, name, message: message ?? expect.any(String), details: expect.any(Object) } });
  expect(res.status).toBe(status);
}

async function registerUser(api: Api): Promise<string> {
  const id = Math.random().toString(36).slice(2, 10);
  const res = await api.post('/api/auth/local/register', { username: `u${id}`, email: `u${id}@example.com`, password: 'Passw0rd!x' });
  expect(res.status).toBe(200);
  return res.body.jwt as string;
}

/** An app directory of its own: the fixture's prisma/, the given config files and user files. */
function appFolder(config: Record<string, unknown>, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-custom-'));
  symlinkSync(join(fixtureAppDir, 'prisma'), join(dir, 'prisma'), 'dir');
  mkdirSync(join(dir, 'config'));
  for (const [name, value] of Object.entries(config)) writeFileSync(join(dir, 'config', `${name}.json`), JSON.stringify(value));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function startCustom(database: TestDatabase, definition: Partial<AppDefinition>, dir: string): Promise<RunningApp & { stop(): Promise<void> }> {
  const db = await freshDatabase(database);
  process.env.DATABASE_URL = db.url;
  try {
    const running = await startApp({ ...fixtureApp, appDir: dir, ...definition }, { port: 0, host: '127.0.0.1', log: () => undefined });
    return { ...running, stop: async () => { await running.close(); await db.drop(); } };
  } catch (err) {
    await db.drop();
    throw err;
  }
}

describe.each<TestDatabase>(['sqlite', 'postgres'])('customization on %s', (database) => {
  describe('the fixture app', () => {
    let app: FixtureApp;
    let api: Api;
    beforeAll(async () => {
      app = await startFixtureApp(database);
      api = client(app.url);
      for (const [title, featured, date] of [['Alpha', true, '2024-01-02'], ['Beta', false, '2024-01-03'], ['Gamma', true, '2024-01-04']] as const) {
        expect((await api.post('/api/articles', { data: { title, featured, publish_date: date, summary: `${title} summary` } })).status).toBe(201);
      }
    }, 120_000);
    afterAll(() => app?.stop());

    it('GET /api/articles/featured needs the permission: 403 for Public, 200 for a granted role', async () => {
      expectError(await api.get('/api/articles/featured'), 403, 'ForbiddenError');
      const jwt = await registerUser(api);
      const res = await api.request('GET', '/api/articles/featured', { headers: bearer(jwt) });
      expect(res.status).toBe(200);
      expect(res.body.data.map((a: { title: string }) => a.title)).toEqual(['Gamma', 'Alpha']);
      expect(Object.keys(res.body.data[0]).sort()).toEqual(['documentId', 'id', 'publish_date', 'slug', 'summary', 'title']);
      expect(res.body.meta.pagination).toMatchObject({ page: 1, total: 2 });
    });

    it('lists the custom action in the permission tree, and a role grant opens it to Public', async () => {
      const tree = await api.get('/api/users-permissions/permissions');
      expect(tree.body.permissions['api::article'].controllers.article.featured).toEqual({ enabled: false, policy: '' });
      const roles = await api.get('/api/users-permissions/roles');
      const publicRole = roles.body.roles.find((r: { type: string }) => r.type === 'public');
      const role = await api.get(`/api/users-permissions/roles/${publicRole.id}`);
      const permissions = role.body.role.permissions;
      permissions['api::article'].controllers.article.featured.enabled = true;
      expect((await api.put(`/api/users-permissions/roles/${publicRole.id}`, { permissions })).status).toBe(200);
      expect((await api.get('/api/articles/featured')).status).toBe(200);
      permissions['api::article'].controllers.article.featured.enabled = false;
      expect((await api.put(`/api/users-permissions/roles/${publicRole.id}`, { permissions })).status).toBe(200);
      expect((await api.get('/api/articles/featured')).status).toBe(403);
    });

    it('runs the policy after the permission check: a refusal is 403 PolicyError', async () => {
      const jwt = await registerUser(api);
      const refused = await api.request('GET', '/api/articles/featured', { query: { pagination: { pageSize: 50 } }, headers: bearer(jwt) });
      expect(refused.body).toEqual({ data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } });
      expect((await api.request('GET', '/api/articles/featured', { query: { pagination: { pageSize: 5 } }, headers: bearer(jwt) })).status).toBe(200);
      // Public lacks the permission: the policy never runs, the answer is the permission's.
      expectError(await api.get('/api/articles/featured', { pagination: { pageSize: 50 } }), 403, 'ForbiddenError');
    });

    it('runs the route middleware of the core list only, and the global middleware everywhere under the app', async () => {
      const list = await api.get('/api/articles');
      expect(list.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d$/);
      const one = await api.get(`/api/articles/${list.body.data[0].documentId}`);
      expect(one.status).toBe(200);
      expect(one.headers.get('server-timing')).toBeNull();
      expect(list.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const echoed = await api.request('GET', '/api/nothing-here', { headers: { 'x-request-id': 'client-id-1' } });
      expect(echoed.status).toBe(404);
      expect(echoed.headers.get('x-request-id')).toBe('client-id-1');
    });

    it('keeps the core routes answering as before (404, v4 format, 204 delete)', async () => {
      expectError(await api.get('/api/articles/doesnotexist'), 404, 'NotFoundError', 'Not Found');
      const created = await api.post('/api/articles', { data: { title: 'Delta' } }, { status: 'published' });
      const v4 = await api.request('GET', `/api/articles/${created.body.data.documentId}`, { headers: { 'strapi-response-format': 'v4' } });
      expect(v4.body.data).toMatchObject({ documentId: created.body.data.documentId, attributes: { title: 'Delta' } });
      const deleted = await api.del(`/api/articles/${created.body.data.documentId}`);
      expect([deleted.status, deleted.text]).toEqual([204, '']);
      expectError(await api.post('/api/articles', { nodata: 1 }), 400, 'ValidationError', 'Missing "data" payload in the request body');
    });
  });

  describe('an app with overrides and custom routes', () => {
    let app: RunningApp & { stop(): Promise<void> };
    let api: Api;
    let dir: string;
    beforeAll(async () => {
      hookCalls.length = 0;
      dir = appFolder({
        middlewares: [
          'strapi::errors',
          { name: 'strapi::cors', config: { origin: ['https://app.example.com'], methods: ['GET', 'POST'], headers: ['Content-Type', 'X-Custom'], credentials: true, maxAge: 600 } },
          { name: 'strapi::body', config: { jsonLimit: '2kb', formLimit: '1kb', textLimit: '1kb' } },
          { name: 'global::tag', config: { value: 'global' } },
        ],
      });
      app = await startCustom(database, { srcDir: CUSTOM_SRC }, dir);
      api = client(app.url);
      expect((await api.post('/api/authors', { data: { name: 'Ada' } })).status).toBe(201);
      expect((await api.post('/api/articles', { data: { title: 'One', featured: true } }, { status: 'published' })).status).toBe(201);
    }, 120_000);
    afterAll(async () => {
      await app?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('called register, then bootstrap, once each', () => {
      expect(hookCalls).toEqual(['register:function', 'bootstrap:0']);
    });

    it('overrides core actions through core (typed) and super, keeping the permission checks', async () => {
      const list = await api.get('/api/articles');
      expect(list.status).toBe(200);
      expect(list.body.meta).toMatchObject({ customized: true, pagination: { total: 1 } });
      const one = await api.get(`/api/articles/${list.body.data[0].documentId}`);
      expect(one.body).toMatchObject({ data: { title: 'One' }, meta: { viaSuper: true } });
      expectError(await api.get('/api/private-notes'), 403, 'ForbiddenError');
    });

    it('uses an extended service from the core controller', async () => {
      const authors = await api.get('/api/authors');
      const one = await api.get(`/api/authors/${authors.body.data[0].documentId}`);
      expect(one.body.data).toMatchObject({ name: 'Ada', displayName: 'ADA' });
    });

    it('configures the core router: except removes a route, an inline policy guards one', async () => {
      const list = await api.get('/api/articles');
      // The path keeps its other routes, so the removed method is a 405, as Strapi's router answers.
      const removed = await api.del(`/api/articles/${list.body.data[0].documentId}`);
      expect([removed.status, removed.text, removed.headers.get('allow')]).toEqual([405, 'Method Not Allowed', 'HEAD, GET, PUT']);
      expectError(await api.get('/api/articles', { deny: '1' }), 403, 'PolicyError', 'Policy Failed');
    });

    it('serves custom routes: auth false is public, scope replaces the action, the default needs the action', async () => {
      expect((await api.get('/api/articles-ping')).body).toEqual({ pong: true, user: null, requestTag: 'global' });
      // Public holds api::author.author.find in the fixture's bootstrap.json.
      expect((await api.get('/api/articles-ping/scoped')).status).toBe(200);
      expectError(await api.get('/api/articles-ping/private'), 403, 'ForbiddenError');
      const jwt = await registerUser(api);
      expectError(await api.request('GET', '/api/articles-ping/private', { headers: bearer(jwt) }), 403, 'ForbiddenError');
      expect((await api.request('GET', '/api/articles-ping/private', { headers: bearer('not-a-jwt') })).status).toBe(401);
      const tree = await api.get('/api/users-permissions/permissions');
      expect(Object.keys(tree.body.permissions['api::article'].controllers.article)).toEqual(['find', 'findOne', 'create', 'update', 'delete', 'ping', 'echo', 'featuredCount']);
    });

    it('answers policy refusals in the envelope: false → Policy Failed, a thrown PolicyError keeps its message', async () => {
      expect((await api.get('/api/articles-ping/refused')).body).toEqual({ data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } });
      expect((await api.get('/api/articles-ping/explained')).body).toEqual({ data: null, error: { status: 403, name: 'PolicyError', message: 'Not on Sundays', details: { policy: 'deny' } } });
    });

    it('runs route and global middlewares, and reaches sibling actions through this', async () => {
      const echo = await api.post('/api/articles-echo', { hello: 'world' });
      expect(echo.status).toBe(202);
      expect(echo.body).toEqual({ body: { hello: 'world' } });
      // The route's own tag middleware ran after the global one and set the header last.
      expect(echo.headers.get('x-tag')).toBe('route');
      expect((await api.get('/api/articles')).headers.get('x-tag')).toBe('global');
      expect((await api.get('/api/articles-featured-count')).body).toEqual({ count: 1 });
    });

    it('applies strapi::cors options from config/middlewares', async () => {
      const allowed = await fetch(`${app.url}/api/articles`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      expect(allowed.headers.get('access-control-allow-methods')).toBe('GET,POST');
      expect(allowed.headers.get('access-control-allow-headers')).toBe('Content-Type,X-Custom');
      expect(allowed.headers.get('access-control-max-age')).toBe('600');
      const other = await fetch(`${app.url}/api/articles`, { method: 'OPTIONS', headers: { origin: 'https://evil.example.com' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('applies strapi::body limits: JSON everywhere, forms and text on custom routes', async () => {
      // The body parser's own error, without details, as Strapi 5.54 answers it.
      const tooLarge = await api.post('/api/articles', { data: { title: 'x'.repeat(3000) } });
      expect([tooLarge.status, tooLarge.body]).toStrictEqual([413, { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'request entity too large' } }]);
      const form = await fetch(`${app.url}/api/articles-echo`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b[c]=2' });
      expect(await form.json()).toEqual({ body: { a: '1', b: { c: '2' } } });
      const text = await fetch(`${app.url}/api/articles-echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
      expect(await text.json()).toEqual({ body: 'hello' });
      const bigForm = await fetch(`${app.url}/api/articles-echo`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `a=${'x'.repeat(2000)}` });
      expect(bigForm.status).toBe(413);
    });

    it('calls destroy when the app closes', async () => {
      await app.stop();
      expect(hookCalls).toEqual(['register:function', 'bootstrap:0', 'destroy']);
      app = await startCustom(database, { srcDir: CUSTOM_SRC }, dir);
    });
  });
});

describe('broken user files stop start-up with a message naming the file', () => {
  const ROUTE_WITH = (handler: string, policies = '[]') => `module.exports = { routes: [{ method: 'GET', path: '/x', handler: '${handler}', config: { policies: ${policies} } }] };`;
  const cases: [string, Record<string, string>, Record<string, unknown>, RegExp][] = [
    ['a handler naming a missing action', { 'src/api/article/routes/bad.js': ROUTE_WITH('article.nope') }, {}, /src\/api\/article\/routes\/bad\.js: routes\[0\]: handler "article\.nope": the controller has no action "nope"/],
    ['a handler naming a missing controller', { 'src/api/article/routes/bad.js': ROUTE_WITH('ghost.find') }, {}, /src\/api\/article\/routes\/bad\.js: routes\[0\]: handler "ghost\.find" names controller api::article\.ghost, which does not exist/],
    ['an unknown policy', { 'src/api/article/routes/bad.js': ROUTE_WITH('article.find', "['global::missing']") }, {}, /src\/api\/article\/routes\/bad\.js: routes\[0\]: unknown policy "global::missing"/],
    ['a controller of the wrong shape', { 'src/api/article/controllers/article.js': 'module.exports = 42;' }, {}, /src\/api\/article\/controllers\/article\.js: a controller file must export/],
    ['a routes file of the wrong shape', { 'src/api/article/routes/bad.js': 'module.exports = { paths: [] };' }, {}, /src\/api\/article\/routes\/bad\.js: a routes file must export/],
    ['a policy that is not a function', { 'src/policies/p.js': 'module.exports = { yes: true };' }, {}, /src\/policies\/p\.js: a policy must export a function/],
    ['src/index with an unknown export', { 'src/index.js': 'module.exports = { boot() {} };' }, {}, /src\/index\.js: unknown export "boot"/],
    ['a module that throws on load', { 'src/api/article/services/article.js': 'throw new Error("boom");' }, {}, /src\/api\/article\/services\/article\.js: failed to load: boom/],
    ['an unknown built-in middleware', {}, { middlewares: ['strapi::nope'] }, /config\/middlewares\.json: \[0\]: unknown built-in middleware "strapi::nope"/],
    ['an unknown global middleware', {}, { middlewares: ['strapi::cors', 'global::ghost'] }, /config\/middlewares\.json: \[1\]: unknown middleware "global::ghost"/],
    ['a bad cors option', {}, { middlewares: [{ name: 'strapi::cors', config: { origins: ['x'] } }] }, /config\/middlewares\.json: \[0\] \(strapi::cors\): unknown strapi::cors option "origins"/],
  ];
  it.each(cases)('%s', async (_name, files, config, message) => {
    const dir = appFolder(config, files);
    try {
      await expect(startCustom('sqlite', { srcDir: join(dir, 'src') }, dir)).rejects.toThrow(message);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
