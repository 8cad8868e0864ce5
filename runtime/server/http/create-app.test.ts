import { Router } from 'express';
import { createHttpApp, type HttpAppOptions } from './create-app';
import { call, FakeCollection, listen, publicAuth, type TestServer } from '../../../test/helpers/http-server';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '@cms-gen/core/errors';
import type { AuthContext } from '@cms-gen/core/engine/types';
import { sendData } from './envelope';
import { authOf, queryOf } from './locals';

/**
 * Routes over an in-memory collection: enough of a content API for what this file checks (the
 * layer around the routes); the generated routes themselves are proven end to end
 * (test/e2e/rest-content.test.ts).
 */
function articleRoutes(articles: FakeCollection): Router {
  const router = Router();
  router
    .route('/articles')
    .get(async (_req, res) => sendData(res, 200, (await articles.find(queryOf(res), authOf(res))).results))
    .post(async (req, res) => sendData(res, 201, await articles.create(req.body as unknown, queryOf(res), authOf(res))));
  router.get('/articles/:documentId', async (req, res) => {
    const doc = await articles.findOne(req.params.documentId, queryOf(res), authOf(res));
    if (doc === null) throw new NotFoundError();
    sendData(res, 200, doc);
  });
  return router;
}

const NOT_FOUND = '{"data":null,"error":{"status":404,"name":"NotFoundError","message":"Not Found","details":{}}}';

interface Harness {
  server: TestServer;
  articles: FakeCollection;
  logged: unknown[];
  authCalls: number;
}

let h: Harness;

async function start(overrides: Partial<HttpAppOptions> = {}, authenticate?: HttpAppOptions['authenticate']): Promise<Harness> {
  const articles = new FakeCollection();
  const logged: unknown[] = [];
  const state = { authCalls: 0 };
  const boom = Router();
  boom.get('/boom', () => {
    throw new Error('secret connection string postgres://u:pw@db');
  });
  boom.get('/forbidden', () => {
    throw new ForbiddenError();
  });
  boom.get('/echo-query', (req, res) => sendData(res, 200, { locals: queryOf(res), express: req.query }));
  const app = createHttpApp({
    routes: [articleRoutes(articles), boom],
    authenticate: async (req) => {
      state.authCalls++;
      return authenticate ? authenticate(req) : publicAuth;
    },
    logger: { error: (err) => logged.push(err) },
    ...overrides,
  });
  const server = await listen(app);
  const harness: Harness = {
    server,
    articles,
    logged,
    get authCalls() {
      return state.authCalls;
    },
  };
  return harness;
}

afterEach(async () => {
  await h?.server.close();
});

describe('headers', () => {
  beforeEach(async () => {
    h = await start();
  });

  it('sends the security headers, CORS and JSON content type, and no branding or ETag', async () => {
    const res = await call(`${h.server.url}/api/articles`);
    expect(res.status).toBe(200);
    const headers = Object.fromEntries(res.headers);
    expect(headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(res.text)),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
      vary: 'Origin',
      'access-control-allow-origin': '*',
    });
    expect(headers['x-powered-by']).toBeUndefined();
    expect(headers.etag).toBeUndefined();
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('sends the same headers on errors', async () => {
    const res = await call(`${h.server.url}/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('answers an OPTIONS preflight with 204 and the allowances, before authentication', async () => {
    const res = await call(`${h.server.url}/api/articles`, {
      method: 'OPTIONS',
      headers: { origin: 'https://site.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS',
      'access-control-allow-headers': 'Content-Type,Authorization,Origin,Accept,Strapi-Response-Format,apollo-require-preflight,x-apollo-operation-name',
      'access-control-max-age': '31536000',
      vary: 'Origin',
    });
    expect(h.authCalls).toBe(0);
  });

  it('GET /_health → 204 without authentication', async () => {
    const res = await call(`${h.server.url}/_health`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call(`${h.server.url}/_health`, { method: 'HEAD' })).status).toBe(204);
    expect(h.authCalls).toBe(0);
  });
});

describe('HSTS and CORS options', () => {
  it('sends HSTS only for HTTPS requests (X-Forwarded-Proto when the proxy is trusted)', async () => {
    h = await start({ proxy: true });
    const https = await call(`${h.server.url}/api/articles`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await call(`${h.server.url}/api/articles`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    h = await start();
    const res = await call(`${h.server.url}/api/articles`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('reflects an allowed origin with credentials and ignores others', async () => {
    h = await start({ cors: { origin: ['https://app.example'], credentials: true } });
    const ok = await call(`${h.server.url}/api/articles`, { headers: { origin: 'https://app.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await call(`${h.server.url}/api/articles`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(other.status).toBe(204);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('can replace or drop the content-security-policy', async () => {
    h = await start({ security: { contentSecurityPolicy: false } });
    expect((await call(`${h.server.url}/api/articles`)).headers.get('content-security-policy')).toBeNull();
  });
});

describe('404', () => {
  beforeEach(async () => {
    h = await start();
  });

  it.each(['/api/nothing-here', '/', '/admin', '/api', '/api/articles/a/b', '/articles'])('GET %s → NotFoundError envelope', async (path) => {
    const res = await call(`${h.server.url}${path}`);
    expect(res.status).toBe(404);
    expect(res.text).toBe(NOT_FOUND);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('a known path with an unrouted method is 404 too', async () => {
    const res = await call(`${h.server.url}/api/articles`, { method: 'PATCH' });
    expect(res.status).toBe(404);
    expect(res.text).toBe(NOT_FOUND);
  });

  it('does not authenticate requests outside the prefix', async () => {
    await call(`${h.server.url}/admin`);
    expect(h.authCalls).toBe(0);
  });
});

describe('JSON bodies', () => {
  it('malformed JSON → 400 SyntaxError with the JSON.parse message', async () => {
    h = await start();
    const raw = '{"data": {';
    let expected = '';
    try {
      JSON.parse(raw);
    } catch (err) {
      expected = (err as Error).message;
    }
    const res = await call(`${h.server.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
    expect(res.status).toBe(400);
    // Strapi 5.54's answer has no `details` key.
    expect(res.text).toBe(JSON.stringify({ data: null, error: { status: 400, name: 'SyntaxError', message: expected } }));
    expect(h.logged).toEqual([]);
    expect(h.articles.calls).toEqual([]);
  });

  it('a body over the limit → 413 PayloadTooLargeError', async () => {
    h = await start({ jsonLimit: 64 });
    const body = JSON.stringify({ data: { title: 'x'.repeat(100) } });
    const res = await call(`${h.server.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(res.body).toStrictEqual({ data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'request entity too large' } });
    expect(h.logged).toEqual([]);
  });

  it('the default limit is 1mb', async () => {
    h = await start();
    const ok = JSON.stringify({ data: { title: 'x'.repeat(1024 * 1024 - 100) } });
    expect((await call(`${h.server.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ok })).status).toBe(201);
    const big = JSON.stringify({ data: { title: 'x'.repeat(1024 * 1024) } });
    expect((await call(`${h.server.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })).status).toBe(413);
  });

  it('an unsupported charset → 415 envelope', async () => {
    h = await start();
    const res = await call(`${h.server.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json; charset=latin9' }, body: '{"data":{}}' });
    expect(res.status).toBe(415);
    expect(res.body).toStrictEqual({ data: null, error: { status: 415, name: 'UnsupportedMediaTypeError', message: 'unsupported charset "LATIN9"' } });
  });

  it('a JSON body that is not an object or array → 400 SyntaxError in Strapi 5.54 words', async () => {
    h = await start();
    for (const raw of ['"x"', 'null', ' 12']) {
      const res = await call(`${h.server.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
      expect(res.status).toBe(400);
      expect(res.text).toBe(JSON.stringify({ data: null, error: { status: 400, name: 'SyntaxError', message: 'invalid JSON, only supports object and array' } }));
    }
    expect(h.articles.calls).toEqual([]);
  });

  it('a non-JSON content type leaves the body undefined for the operation', async () => {
    h = await start();
    const res = await call(`${h.server.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"data":{"title":"x"}}' });
    expect(res.status).toBe(400);
    expect(h.articles.calls[0]).toEqual({ op: 'create', args: [undefined, {}, publicAuth] });
  });

  it('accepts application/*+json types', async () => {
    h = await start();
    const res = await call(`${h.server.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/vnd.api+json' }, body: '{"data":{"title":"x"}}' });
    expect(res.status).toBe(201);
  });
});

describe('errors', () => {
  it('an unexpected error → 500 that leaks nothing, logged with its stack', async () => {
    h = await start();
    const res = await call(`${h.server.url}/api/boom`);
    expect(res.status).toBe(500);
    expect(res.text).toBe('{"data":null,"error":{"status":500,"name":"InternalServerError","message":"Internal Server Error","details":{}}}');
    expect(h.logged).toHaveLength(1);
    expect((h.logged[0] as Error).stack).toContain('secret connection string');
  });

  it('an ApplicationError keeps its status and is not logged', async () => {
    h = await start();
    const res = await call(`${h.server.url}/api/forbidden`);
    expect(res.status).toBe(403);
    expect(res.text).toBe('{"data":null,"error":{"status":403,"name":"ForbiddenError","message":"Forbidden","details":{}}}');
    expect(h.logged).toEqual([]);
  });

  it('a malformed percent-encoding in a path parameter → 400, not 500', async () => {
    h = await start();
    const res = await call(`${h.server.url}/api/articles/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ data: null, error: { status: 400 } });
    expect(h.logged).toEqual([]);
  });
});

describe('authentication', () => {
  it('runs once per request and hands the caller to the operation', async () => {
    const user: AuthContext = { kind: 'user', roleId: 1, user: { id: 7 }, can: () => true };
    h = await start({}, async () => user);
    await call(`${h.server.url}/api/articles`);
    expect(h.authCalls).toBe(1);
    expect(h.articles.calls[0].args[1]).toBe(user);
  });

  it('an authentication error becomes its envelope before any route runs', async () => {
    h = await start({}, async () => {
      throw new UnauthorizedError('Missing or invalid credentials');
    });
    const res = await call(`${h.server.url}/api/articles`, { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(res.status).toBe(401);
    expect(res.text).toBe('{"data":null,"error":{"status":401,"name":"UnauthorizedError","message":"Missing or invalid credentials","details":{}}}');
    expect(h.articles.calls).toEqual([]);
  });

  it('a synchronous throw from authenticate is handled too', async () => {
    h = await start({}, () => {
      throw new UnauthorizedError();
    });
    expect((await call(`${h.server.url}/api/articles`)).status).toBe(401);
  });
});

describe('query strings', () => {
  it('parses the query once into res.locals.query (and req.query) with the configured parser', async () => {
    let parses = 0;
    h = await start({
      parseQuery: (raw) => {
        parses++;
        return { raw };
      },
    });
    const res = await call(`${h.server.url}/api/echo-query?a=1&b[c]=2`);
    expect(res.body).toEqual({ data: { locals: { raw: 'a=1&b[c]=2' }, express: { raw: 'a=1&b[c]=2' } }, meta: {} });
    expect(parses).toBe(2); // once for res.locals, once because the route read req.query
  });

  it('gives an empty object without a query string', async () => {
    h = await start({ parseQuery: () => ({ parsed: true }) });
    await call(`${h.server.url}/api/articles`);
    await call(`${h.server.url}/api/articles?`);
    expect(h.articles.calls.map((c) => c.args[0])).toEqual([{}, {}]);
  });

  it('a parser error becomes a 400 envelope', async () => {
    h = await start({
      parseQuery: () => {
        throw new ValidationError('Invalid query');
      },
    });
    const res = await call(`${h.server.url}/api/articles?x=1`);
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"data":null,"error":{"status":400,"name":"ValidationError","message":"Invalid query","details":{}}}');
  });

  it('the default parser reads Strapi query syntax', async () => {
    h = await start();
    await call(`${h.server.url}/api/articles?filters[title][$eq]=Hello&pagination[pageSize]=2&sort[0]=title:asc`);
    expect(h.articles.calls[0].args[0]).toEqual({ filters: { title: { $eq: 'Hello' } }, pagination: { pageSize: '2' }, sort: ['title:asc'] });
  });

  it('an over-long array in the query → 400 ValidationError envelope', async () => {
    h = await start();
    const ids = Array.from({ length: 101 }, (_, i) => `filters[id][$in][${i}]=${i + 1}`).join('&');
    const res = await call(`${h.server.url}/api/articles?${ids}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError', details: expect.any(Object) } });
    expect(h.articles.calls).toEqual([]);
    expect(h.logged).toEqual([]);
  });
});

describe('mounting', () => {
  it('mounts root routes outside the prefix and honours a custom prefix', async () => {
    const root = Router();
    root.get('/graphql', (_req, res) => sendData(res, 200, 'gql'));
    const articles = new FakeCollection();
    const server = await listen(
      createHttpApp({ routes: [articleRoutes(articles)], rootRoutes: [root], prefix: '/v1', authenticate: async () => publicAuth, logger: { error: () => {} } }),
    );
    try {
      expect((await call(`${server.url}/graphql`)).body).toEqual({ data: 'gql', meta: {} });
      expect((await call(`${server.url}/v1/articles`)).status).toBe(200);
      expect((await call(`${server.url}/api/articles`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
