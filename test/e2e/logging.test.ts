// The fixture app's logs as production reads them: one JSON line per request (method, path,
// status, duration, the request id it sent back), start-up messages at their levels, the level
// filter of LOG_LEVEL, and no secret (Authorization header, password, token, query string) in any
// line. Also strapi::logger, strapi::poweredBy and strapi::security from config/middlewares.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type RunningApp } from '@cms-gen/runtime';
import { app as fixtureApp, appDir as fixtureAppDir } from '../../fixtures/strapi-blog/app/src/main';
import { freshDatabase, type TestDatabase } from '../helpers/fixture-app';

interface LoggedApp {
  running: RunningApp;
  /** Every line pino wrote, parsed. */
  entries(): Array<Record<string, unknown>>;
  /** Everything written, as text (for "never appears" checks). */
  text(): string;
  stop(): Promise<void>;
}

async function startLogged(database: TestDatabase, files: Record<string, unknown>, env: Record<string, string> = {}): Promise<LoggedApp> {
  const temp = await freshDatabase(database);
  const appDir = mkdtempSync(join(tmpdir(), 'cms-gen-logging-'));
  symlinkSync(join(fixtureAppDir, 'prisma'), join(appDir, 'prisma'), 'dir');
  mkdirSync(join(appDir, 'config'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(appDir, 'config', `${name}.json`), JSON.stringify(content));
  const saved = { ...process.env };
  Object.assign(process.env, { DATABASE_URL: temp.url }, env);
  const chunks: string[] = [];
  let running: RunningApp;
  try {
    running = await startApp({ ...fixtureApp, appDir }, { port: 0, host: '127.0.0.1', logDestination: { write: (chunk: string) => void chunks.push(chunk) } });
  } finally {
    for (const key of Object.keys(env)) if (saved[key] === undefined) delete process.env[key];
  }
  return {
    running,
    entries: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => chunks.join(''),
    stop: async () => {
      await running.close();
      rmSync(appDir, { recursive: true, force: true });
      await temp.drop();
    },
  };
}

/** The request line is written when the response closes, which may come just after the client read it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const requestLines = (app: LoggedApp) => app.entries().filter((e) => e.level === 'http');

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('request logs on %s', (database) => {
  let app: LoggedApp;
  beforeAll(async () => {
    app = await startLogged(database, { logger: { format: 'json' }, server: { colour: 'blue' } });
  }, 120_000);
  afterAll(async () => app?.stop());

  it('logs start-up messages as JSON at their level', () => {
    const entries = app.entries();
    expect(entries.find((e) => e.msg === 'config/server.json: colour is not a setting cms-gen reads; it is ignored')).toMatchObject({ level: 'warn', pid: process.pid, time: expect.any(String) });
    expect(entries.find((e) => typeof e.msg === 'string' && e.msg.startsWith('JWT_SECRET is not set'))).toMatchObject({ level: 'info' });
  });

  it('writes one JSON line per request with method, path, status, duration and the request id, and no secret', async () => {
    const password = 'Sup3r-Secret-Passw0rd';
    const registered = await fetch(`${app.running.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `logger${database}`, email: `logger-${database}@example.com`, password }),
    });
    expect(registered.status).toBe(200);
    const { jwt } = (await registered.json()) as { jwt: string };
    const list = await fetch(`${app.running.url}/api/articles?filters[title][$eq]=private-title&fields[0]=title`, { headers: { authorization: `Bearer ${jwt}`, cookie: 'session=cookie-secret' } });
    expect(list.status).toBe(200);
    const missing = await fetch(`${app.running.url}/api/nothing`, { headers: { 'x-request-id': 'edge-1234' } });
    expect(missing.status).toBe(404);
    await settle();

    const lines = requestLines(app);
    expect(lines.map((l) => [l.method, l.path, l.status])).toEqual([
      ['POST', '/api/auth/local/register', 200],
      ['GET', '/api/articles', 200],
      ['GET', '/api/nothing', 404],
    ]);
    expect(lines.map((l) => l.reqId)).toEqual([registered.headers.get('x-request-id'), list.headers.get('x-request-id'), 'edge-1234']);
    for (const line of lines) {
      expect(line).toMatchObject({ msg: `${line.method} ${line.path} ${line.status} (${line.durationMs} ms)`, time: expect.any(String) });
      expect(typeof line.durationMs).toBe('number');
      expect(line.durationMs as number).toBeGreaterThanOrEqual(0);
    }
    // Nothing the client sent besides method and path is logged.
    const text = app.text();
    for (const secret of [password, jwt, 'cookie-secret', 'private-title', `logger-${database}@example.com`]) expect(text).not.toContain(secret);
  });
});

describe('logging configuration', () => {
  it('LOG_LEVEL=warn drops request lines and info, keeps warnings', async () => {
    const app = await startLogged('sqlite', { logger: { format: 'json', level: 'debug' }, server: { colour: 'blue' } }, { LOG_LEVEL: 'warn' });
    try {
      await fetch(`${app.running.url}/api/articles`);
      await settle();
      const entries = app.entries();
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.level === 'warn' || e.level === 'error')).toBe(true);
      expect(entries.map((e) => e.msg)).toContain('config/server.json: colour is not a setting cms-gen reads; it is ignored');
    } finally {
      await app.stop();
    }
  }, 120_000);

  it('config/middlewares without strapi::logger: no request lines; strapi::poweredBy and strapi::security set the headers', async () => {
    const middlewares = [
      'strapi::errors',
      { name: 'strapi::security', config: { frameguard: { action: 'deny' }, referrerPolicy: false, contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'https://cdn.example'] } }, xframe: 'x' } },
      'strapi::cors',
      { name: 'strapi::poweredBy', config: { poweredBy: 'cms-gen' } },
      'strapi::body',
    ];
    const app = await startLogged('sqlite', { logger: { format: 'json' }, middlewares });
    try {
      const res = await fetch(`${app.running.url}/api/articles`);
      await settle();
      expect(res.status).toBe(200);
      expect(res.headers.get('x-powered-by')).toBe('cms-gen');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBeNull();
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'; img-src 'self' https://cdn.example");
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(requestLines(app)).toEqual([]);
      expect(app.entries().find((e) => typeof e.msg === 'string' && e.msg.includes('"xframe" is not a strapi::security option'))).toMatchObject({ level: 'warn' });
    } finally {
      await app.stop();
    }
  }, 120_000);

  it('an error answered 500 is logged with its stack and request id; the client gets the bare envelope', async () => {
    const app = await startLogged('sqlite', { logger: { format: 'json' } });
    try {
      // Breaking the database under a running app is the plainest unexpected error.
      await app.running.db.close();
      const res = await fetch(`${app.running.url}/api/articles`);
      await settle();
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
      const failure = app.entries().find((e) => e.level === 'error');
      expect(failure).toMatchObject({ msg: 'GET /api/articles failed', reqId: res.headers.get('x-request-id'), method: 'GET', path: '/api/articles', err: { stack: expect.stringMatching(/\n\s+at /) } });
      expect(requestLines(app).map((l) => l.status)).toEqual([500]);
    } finally {
      await app.stop().catch(() => undefined);
    }
  }, 120_000);
});
