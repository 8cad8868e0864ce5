import express from 'express';
import { matchesFixedRoute, responsePreamble } from './preamble';
import { listen, type TestServer } from '../../../test/helpers/http-server';

let server: TestServer | undefined;
afterEach(async () => server?.close());

async function serve(ready = true): Promise<string> {
  const app = express();
  app.use(responsePreamble({ readiness: ready ? { checkDatabase: async () => undefined, stopping: () => false } : undefined }));
  app.use((req, res) => void res.json({ method: req.method, path: req.path, body: (req as { body?: unknown }).body ?? null }));
  server = await listen(app);
  return server.url;
}

describe('the response preamble', () => {
  it('matches /_health and /_ready as Express routes would: any case, optional trailing slash, nothing longer', () => {
    expect(matchesFixedRoute('/_health', '/_health')).toBe(true);
    expect(matchesFixedRoute('/_HEALTH/', '/_health')).toBe(true);
    expect(matchesFixedRoute('/_health//', '/_health')).toBe(false);
    expect(matchesFixedRoute('/_healthz', '/_health')).toBe(false);
    expect(matchesFixedRoute('/_health/x', '/_health')).toBe(false);
  });

  it('answers GET and HEAD /_health and GET /_ready with the headers every response has, and lets other methods through', async () => {
    const url = await serve();
    for (const [method, path] of [['GET', '/_health'], ['HEAD', '/_Health/'], ['GET', '/_ready']]) {
      const res = await fetch(`${url}${path}`, { method });
      expect([method, path, res.status < 300, res.headers.get('x-content-type-options'), res.headers.get('access-control-allow-origin')]).toEqual([method, path, true, 'nosniff', '*']);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const post = await fetch(`${url}/_health`, { method: 'POST' });
    expect(await post.json()).toEqual({ method: 'POST', path: '/_health', body: null });
    // Without readiness, /_ready is not served.
    await server?.close();
    const plain = await serve(false);
    expect(await (await fetch(`${plain}/_ready`)).json()).toEqual({ method: 'GET', path: '/_ready', body: null });
  });

  it('parses JSON bodies of writes only, and answers every OPTIONS itself', async () => {
    const url = await serve();
    const post = await fetch(`${url}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{"a":1}}' });
    expect(await post.json()).toEqual({ method: 'POST', path: '/things', body: { data: { a: 1 } } });
    // A DELETE's body is never read (as before: the parser is skipped for GET, HEAD and DELETE).
    const del = await fetch(`${url}/things`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(await del.json()).toEqual({ method: 'DELETE', path: '/things', body: null });
    const bad = await fetch(`${url}/things`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(bad.status).toBe(400);
    const options = await fetch(`${url}/things`, { method: 'OPTIONS' });
    expect([options.status, options.headers.get('access-control-allow-methods')]).toEqual([204, 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS']);
  });
});
