// How a generated app process starts, fails and stops. Binding and signals are independent of the
// database, so this runs on SQLite only. The stop tests run under NODE_ENV=production and
// development as well as test: libraries change what they do on signals by environment (Apollo
// Server stopped the process itself on SIGTERM outside `test`), so only the real modes show what
// a deploy, `docker stop` or Ctrl-C does.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';
import { startAppProcess, type AppProcess } from '../helpers/app-process';
import { copyMigratedSqlite } from '../helpers/migrated-database';
import { openConnection, requestText, type RawConnection } from '../helpers/raw-http';

const ROOT = resolve(__dirname, '..', '..');
const JWT_SECRET = randomBytes(32).toString('hex');
const STOPPING = 'finishing requests in flight, then stopping';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the server answered `100 Continue`: it has parsed the request's head and started it. */
async function started(connection: RawConnection, raw: () => string): Promise<void> {
  for (let i = 0; i < 600 && !raw().includes('100 Continue'); i++) await sleep(50);
  if (!raw().includes('100 Continue')) throw new Error('the server never started the request');
}

/** A connection that records its raw bytes too (to see `100 Continue`, which responses skip). */
async function recordingConnection(url: string): Promise<{ connection: RawConnection; raw: () => string }> {
  const connection = await openConnection(url);
  let raw = '';
  connection.onData((chunk) => (raw += chunk.toString('latin1')));
  return { connection, raw: () => raw };
}

/** A multipart body of one file of `size` bytes, split into its head, its content and its tail. */
function multipart(name: string, size: number) {
  const boundary = 'cmsgenlifecycle';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const content = Buffer.alloc(size, 'u');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, content, tail]) };
}

function uploadRoots(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('cms-gen-upload-'));
}

describe('app lifecycle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-lifecycle-'));
  const processes: AppProcess[] = [];
  const connections: RawConnection[] = [];
  // Each process starts on its own SQLite file, a copy of the fixture app's migrated database
  // (migrated-database.ts): binding and stopping are the subject here, not the first migration.
  const start = async (env: Record<string, string> & { DATABASE_URL: string }) => {
    await copyMigratedSqlite(join(ROOT, 'fixtures', 'strapi-blog', 'app'), env.DATABASE_URL.slice('file:'.length));
    const app = startAppProcess({ HOST: '127.0.0.1', PORT: '0', JWT_SECRET, ...env });
    processes.push(app);
    return app;
  };
  afterAll(() => {
    for (const c of connections) c.destroy();
    for (const p of processes) p.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('with a first instance running', () => {
    let running: FixtureApp;
    beforeAll(async () => {
      running = await startFixtureApp('sqlite');
    }, 120_000);
    afterAll(() => running?.stop());

    it('exits 1 with a clear message when its port is taken, instead of claiming to listen', async () => {
      const port = new URL(running.url).port;
      const second = await start({ PORT: port, DATABASE_URL: `file:${join(dir, 'second.db')}` });
      expect((await second.exit).code).toBe(1);
      expect(second.stderr()).toContain(`cannot start the HTTP server: port ${port} on 127.0.0.1 is already in use`);
      expect(second.stderr()).not.toContain('listening');
      // The first instance still serves.
      expect((await fetch(`${running.url}/api/articles`)).status).toBe(200);
    }, 120_000);
  });

  describe.each(['production', 'development', 'test'])('stopping under NODE_ENV=%s', (environment) => {
    it('lets a slow JSON write and an upload in flight finish, accepts nothing new, cleans up and exits 0', async () => {
      const temp = join(dir, `${environment}-tmp`);
      mkdirSync(temp);
      const database = join(dir, `${environment}.db`);
      const app = await start({ NODE_ENV: environment, DATABASE_URL: `file:${database}`, TMPDIR: temp });
      const url = await app.listening();

      // A keep-alive connection that served a request and now idles.
      const idle = await openConnection(url);
      connections.push(idle);
      const first = requestText('GET', '/api/articles', {});
      await idle.write(first.head);
      expect((await idle.response(1))[0].status).toBe(200);

      // An 800 KB JSON write and a 3 MB upload, their heads sent (and started by the server), most of their bodies not.
      const article = requestText('POST', '/api/articles', { 'content-type': 'application/json', expect: '100-continue' }, JSON.stringify({ data: { title: 'slow write', body: 'w'.repeat(800_000) } }));
      const upload = multipart('slow.bin', 3 * 1024 * 1024);
      const file = requestText('POST', '/api/upload', { 'content-type': upload.contentType, expect: '100-continue' }, upload.body);
      const json = await recordingConnection(url);
      const files = await recordingConnection(url);
      connections.push(json.connection, files.connection);
      await json.connection.write(article.head);
      await files.connection.write(file.head);
      await Promise.all([started(json.connection, json.raw), started(files.connection, files.raw)]);
      await json.connection.write(article.body.subarray(0, 100_000));
      await files.connection.write(file.body.subarray(0, 512 * 1024));

      app.signal('SIGTERM');
      await app.logged(`SIGTERM: ${STOPPING}`);

      // A new connection is refused; the idle keep-alive connection is closed without an answer.
      await expect(openConnection(url)).rejects.toThrow(/ECONNREFUSED/);
      expect((await idle.closed).length).toBe(1);

      // The rest of both bodies arrives over the next second or so. Right behind the write, on the
      // same connection, comes a second request (pipelined): it starts after the signal.
      const late = requestText('POST', '/api/authors', { 'content-type': 'application/json' }, JSON.stringify({ data: { name: 'after the signal' } }));
      const rest = file.body.subarray(512 * 1024);
      const slices = 10;
      for (let i = 0; i < slices; i++) {
        await files.connection.write(rest.subarray(Math.floor((rest.length * i) / slices), Math.floor((rest.length * (i + 1)) / slices)));
        if (i === 4) await json.connection.write(Buffer.concat([article.body.subarray(100_000), Buffer.from(late.head), late.body]));
        await sleep(100);
      }

      const written = await json.connection.closed;
      expect(written[0].status).toBe(201);
      expect(JSON.parse(written[0].body).data.body).toHaveLength(800_000);
      // Its answer tells the client the connection ends here, so nothing more is sent on it…
      expect(written[0].headers.connection).toBe('close');
      // …and the pipelined request is not served: unanswered (the client retries it elsewhere) or refused.
      expect(written.slice(1).map((r) => r.status).filter((s) => s !== 503)).toEqual([]);
      const uploaded = await files.connection.closed;
      expect(uploaded.map((r) => r.status)).toEqual([201]);
      expect(JSON.parse(uploaded[0].body)[0]).toMatchObject({ name: 'slow.bin', size: 3145.73 }) // KB of 1000 bytes, as Strapi counts;
      expect(uploaded[0].headers.connection).toBe('close');

      expect(await app.exit).toEqual({ code: 0, signal: null });
      const db = new Database(database, { readonly: true });
      try {
        expect(db.prepare("SELECT COUNT(DISTINCT document_id) AS n FROM articles WHERE title = 'slow write'").get()).toEqual({ n: 1 });
        expect(db.prepare("SELECT COUNT(*) AS n FROM files WHERE name = 'slow.bin'").get()).toEqual({ n: 1 });
        expect(db.prepare("SELECT COUNT(*) AS n FROM authors WHERE name = 'after the signal'").get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
      // A clean stop leaves no upload temp files behind.
      expect(uploadRoots(temp)).toEqual([]);
      expect(app.stderr()).not.toContain('error while stopping');
      // Nothing else in the process (Apollo, pino, the database drivers) listens for the signals.
      expect(app.stderr()).not.toMatch(/other SIG(TERM|INT) listener/);
    }, 180_000);
  });

  it('answers a request that reaches a kept-alive connection during the drain with 503, and serves it not', async () => {
    const database = join(dir, 'refused.db');
    const app = await start({ NODE_ENV: 'production', DATABASE_URL: `file:${database}` });
    const url = await app.listening();
    // An upload in flight keeps the server draining.
    const upload = multipart('keeps-draining.bin', 256 * 1024);
    const file = requestText('POST', '/api/upload', { 'content-type': upload.contentType, expect: '100-continue' }, upload.body);
    const files = await recordingConnection(url);
    connections.push(files.connection);
    await files.connection.write(file.head);
    await started(files.connection, files.raw);
    // A second connection whose request head arrives in two parts, the second after the signal.
    const late = requestText('POST', '/api/authors', { 'content-type': 'application/json' }, JSON.stringify({ data: { name: 'late' } }));
    const other = await openConnection(url);
    connections.push(other);
    await other.write(late.head.slice(0, 10));
    app.signal('SIGTERM');
    await app.logged(STOPPING);
    await other.write(Buffer.concat([Buffer.from(late.head.slice(10)), late.body]));
    const [refused] = await other.response(1);
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toEqual({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Shutting down', details: {} } });
    await files.connection.write(file.body);
    expect((await files.connection.response(1))[0].status).toBe(201);
    expect(await app.exit).toEqual({ code: 0, signal: null });
    const db = new Database(database, { readonly: true });
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM authors WHERE name = 'late'").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  }, 120_000);

  it('cuts requests still running after SHUTDOWN_TIMEOUT_MS, says so, and exits 0', async () => {
    const app = await start({ NODE_ENV: 'production', DATABASE_URL: `file:${join(dir, 'timeout.db')}`, SHUTDOWN_TIMEOUT_MS: '300' });
    const url = await app.listening();
    // A request whose body never finishes arriving.
    const stuck = requestText('POST', '/api/authors', { 'content-type': 'application/json', expect: '100-continue' }, '{"data":{"name":"never"}}');
    const { connection, raw } = await recordingConnection(url);
    connections.push(connection);
    await connection.write(stuck.head);
    await started(connection, raw);
    await connection.write(stuck.body.subarray(0, 8));
    app.signal('SIGTERM');
    expect(await app.exit).toEqual({ code: 0, signal: null });
    expect(await connection.closed).toEqual([]);
    expect(app.stderr()).toContain('1 connection(s) still busy after SHUTDOWN_TIMEOUT_MS (300 ms) were cut');
  }, 120_000);

  it('loads the packages of features it has not used yet on their first use, not at start', async () => {
    // graphql-jit (with fast-json-stringify and ajv) until a query is compiled, multer until an
    // upload, jsonwebtoken until a token, rate-limiter-flexible until a limited route, croner
    // until a cron task, and the optional ones until their feature runs.
    const deferred = ['graphql-jit', 'fast-json-stringify', 'ajv', 'multer', 'busboy', 'jsonwebtoken', 'rate-limiter-flexible', 'croner', 'file-type', 'sharp', 'nodemailer', 'handlebars', 'ioredis', '@aws-sdk/client-s3'];
    const list = join(dir, 'loaded-packages.json');
    const preload = join(ROOT, 'test', 'helpers', 'loaded-packages.cjs');
    const app = await start({ NODE_ENV: 'production', DATABASE_URL: `file:${join(dir, 'loaded.db')}`, NODE_OPTIONS: `--require ${preload}`, LOADED_PACKAGES_FILE: list });
    await app.listening();
    app.signal('SIGTERM');
    expect(await app.exit).toEqual({ code: 0, signal: null });
    const loaded = JSON.parse(readFileSync(list, 'utf8')) as string[];
    // What a start needs is in the list (it is the process's real one)...
    expect(loaded).toEqual(expect.arrayContaining(['express', 'graphql', 'type-graphql', '@apollo/server', 'better-sqlite3', 'pino']));
    // ...and what it does not need is not.
    expect(loaded.filter((name) => deferred.includes(name))).toEqual([]);
  }, 120_000);

  it.each(['SIGTERM', 'SIGINT'] as const)('on a second %s during the drain, stops at once with 128 + the signal number', async (signal) => {
    const app = await start({ NODE_ENV: 'production', DATABASE_URL: `file:${join(dir, `twice-${signal}.db`)}` });
    const url = await app.listening();
    const stuck = requestText('POST', '/api/authors', { 'content-type': 'application/json', expect: '100-continue' }, '{"data":{"name":"never"}}');
    const { connection, raw } = await recordingConnection(url);
    connections.push(connection);
    await connection.write(stuck.head);
    await started(connection, raw);
    app.signal(signal);
    await app.logged(`${signal}: ${STOPPING}`);
    app.signal(signal);
    expect(await app.exit).toEqual({ code: signal === 'SIGTERM' ? 143 : 130, signal: null });
    expect(await connection.closed).toEqual([]);
    expect(app.stderr()).toContain(`second ${signal}: stopping now, 1 connection(s) cut`);
  }, 120_000);

  it('`npm run demo` passes SIGTERM on to the server, so no orphan keeps serving', async () => {
    // The script is `npm run generate && exec tsx …`: its first step rebuilds the fixture app in
    // place (a build under tsx, about 6 CPU-seconds), which is not what this test is about and would
    // rewrite files that suites running beside it read. An `npm` earlier on the script's PATH
    // answers that step (and only it) with success, and records that it was asked; the script, its
    // shell and its `exec tsx` run as written. A build as a process runs in generator/cli.test.ts,
    // and `npm run check:generated` (repository-checks) shows the fixture is what it writes.
    const shim = join(dir, 'npm-shim');
    mkdirSync(shim);
    const asked = join(dir, 'generate-asked');
    writeFileSync(join(shim, 'npm'), `#!/bin/sh\nif [ "$*" = "run generate" ]; then : > '${asked}'; exit 0; fi\necho "npm shim: unexpected npm $*" >&2\nexit 2\n`, { mode: 0o755 });
    const npmPath = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
    const npm = spawn(npmPath, ['run', 'demo'], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${shim}:${process.env.PATH ?? ''}`, HOST: '127.0.0.1', PORT: '0', DATABASE_URL: `file:${join(dir, 'demo.db')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    npm.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const exit = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
    let base = '';
    for (let i = 0; i < 900 && !base; i++) {
      base = /demo serving (http:\/\/[^/\s]+)/.exec(output)?.[1] ?? '';
      if (!base) await sleep(100);
    }
    expect(base).not.toBe('');
    expect(existsSync(asked)).toBe(true);
    expect((await fetch(`${base}/api/articles`)).status).toBe(200);
    npm.kill('SIGTERM');
    await exit;
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      refused = await fetch(`${base}/_health`).then(
        () => false,
        () => true,
      );
      if (!refused) await sleep(100);
    }
    expect(refused).toBe(true);
  }, 180_000);
});
