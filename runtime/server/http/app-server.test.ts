import { execFileSync } from 'node:child_process';
import { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
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

  // Run under tsx itself, as `npm run dev`, the demo and the bench run the app: its esbuild
  // keepNames would rename `const Sub = class …` (why that matters: app-server.ts, `unnamed`).
  it('gives the server request and response classes whose name tsx leaves alone', () => {
    const script = `
      const { IncomingMessage, ServerResponse } = require('node:http');
      const server = require(${JSON.stringify(join(__dirname, 'app-server.ts'))}).createAppServer(require('express')());
      const names = Object.getOwnPropertySymbols(server).map((s) => server[s])
        .filter((v) => typeof v === 'function' && (v.prototype instanceof IncomingMessage || v.prototype instanceof ServerResponse))
        .map((v) => v.name);
      process.stdout.write(JSON.stringify(names));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: __dirname, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(['', '']);
  });
});
