import { readFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import Module from 'node:module';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import express from 'express';
import { createAppServer } from './app-server';
import { call, listen, type TestServer } from '../../../test/helpers/http-server';

let server: TestServer | undefined;
afterEach(async () => server?.close());

describe('createAppServer', () => {
  it('creates requests and responses that already have the app prototypes, so Express re-parents nothing', async () => {
    const app = express();
    const seen: Record<string, unknown>[] = [];
    app.get('/things/:id', (req, res) => {
      seen.push({
        reqIsAppRequest: Object.getPrototypeOf(req) === app.request,
        resIsAppResponse: Object.getPrototypeOf(res) === app.response,
        isIncomingMessage: req instanceof IncomingMessage,
        isServerResponse: res instanceof ServerResponse,
        app: req.app === app && res.app === app,
      });
      // Express's own request and response helpers still work.
      res.status(201).set('X-Thing', req.params.id).json({ path: req.path, query: req.query, secure: req.secure, ip: typeof req.ip });
    });
    server = await listen(app);
    const res = await call(`${server.url}/things/42?x=1`);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-thing')).toBe('42');
    expect(res.body).toEqual({ path: '/things/42', query: { x: '1' }, secure: false, ip: 'string' });
    expect(seen).toEqual([{ reqIsAppRequest: true, resIsAppResponse: true, isIncomingMessage: true, isServerResponse: true, app: true }]);
  });

  it('keeps what the app prototypes inherit from Express (request and response methods)', () => {
    const app = express();
    const before = { request: Object.getPrototypeOf(app.request) as object, response: Object.getPrototypeOf(app.response) as object };
    createAppServer(app).close();
    expect(Object.getPrototypeOf(app.request)).toBe(before.request);
    expect(Object.getPrototypeOf(app.response)).toBe(before.response);
    expect(typeof (app.response as { json?: unknown }).json).toBe('function');
    expect((app.request as { app?: unknown }).app).toBe(app);
  });

  // tsx compiles with esbuild's keepNames, which redefines the `name` of every function and class
  // it can name. On these subclasses that kept V8 from ever keeping Node's HTTP parser optimized
  // (app-server.ts, `unnamed`). This compiles the module as tsx does and looks at the classes the
  // server was given.
  it('gives the server request and response classes whose name keepNames leaves alone (tsx)', () => {
    const file = join(__dirname, 'app-server.ts');
    const { code } = transformSync(readFileSync(file, 'utf8'), { loader: 'ts', format: 'cjs', keepNames: true, target: 'node20' });
    const compiled = new Module(file) as Module & { _compile(code: string, filename: string): void };
    compiled.filename = file;
    compiled.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(__dirname);
    compiled._compile(code, file);
    const { createAppServer: create } = compiled.exports as { createAppServer: (app: express.Express) => Server };
    const made = create(express());
    const classes = Object.getOwnPropertySymbols(made)
      .map((symbol) => (made as unknown as Record<symbol, unknown>)[symbol])
      .filter((value): value is new (...args: never[]) => object => typeof value === 'function' && (value.prototype instanceof IncomingMessage || value.prototype instanceof ServerResponse));
    made.close();
    expect(classes).toHaveLength(2);
    for (const cls of classes) expect(cls.name).toBe('');
  });
});
