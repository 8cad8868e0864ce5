import { Router } from 'express';
import { createHttpApp, type HttpAppOptions } from './create-app';
import { call, listen, publicAuth, type TestServer } from '../../../test/helpers/http-server';
import { pathOf, type RequestLine } from './request-log';

let server: TestServer;
afterEach(async () => server?.close());

/** `before`: app routes that run ahead of the test's /things and /boom. */
async function start(overrides: Partial<HttpAppOptions> = {}, before: Router[] = []) {
  const lines: RequestLine[] = [];
  const errors: Array<{ err: unknown; request: unknown }> = [];
  const routes = Router();
  routes.get('/things', (_req, res) => void res.json({ data: [] }));
  routes.post('/things', (_req, res) => void res.status(201).json({ data: {} }));
  routes.get('/boom', () => {
    throw new Error('secret connection string postgres://u:pw@db');
  });
  server = await listen(
    createHttpApp({
      routes: [...before, routes],
      authenticate: async () => publicAuth,
      logger: { error: (err, request) => errors.push({ err, request }) },
      requestLog: (line) => lines.push(line),
      ...overrides,
    }),
  );
  // The line is written on the response's `close`, which may follow the client's read.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { lines, errors, settle };
}

describe('request log', () => {
  it('writes one line per request: method, path without the query string, status, duration and the id sent back', async () => {
    const { lines, settle } = await start();
    const res = await call(`${server.url}/api/things?filters[email][$eq]=a@b.c&access_token=secret`, { headers: { authorization: 'Bearer top-secret' } });
    await settle();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toEqual({ reqId: res.headers.get('x-request-id'), method: 'GET', path: '/api/things', status: 200, durationMs: expect.any(Number) });
    expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(lines)).not.toMatch(/secret|a@b\.c/);
  });

  it('logs 201s, 404s, preflights and health checks alike', async () => {
    const { lines, settle } = await start();
    await call(`${server.url}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { password: 'hunter2' } }) });
    await call(`${server.url}/api/nothing-here`);
    await call(`${server.url}/api/things`, { method: 'OPTIONS' });
    await call(`${server.url}/_health`);
    await settle();
    expect(lines.map((l) => `${l.method} ${l.path} ${l.status}`)).toEqual(['POST /api/things 201', 'GET /api/nothing-here 404', 'OPTIONS /api/things 204', 'GET /_health 204']);
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it("names the X-Request-Id the client got when an app middleware replaced the header, unless the replacement is not a plain token", async () => {
    const replacing = Router();
    replacing.use((req, res, next) => {
      const wanted = req.headers['x-replace-with'];
      if (typeof wanted === 'string') res.setHeader('X-Request-Id', wanted);
      next();
    });
    const { lines, errors, settle } = await start({}, [replacing]);
    const replaced = await call(`${server.url}/api/things`, { headers: { 'x-replace-with': 'trace-1234' } });
    const forged = await call(`${server.url}/api/things`, { headers: { 'x-replace-with': 'a b"c' } });
    const failed = await call(`${server.url}/api/boom`, { headers: { 'x-replace-with': 'trace-5678' } });
    await settle();
    expect(replaced.headers.get('x-request-id')).toBe('trace-1234');
    expect(lines.map((l) => l.reqId)).toEqual(['trace-1234', expect.stringMatching(/^[0-9a-f-]{36}$/), 'trace-5678']);
    expect(lines[1].reqId).not.toBe(forged.headers.get('x-request-id'));
    expect(failed.status).toBe(500);
    expect(errors.map((e) => (e.request as { reqId?: string }).reqId)).toEqual(['trace-5678']);
  });

  it('keeps a plain incoming X-Request-Id and replaces one that could forge a line or a header', async () => {
    const { lines, settle } = await start();
    const kept = await call(`${server.url}/api/things`, { headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    const long = await call(`${server.url}/api/things`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    const odd = await call(`${server.url}/api/things`, { headers: { 'x-request-id': 'a b"c' } });
    await settle();
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42:1');
    expect(long.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((l) => l.reqId)).toEqual(['lb-7f3a.42:1', long.headers.get('x-request-id'), odd.headers.get('x-request-id')]);
  });

  it('hands a 500 to the error logger with the request, and the client gets no detail', async () => {
    const { lines, errors, settle } = await start();
    const res = await call(`${server.url}/api/boom?token=secret`);
    await settle();
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
    expect(res.text).not.toMatch(/postgres|at /);
    expect(errors).toHaveLength(1);
    expect((errors[0].err as Error).stack).toContain('request-log.test.ts');
    expect(errors[0].request).toEqual({ reqId: res.headers.get('x-request-id'), method: 'GET', path: '/api/boom' });
    expect(lines.map((l) => l.status)).toEqual([500]);
  });

  it('writes no line without a requestLog, and still sends the request id', async () => {
    const { lines, settle } = await start({ requestLog: undefined });
    const res = await call(`${server.url}/api/things`);
    await settle();
    expect(lines).toEqual([]);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pathOf drops the query string', () => {
    expect(pathOf('/api/auth/email-confirmation?confirmation=abc')).toBe('/api/auth/email-confirmation');
    expect(pathOf('/api/x')).toBe('/api/x');
  });
});

describe('security headers and X-Powered-By', () => {
  it('sends helmet-like defaults and no X-Powered-By', async () => {
    await start();
    const res = await call(`${server.url}/api/things`);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('applies the options: headers changed, turned off, X-Powered-By set', async () => {
    await start({ security: { frameOptions: 'DENY', referrerPolicy: false, contentSecurityPolicy: "default-src 'self'", contentSecurityPolicyReportOnly: true, xssProtection: true, poweredBy: 'cms-gen' } });
    const res = await call(`${server.url}/api/things`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('content-security-policy-report-only')).toBe("default-src 'self'");
    expect(res.headers.get('x-xss-protection')).toBe('0');
    expect(res.headers.get('x-powered-by')).toBe('cms-gen');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
