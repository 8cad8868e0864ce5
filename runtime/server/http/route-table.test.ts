import express, { type NextFunction, type Request, type Response } from 'express';
import { RouteTable } from './route-table';
import { listen, type TestServer } from '../../../test/helpers/http-server';

let server: TestServer | undefined;
afterEach(async () => server?.close());

async function call(url: string, method = 'GET') {
  const res = await fetch(url, { method });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The table mounted as the runtime mounts it (under /api), with a fall-through and an error handler behind. */
async function serve(table: RouteTable): Promise<string> {
  const app = express();
  const api = express.Router();
  api.use(table.handler());
  api.use((req, res) => void res.status(404).send(`fell through ${req.method} ${req.path} params=${JSON.stringify(req.params)}`));
  app.use('/api', api);
  app.use((err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => void res.status(err.status ?? 500).send(`error ${err.message}`));
  server = await listen(app);
  return `${server.url}/api`;
}

describe('RouteTable', () => {
  it('tries routes in the order they were added: a custom route before the core one it shadows', async () => {
    const table = new RouteTable();
    table.add('GET', '/articles/featured', [(_req, res) => void res.send('featured')]);
    table.add('GET', '/articles/:id', [(req, res) => void res.send(`one ${req.params.id} via ${(req as { route?: { path: string } }).route?.path}`)]);
    const url = await serve(table);
    expect((await call(`${url}/articles/featured`)).text).toBe('featured');
    expect((await call(`${url}/articles/abc`)).text).toBe('one abc via /articles/:id');
    // Case-insensitive with an optional trailing slash, parameters decoded, as Express matches.
    expect((await call(`${url}/ARTICLES/a%20b/`)).text).toBe('one a b via /articles/:id');
  });

  it('runs GET handlers for HEAD, and only the handlers of the method asked', async () => {
    const table = new RouteTable();
    table.add('GET', '/things', [(_req, res) => void res.set('X-Handler', 'get').send('list')]);
    table.add('POST', '/things', [(_req, res) => void res.status(201).send('created')]);
    const url = await serve(table);
    const head = await call(`${url}/things`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-handler')).toBe('get');
    expect(head.text).toBe('');
    expect((await call(`${url}/things`, 'POST')).status).toBe(201);
    expect((await call(`${url}/things`, 'DELETE')).text).toBe('fell through DELETE /things params={}');
  });

  it("follows Express's next(): the next handler, next('route'), next('router'), and errors thrown, passed or rejected", async () => {
    const table = new RouteTable();
    table.add('GET', '/chain', [(_req, res, next) => (res.setHeader('X-First', '1'), next()), (_req, res) => void res.send('second')]);
    table.add('GET', '/skip/:id', [(_req, _res, next) => next('route'), () => void 0]);
    table.add('GET', '/skip/:id', [(req, res) => void res.send(`after skip ${req.params.id}`)]);
    table.add('GET', '/leave/:id', [(_req, _res, next) => next('router')]);
    table.add('GET', '/:anything/:id', [(req, res) => void res.send(`pattern ${req.params.anything}`)]);
    table.add('GET', '/thrown', [() => {
      throw new Error('thrown');
    }]);
    table.add('GET', '/passed', [(_req, _res, next) => next(new Error('passed'))]);
    table.add('GET', '/rejected', [async () => Promise.reject(new Error('rejected'))]);
    const url = await serve(table);

    const chained = await call(`${url}/chain`);
    expect([chained.text, chained.headers.get('x-first')]).toEqual(['second', '1']);
    // The same path added twice keeps one place in the order, so next('route') reaches the pattern route.
    expect((await call(`${url}/skip/7`)).text).toBe('pattern skip');
    // next('router') leaves the table with the params of before it.
    expect((await call(`${url}/leave/7`)).text).toBe('fell through GET /leave/7 params={}');
    expect((await call(`${url}/thrown`)).text).toBe('error thrown');
    expect((await call(`${url}/passed`)).text).toBe('error passed');
    expect((await call(`${url}/rejected`)).text).toBe('error rejected');
  });

  it('answers a malformed escape in a parameter with 400, and runs the fallback when no route answered', async () => {
    const table = new RouteTable();
    table.add('GET', '/articles/:id', [(_req, res) => void res.send('one')]);
    table.setFallback((req, res, next) => (req.method === 'PATCH' ? void res.status(405).send('Method Not Allowed') : next()));
    const url = await serve(table);
    const bad = await call(`${url}/articles/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/^error Failed to decode param/);
    expect((await call(`${url}/articles/x`, 'PATCH')).status).toBe(405);
    expect((await call(`${url}/unknown`)).text).toBe('fell through GET /unknown params={}');
  });

  it('tells the router index which paths it may answer', () => {
    const table = new RouteTable();
    table.add('GET', '/articles/:id', [() => undefined]);
    const handler = table.handler();
    expect(handler.mayMatch('/articles/1', 'articles')).toBe(true);
    expect(handler.mayMatch('/authors/1', 'authors')).toBe(false);
    table.add('GET', '/:slug', [() => undefined]);
    expect(handler.mayMatch('/authors/1', 'authors')).toBe(true);
  });
});
