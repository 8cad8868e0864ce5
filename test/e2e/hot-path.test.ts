// The request path after its restructuring (one preamble middleware, routers entered only when a
// route can match, the content API as a pre-compiled route table, requests born with Express's
// prototypes): every kind of route still answers with the same headers, the user's global
// middleware still runs on core, custom and plugin routes alike, route middlewares and policies
// still wrap their routes, and the answers keep their envelopes.
import { startConfiguredApp, createTestDatabase, type ConfiguredApp, type TestDb } from '../helpers/configured-app';

const SECURITY = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'access-control-allow-origin': '*',
  vary: 'Origin',
};

let db: TestDb;
let app: ConfiguredApp;
let documentId: string;

beforeAll(async () => {
  db = await createTestDatabase('sqlite');
  // The fixture's own global middleware, configured to answer under a header of its own.
  app = await startConfiguredApp(db.url, {}, { middlewares: ['strapi::logger', 'strapi::security', 'strapi::cors', { name: 'global::request-id', config: { header: 'X-Trace-Id' } }] });
  const created = await fetch(`${app.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'The hot path' } }) });
  expect(created.status).toBe(201);
  documentId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${app.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), text };
}

describe('the restructured request path', () => {
  it('runs the global middleware and sends the security headers on core, custom, plugin and root routes', async () => {
    const paths: Array<[string, RequestInit, number]> = [
      ['/api/articles', {}, 200],
      [`/api/articles/${documentId}`, {}, 200],
      // A custom route: its permission is not Public's (the fixture's bootstrap), so 403 after the global middleware.
      ['/api/articles/featured', {}, 403],
      ['/api/i18n/locales', {}, 200],
      ['/api/users-permissions/roles', {}, 200],
      ['/api/nothing-here', {}, 404],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ articles { documentId } }"}' }, 200],
    ];
    for (const [path, init, status] of paths) {
      const res = await call(path, init);
      expect([path, res.status]).toEqual([path, status]);
      // The GraphQL path serves the sandbox page too, with a CSP of its own (as before).
      const { 'content-security-policy': csp, ...others } = SECURITY;
      expect(res.headers).toMatchObject(path === '/graphql' ? others : { ...others, 'content-security-policy': csp });
      expect([path, res.headers['x-trace-id']]).toEqual([path, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('keeps the route middleware, the policy, HEAD, 405 and the error envelopes of the content API', async () => {
    // The fixture's core-router config times the list (a route middleware); findOne has none.
    const list = await call('/api/articles');
    expect(list.headers['server-timing']).toMatch(/^app;dur=\d+\.\d$/);
    const one = await call(`/api/articles/${documentId}`);
    expect(one.headers['server-timing']).toBeUndefined();
    const head = await call(`/api/articles/${documentId}`, { method: 'HEAD' });
    expect([head.status, head.text, head.headers['content-length']]).toEqual([200, '', one.headers['content-length']]);
    // The custom route's policy (max-page-size 10) refuses a bigger page to a caller who may call the route.
    const registered = await call('/api/auth/local/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'hotpath', email: 'hotpath@example.com', password: 'Secret-pass-1' }) });
    const auth = { authorization: `Bearer ${(JSON.parse(registered.text) as { jwt: string }).jwt}` };
    expect((await call('/api/articles/featured?pagination[pageSize]=5', { headers: auth })).status).toBe(200);
    const refused = await call('/api/articles/featured?pagination[pageSize]=50', { headers: auth });
    expect([refused.status, JSON.parse(refused.text)]).toEqual([403, { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } }]);
    const patch = await call('/api/articles', { method: 'PATCH' });
    expect([patch.status, patch.headers.allow, patch.text]).toEqual([405, 'HEAD, GET, POST', 'Method Not Allowed']);
    const missing = await call('/api/articles/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect([missing.status, JSON.parse(missing.text)]).toEqual([404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }]);
    const badQuery = await call('/api/articles?sort=nope:asc');
    expect(badQuery.status).toBe(400);
    expect((JSON.parse(badQuery.text) as { error: { name: string } }).error.name).toBe('ValidationError');
  });

  it('answers preflights and health checks before any global middleware, as before', async () => {
    const preflight = await call('/api/articles', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['x-trace-id']).toBeUndefined();
    const health = await call('/_health');
    expect(health.status).toBe(204);
    expect(health.headers['x-trace-id']).toBeUndefined();
    expect(health.headers).toMatchObject(SECURITY);
  });
});
