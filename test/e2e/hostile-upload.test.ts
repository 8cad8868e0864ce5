// Uploads meant to hurt the server, end to end: image bombs (a 30 KB PNG that decodes to 256 Mpx, a
// 16000×16000 SVG), PNGs whose header lies or does not parse, a client that disconnects mid-upload,
// and a server killed with SIGKILL mid-upload. Each must cost little, answer in Strapi's error
// envelope, and leave neither records, stored files nor temp files behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledPath } from '../helpers/compiled-app';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import type { TestDatabase } from '../helpers/fixture-app';
import { brokenHeaderPng, hugeSvg, lyingPng, zeroPng } from '../helpers/hostile-images';
import { OWNER_FILE } from '../../runtime/upload/temp-root';

const REPO = join(__dirname, '..', '..');
const MB = 1024 * 1024;

interface Reply {
  status: number;
  // Tests assert on arbitrary JSON shapes.
  body: any;
}

async function upload(base: string, files: Array<{ name: string; data: Buffer | string }>): Promise<Reply> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(typeof f.data === 'string' ? Buffer.from(f.data) : f.data)]), f.name);
  const res = await fetch(`${base}/api/upload`, { method: 'POST', body: form });
  return { status: res.status, body: await res.json() };
}

/** Peak growth of this process's RSS while `work` runs (sharp works on other threads of it). */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; mb: number; seconds: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const started = Date.now();
  try {
    const result = await work();
    return { result, mb: (peak - base) / MB, seconds: (Date.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

/** Files (not directories) anywhere under `dir`, but a temp root's owner file (which lives as long as the app). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name !== OWNER_FILE && statSync(join(dir, name)).isFile());
}

const uploadRoots = (parent: string) => readdirSync(parent).filter((name) => name.startsWith('cms-gen-upload-'));

/** Polls `check` every 50 ms for at most `ms`; true once it holds. */
async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/**
 * Starts a multipart upload that announces 50 MB, sends 2 MB of it and then stalls, like a client
 * on a dead connection: the server holds a partial temp file until the request ends.
 */
function stalledUpload(base: string): ClientRequest {
  const boundary = 'hostile-upload-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="partial.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const req = request(`${base}/api/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 50 * MB) },
  });
  req.on('error', () => undefined); // the connection is destroyed on purpose
  req.write(head);
  req.write(Buffer.alloc(2 * MB, 7));
  return req;
}

/** The size of the largest temp file under `dir`. */
const largestFile = (dir: string) => Math.max(0, ...filesUnder(dir).map((name) => statSync(join(dir, name)).size));

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('hostile uploads on %s', (database) => {
  let testDb: TestDb;
  let app: ConfiguredApp;
  /** The app's temp root: the one that appeared when it started. */
  let root: string;
  const fileCount = async () => Number((await app.db.query('SELECT COUNT(*) AS c FROM files'))[0].c);
  const stored = () => filesUnder(join(app.appDir, 'public', 'uploads'));
  const tempFiles = () => filesUnder(root);

  beforeAll(async () => {
    testDb = await createTestDatabase(database);
    const existing = new Set(uploadRoots(tmpdir()));
    app = await startConfiguredApp(testDb.url, {});
    // Other processes' apps may start at the same moment: only this process's new root is ours.
    const created = uploadRoots(tmpdir()).filter((name) => !existing.has(name) && name.startsWith(`cms-gen-upload-${process.pid}-`));
    expect(created).toHaveLength(1);
    root = join(tmpdir(), created[0]);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await testDb?.drop();
  });

  it('refuses 256 Mpx PNG bombs by their header: fast, in bounded memory, nothing stored', async () => {
    const bomb = zeroPng(16000, 16000);
    expect(bomb.length).toBeLessThan(40_000);
    // Three at once (before: 20–37 s each and 3.8 GB at peak), then one beside a valid image.
    const { result, mb, seconds } = await rssGrowth(() => Promise.all([1, 2, 3].map((n) => upload(app.url, [{ name: `bomb${n}.png`, data: bomb }]))));
    for (const [i, res] of result.entries()) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: `bomb${i + 1}.png: the image is 16000×16000 pixels (256 Mpx), more than the 50 Mpx allowed`,
          details: expect.objectContaining({ maxPixels: 50_000_000 }),
        },
      });
    }
    expect(seconds).toBeLessThan(10);
    expect(mb).toBeLessThan(400);
    const mixed = await upload(app.url, [{ name: 'fine.svg', data: hugeSvg(100) }, { name: 'bomb.png', data: bomb }]);
    expect([mixed.status, mixed.body.error.name]).toEqual([400, 'ValidationError']);
    expect([await fileCount(), stored(), tempFiles()]).toEqual([0, [], []]);
  });

  it('refuses a bomb as the replacement of a stored file and keeps the file as it was', async () => {
    const small = await upload(app.url, [{ name: 'small.png', data: zeroPng(300, 200) }]);
    expect(small.status).toBe(201);
    const { id, url } = small.body[0];
    const bytes = async () => Buffer.from(await (await fetch(`${app.url}${url}`)).arrayBuffer());
    const storedBefore = await bytes();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(zeroPng(16000, 16000))]), 'bomb.png');
    const res = await fetch(`${app.url}/api/upload?id=${id}`, { method: 'POST', body: form });
    expect([res.status, (await res.json()).error.name]).toEqual([400, 'ValidationError']);
    const [row] = await app.db.query('SELECT width, height, url FROM files WHERE id = ?', [id]);
    expect([Number(row.width), Number(row.height), row.url]).toEqual([300, 200, url]);
    expect((await bytes()).equals(storedBefore)).toBe(true);
  });

  it('records a 16000×16000 SVG with its declared size without rasterizing it', async () => {
    const { result, mb, seconds } = await rssGrowth(() => upload(app.url, [{ name: 'huge.svg', data: hugeSvg() }]));
    expect(result.status).toBe(201);
    expect(result.body[0]).toMatchObject({ mime: 'image/svg+xml', width: 16000, height: 16000, formats: null });
    // Before: 29 s and 300 MB to render it for the validity check.
    expect(seconds).toBeLessThan(10);
    expect(mb).toBeLessThan(200);
  });

  it('refuses PNGs whose header does not parse or lies about the pixels behind it', async () => {
    const before = await fileCount();
    for (const [name, data] of [
      ['broken.png', brokenHeaderPng()],
      ['liar.png', lyingPng(3000, 3000)],
    ] as const) {
      const res = await upload(app.url, [{ name, data }]);
      expect(res.body).toEqual({ data: null, error: { status: 400, name: 'ApplicationError', message: 'File is not a valid image', details: {} } });
    }
    // A few dozen bytes claiming 30000×30000 (before: stored as image/png with width null).
    const huge = await upload(app.url, [{ name: 'huge-liar.png', data: lyingPng(30000, 30000) }]);
    expect([huge.status, huge.body.error.name, huge.body.error.message]).toEqual([400, 'ValidationError', 'huge-liar.png: the image is 30000×30000 pixels (900 Mpx), more than the 50 Mpx allowed']);
    expect(await fileCount()).toBe(before);
    expect(tempFiles()).toEqual([]);
  });

  it('removes the partial temp file when the client disconnects mid-upload', async () => {
    const before = await fileCount();
    const req = stalledUpload(app.url);
    expect(await eventually(() => largestFile(root) >= MB)).toBe(true);
    req.destroy();
    expect(await eventually(() => tempFiles().length === 0)).toBe(true);
    expect(await fileCount()).toBe(before);
  });
});

/** Starts the fixture app in a child process with its temp files under `tmp`; resolves with its URL. */
async function serveInChild(tmp: string): Promise<{ server: ChildProcess; url: string }> {
  // node itself on the compiled helper (test/helpers/compiled-app.ts), so the pid is the server's and SIGKILL reaches it.
  const server = spawn(process.execPath, [compiledPath(join(REPO, 'test', 'helpers', 'serve-fixture-app.ts'))], {
    cwd: REPO,
    env: { ...process.env, TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (data: Buffer) => {
      out += data.toString();
      const match = /URL (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { server, url };
}

async function kill(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

describe('a server killed with SIGKILL mid-upload', () => {
  let tmp: string;
  const children: ChildProcess[] = [];

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'cms-gen-killed-'));
  });

  afterAll(async () => {
    for (const child of children) await kill(child);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('leaves its partial file, and the next start removes it', async () => {
    const first = await serveInChild(tmp);
    children.push(first.server);
    const [root] = uploadRoots(tmp);
    expect(root).toMatch(new RegExp(`^cms-gen-upload-${first.server.pid}-`));
    const req = stalledUpload(first.url);
    expect(await eventually(() => largestFile(join(tmp, root)) >= MB)).toBe(true);
    await kill(first.server);
    req.destroy();
    // Nothing ran on the way out: the partial upload is still there.
    expect(filesUnder(join(tmp, root)).length).toBe(1);

    const second = await serveInChild(tmp);
    children.push(second.server);
    expect(existsSync(join(tmp, root))).toBe(false);
    expect(uploadRoots(tmp)).toEqual([expect.stringMatching(new RegExp(`^cms-gen-upload-${second.server.pid}-`))]);
  }, 90_000);
});
