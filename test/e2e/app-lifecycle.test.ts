// How a generated app process starts, fails and stops. Binding and signals are independent of the
// database, so this runs on SQLite only.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

const ROOT = resolve(__dirname, '..', '..');

interface AppProcess {
  child: ChildProcess;
  stderr: () => string;
  exit: Promise<number | null>;
}

function spawnMain(env: Record<string, string>): AppProcess {
  // node itself with tsx as a loader, as `node dist/main.js` runs in production: signals reach the server directly.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'fixtures/strapi-blog/app/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const exit = new Promise<number | null>((r) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      r(code);
    }),
  );
  return { child, stderr: () => stderr, exit };
}

async function listeningUrl(app: AppProcess): Promise<string> {
  for (let i = 0; i < 900; i++) {
    const match = /listening on (http:\/\/[^\s"]+)/.exec(app.stderr());
    if (match) return match[1];
    if (app.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`app did not start:\n${app.stderr()}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('app lifecycle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-lifecycle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('with a first instance running', () => {
    let running: FixtureApp;
    beforeAll(async () => {
      running = await startFixtureApp('sqlite');
    }, 120_000);
    afterAll(() => running?.stop());

    it('exits 1 with a clear message when its port is taken, instead of claiming to listen', async () => {
      const port = new URL(running.url).port;
      const second = spawnMain({ PORT: port, DATABASE_URL: `file:${join(dir, 'second.db')}` });
      expect(await second.exit).toBe(1);
      expect(second.stderr()).toContain(`cannot start the HTTP server: port ${port} on 127.0.0.1 is already in use`);
      expect(second.stderr()).not.toContain('listening');
      // The first instance still serves.
      expect((await fetch(`${running.url}/api/articles`)).status).toBe(200);
    }, 120_000);
  });

  it('on SIGTERM finishes an upload in flight, refuses new connections, and exits 0', async () => {
    const app = spawnMain({ PORT: '0', DATABASE_URL: `file:${join(dir, 'sigterm.db')}` });
    const url = new URL(await listeningUrl(app));
    const boundary = 'cmsgenboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const chunks = 8;
    const length = Buffer.byteLength(head) + chunk.length * chunks + Buffer.byteLength(tail);
    const response = new Promise<{ status: number; body: string }>((resolvePromise, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: '/api/upload', method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      void (async () => {
        req.write(head);
        for (let i = 0; i < chunks; i++) {
          req.write(chunk);
          // The stop signal arrives with the upload a quarter done; the rest takes another ~1.2 s.
          if (i === 1) app.child.kill('SIGTERM');
          await sleep(200);
        }
        req.end(tail);
      })();
    });
    await sleep(700);
    // While draining, the listener is closed: a new connection is refused.
    await expect(fetch(`${url.origin}/api/articles`)).rejects.toThrow();
    const answered = await response;
    expect(answered.status).toBe(201);
    expect(JSON.parse(answered.body)[0]).toMatchObject({ name: 'slow.txt', size: expect.any(Number) });
    expect(await app.exit).toBe(0);
    expect(app.stderr()).toContain('SIGTERM: finishing requests in flight, then stopping');
  }, 120_000);

  it('cuts requests still running after SHUTDOWN_TIMEOUT_MS and exits 0', async () => {
    const app = spawnMain({ PORT: '0', DATABASE_URL: `file:${join(dir, 'timeout.db')}`, SHUTDOWN_TIMEOUT_MS: '300' });
    const url = new URL(await listeningUrl(app));
    // A request whose body never finishes arriving.
    const req = request({ host: url.hostname, port: url.port, path: '/api/authors', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 1000 } });
    const failed = new Promise<boolean>((r) => {
      req.on('error', () => r(true));
      req.on('response', () => r(false));
    });
    req.write('{"data":');
    await sleep(300);
    const signalled = Date.now();
    app.child.kill('SIGTERM');
    expect(await app.exit).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(await failed).toBe(true);
  }, 120_000);

  it('`npm run demo` passes SIGTERM on to the server, so no orphan keeps serving', async () => {
    const npm = spawn('npm', ['run', 'demo'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATABASE_URL: `file:${join(dir, 'demo.db')}` },
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
