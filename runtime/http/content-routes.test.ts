import express from 'express';
import { createHttpApp } from './create-app';
import { collectionRouter, singleRouter } from './content-routes';
import { v4Transform } from './v4-format';
import { ARTICLE, schema } from '../query/__fixtures__/schema';
import { call, FakeCollection, FakeSingle, listen, publicAuth, type TestServer } from '../../test/helpers/http-server';
import { ForbiddenError, ValidationError } from '../errors';

/** The article type's v4 rewrite (the fakes' documents are article-shaped). */
const toV4 = v4Transform(schema, ARTICLE);

const NOT_FOUND = '{"data":null,"error":{"status":404,"name":"NotFoundError","message":"Not Found","details":{}}}';
const json = (body: unknown): RequestInit => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

let server: TestServer;
let articles: FakeCollection;
let homepage: FakeSingle;
let base: string;

beforeEach(async () => {
  articles = new FakeCollection();
  homepage = new FakeSingle();
  const app = createHttpApp({
    routes: [collectionRouter('articles', articles, toV4), singleRouter('homepage', homepage, toV4)],
    authenticate: async () => publicAuth,
    logger: { error: () => {} },
    parseQuery: (raw) => Object.fromEntries(new URLSearchParams(raw)),
  });
  server = await listen(app);
  base = `${server.url}/api`;
});

afterEach(async () => {
  await server.close();
});

describe('collection routes', () => {
  it('GET /:plural → 200 { data: results, meta: { pagination } }', async () => {
    const a = articles.add({ title: 'A' });
    const res = await call(`${base}/articles?locale=fr`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [a], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(articles.calls).toEqual([{ op: 'find', args: [{ locale: 'fr' }, publicAuth] }]);
  });

  it('HEAD /:plural → 200 without a body', async () => {
    articles.add({ title: 'A' });
    const res = await call(`${base}/articles`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('GET /:plural/:documentId → 200 { data, meta: {} }', async () => {
    const a = articles.add({ title: 'A' });
    const res = await call(`${base}/articles/${a.documentId as string}?fields=title`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: a, meta: {} });
    expect(articles.calls[0]).toEqual({ op: 'findOne', args: [a.documentId, { fields: 'title' }, publicAuth] });
  });

  it('GET /:plural/:documentId of a missing document → 404 NotFoundError', async () => {
    const res = await call(`${base}/articles/doesnotexist000000000000`);
    expect(res.status).toBe(404);
    expect(res.text).toBe(NOT_FOUND);
  });

  it('POST /:plural → 201 { data, meta: {} } with the raw body', async () => {
    const body = { data: { title: 'New' } };
    const res = await call(`${base}/articles?status=draft`, { method: 'POST', ...json(body) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { id: 1, documentId: expect.any(String), title: 'New' }, meta: {} });
    expect(articles.calls[0]).toEqual({ op: 'create', args: [body, { status: 'draft' }, publicAuth] });
  });

  it('POST /:plural without a body passes undefined to the operation', async () => {
    const res = await call(`${base}/articles`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body', details: {} } });
    expect(articles.calls[0].args[0]).toBeUndefined();
  });

  it('PUT /:plural/:documentId → 200 { data, meta: {} }', async () => {
    const a = articles.add({ title: 'A' });
    const res = await call(`${base}/articles/${a.documentId as string}`, { method: 'PUT', ...json({ data: { title: 'B' } }) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ...a, title: 'B' }, meta: {} });
    expect(articles.calls[0].op).toBe('update');
    expect(articles.calls[0].args[0]).toBe(a.documentId);
  });

  it('PUT of a missing document → 404 from the operation', async () => {
    const res = await call(`${base}/articles/doesnotexist000000000000`, { method: 'PUT', ...json({ data: { title: 'x' } }) });
    expect(res.status).toBe(404);
    expect(res.text).toBe(NOT_FOUND);
  });

  it('DELETE /:plural/:documentId → 204 with an empty body, also for a missing document', async () => {
    const a = articles.add({ title: 'A' });
    for (const id of [a.documentId as string, 'doesnotexist000000000000']) {
      const res = await call(`${base}/articles/${id}`, { method: 'DELETE' });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(res.headers.get('content-type')).toBeNull();
    }
    expect(articles.docs.size).toBe(0);
  });

  it('decodes the documentId path parameter', async () => {
    await call(`${base}/articles/a%20b`);
    expect(articles.calls[0].args[0]).toBe('a b');
  });

  it('operation errors become their envelopes', async () => {
    articles.find = async () => {
      throw new ForbiddenError();
    };
    articles.create = async () => {
      throw new ValidationError('title must be a `string` type', { errors: [{ path: ['title'], message: 'x', name: 'ValidationError', value: 1 }] });
    };
    expect((await call(`${base}/articles`)).body).toEqual({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
    const res = await call(`${base}/articles`, { method: 'POST', ...json({ data: { title: 1 } }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'title must be a `string` type', details: { errors: [{ path: ['title'], message: 'x', name: 'ValidationError', value: 1 }] } },
    });
  });

  it('serializes BigInt values as strings', async () => {
    articles.findOne = async () => ({ id: 1, documentId: 'x', big_counter: 9007199254740993n });
    const res = await call(`${base}/articles/x`);
    expect(res.text).toBe('{"data":{"id":1,"documentId":"x","big_counter":"9007199254740993"},"meta":{}}');
  });
});

describe('single type routes', () => {
  it('GET /:singular → 404 while empty, 200 { data, meta: {} } once written', async () => {
    expect((await call(`${base}/homepage`)).text).toBe(NOT_FOUND);
    const put = await call(`${base}/homepage?locale=en`, { method: 'PUT', ...json({ data: { title: 'Home' } }) });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ data: { id: 1, documentId: 'single000000000000000001', title: 'Home' }, meta: {} });
    expect(homepage.calls[1]).toEqual({ op: 'update', args: [{ data: { title: 'Home' } }, { locale: 'en' }, publicAuth] });
    const get = await call(`${base}/homepage`);
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ data: { id: 1, documentId: 'single000000000000000001', title: 'Home' }, meta: {} });
  });

  it('DELETE /:singular → 204 with an empty body', async () => {
    homepage.doc = { id: 1, documentId: 'h', title: 'Home' };
    const res = await call(`${base}/homepage`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(homepage.doc).toBeNull();
    expect((await call(`${base}/homepage`, { method: 'DELETE' })).status).toBe(204);
  });

  it('has no document-id routes', async () => {
    expect((await call(`${base}/homepage/abc`)).status).toBe(404);
    expect((await call(`${base}/homepage`, { method: 'POST', ...json({ data: {} }) })).status).toBe(404);
  });
});

describe('Strapi-Response-Format: v4', () => {
  const V4 = { 'strapi-response-format': 'v4' };
  const nested = (doc: Record<string, unknown>) => {
    const { id, documentId, ...attributes } = doc;
    return { id, documentId, attributes };
  };

  it('nests every document of a list under attributes, meta unchanged', async () => {
    const a = articles.add({ title: 'A', author: { id: 7, documentId: 'au', name: 'Ann' } });
    const b = articles.add({ title: 'B', author: null });
    const res = await call(`${base}/articles`, { headers: V4 });
    expect(res.body).toEqual({
      data: [
        { id: a.id, documentId: a.documentId, attributes: { title: 'A', author: { data: { id: 7, documentId: 'au', attributes: { name: 'Ann' } } } } },
        { id: b.id, documentId: b.documentId, attributes: { title: 'B', author: { data: null } } },
      ],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } },
    });
  });

  it('applies to findOne, create, update and the single type, not to errors or deletes', async () => {
    const a = articles.add({ title: 'A' });
    expect((await call(`${base}/articles/${a.documentId as string}`, { headers: V4 })).body).toEqual({ data: nested(a), meta: {} });
    const created = await call(`${base}/articles`, { method: 'POST', headers: { ...V4, 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'N' } }) });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ data: { id: 2, documentId: expect.any(String), attributes: { title: 'N' } }, meta: {} });
    const updated = await call(`${base}/articles/${a.documentId as string}`, { method: 'PUT', headers: { ...V4, 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'B' } }) });
    expect(updated.body).toEqual({ data: { id: a.id, documentId: a.documentId, attributes: { title: 'B' } }, meta: {} });
    expect((await call(`${base}/articles/doesnotexist000000000000`, { headers: V4 })).text).toBe(NOT_FOUND);
    expect((await call(`${base}/articles/${a.documentId as string}`, { method: 'DELETE', headers: V4 })).text).toBe('');
    const put = await call(`${base}/homepage`, { method: 'PUT', headers: { ...V4, 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Home' } }) });
    expect(put.body).toEqual({ data: { id: 1, documentId: 'single000000000000000001', attributes: { title: 'Home' } }, meta: {} });
    expect((await call(`${base}/homepage`, { headers: V4 })).body).toEqual(put.body);
  });

  it('answers flat without the header or with any other value', async () => {
    const a = articles.add({ title: 'A' });
    for (const headers of <Record<string, string>[]>[{}, { 'strapi-response-format': 'v5' }, { 'strapi-response-format': 'V4' }, { 'strapi-response-format': 'v4,v4' }]) {
      expect((await call(`${base}/articles/${a.documentId as string}`, { headers })).body).toEqual({ data: a, meta: {} });
    }
  });

  it('reads the header name case-insensitively', async () => {
    const a = articles.add({ title: 'A' });
    expect((await call(`${base}/articles/${a.documentId as string}`, { headers: { 'Strapi-Response-Format': 'v4' } })).body).toEqual({ data: nested(a), meta: {} });
  });
});

describe('router construction', () => {
  it('rejects API ids that would be read as path syntax', () => {
    expect(() => collectionRouter('articles/:x', new FakeCollection(), toV4)).toThrow('Invalid content-type API id');
    expect(() => singleRouter('home*', new FakeSingle(), toV4)).toThrow('Invalid content-type API id');
  });

  it('fails loudly when mounted without the auth middleware', async () => {
    const app = express();
    app.use(collectionRouter('articles', new FakeCollection(), toV4));
    const errors: unknown[] = [];
    app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      errors.push(err);
      res.status(500).end();
    });
    const bare = await listen(app);
    try {
      expect((await call(`${bare.url}/articles`)).status).toBe(500);
      expect(String(errors[0])).toContain('res.locals.auth is not set');
    } finally {
      await bare.close();
    }
  });
});
