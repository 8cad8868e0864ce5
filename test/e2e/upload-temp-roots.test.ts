// Upload temp files after a crash: an app killed with SIGKILL in the middle of an upload leaves its
// temp root (`<tmpdir>/cms-gen-upload-<pid>-<random>`, holding the partial file) behind, and the
// next start must remove it, however the killed process ended up: here it stays a zombie, as under
// a container init or supervisor that does not reap orphans (and on this project's CI-like hosts,
// whose pid 1 does not either). A zombie still answers kill(pid, 0), which is why roots of killed
// apps used to pile up, one per crash. Instances sharing the temp dir must keep each other's live
// roots. The app runs in production mode, as deployed, on SQLite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, type TestDatabase } from '../helpers/fixture-app';
import { startAppProcess, type AppProcess } from '../helpers/app-process';
import { copyMigratedSqlite } from '../helpers/migrated-database';
import { openConnection, requestText, type RawConnection } from '../helpers/raw-http';

const JWT_SECRET = randomBytes(32).toString('hex');
const FILE_SIZE = 5 * 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function uploadRequest(name: string) {
  const boundary = 'cmsgentemproots';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.alloc(FILE_SIZE, 'p'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return requestText('POST', '/api/upload', { 'content-type': `multipart/form-data; boundary=${boundary}` }, body);
}

/** Bytes of the files in a temp root (the partial uploads; not the owner file or scratch folders). */
function partialBytes(root: string): number {
  let total = 0;
  for (const name of readdirSync(root)) {
    const info = statSync(join(root, name));
    if (info.isFile() && !name.startsWith('.')) total += info.size;
  }
  return total;
}

const processState = (pid: number) => /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];

describe.each<TestDatabase>(['sqlite', 'postgres'])('upload temp roots after kill -9 on %s', (database) => {
  /** Each test's temp dir, shared by the instances it starts. */
  let temp = '';
  const temps: string[] = [];
  beforeEach(() => {
    temp = mkdtempSync(join(tmpdir(), 'cms-gen-temproots-'));
    temps.push(temp);
  });
  let db: { url: string; drop: () => Promise<void> };
  let second: { url: string; drop: () => Promise<void> };
  const processes: AppProcess[] = [];
  const connections: RawConnection[] = [];
  const start = (url: string, keepZombie = false) => {
    const app = startAppProcess({ NODE_ENV: 'production', JWT_SECRET, HOST: '127.0.0.1', PORT: '0', DATABASE_URL: url, TMPDIR: temp }, { keepZombie });
    processes.push(app);
    return app;
  };
  const roots = () => readdirSync(temp).filter((name) => name.startsWith('cms-gen-upload-'));
  const rootOf = (app: AppProcess) => {
    const found = roots().filter((name) => name.startsWith(`cms-gen-upload-${app.pid}-`));
    expect(found).toHaveLength(1);
    return join(temp, found[0]);
  };
  /** Sends the head and the first `bytes` of a 5 MB upload; resolves once the app has written them to its temp root. */
  const uploadInFlight = async (app: AppProcess, url: string, bytes: number) => {
    const upload = uploadRequest(`in-flight-${app.pid}.bin`);
    const connection = await openConnection(url);
    connections.push(connection);
    await connection.write(Buffer.concat([Buffer.from(upload.head), upload.body.subarray(0, bytes)]));
    const root = rootOf(app);
    for (let i = 0; i < 600 && partialBytes(root) < bytes - 1024; i++) await sleep(50);
    expect(partialBytes(root)).toBeGreaterThanOrEqual(bytes - 1024);
    return { connection, rest: upload.body.subarray(bytes), root };
  };

  beforeAll(async () => {
    db = await freshDatabase(database);
    // The second instance: the same database on PostgreSQL; SQLite is for one process.
    second = database === 'sqlite' ? await freshDatabase('sqlite') : db;
    // SQLite files start as copies of the fixture app's migrated database (migrated-database.ts): the
    // temp roots are the subject, not a first migration (its child process, about 0.6 CPU-s, ran once
    // per file). PostgreSQL's database is new, so one first start with its migration stays here.
    const appDir = join(__dirname, '..', '..', 'fixtures', 'strapi-blog', 'app');
    if (database === 'sqlite') for (const file of [db, second]) await copyMigratedSqlite(appDir, file.url.slice('file:'.length));
  }, 60_000);
  afterAll(async () => {
    for (const c of connections) c.destroy();
    for (const p of processes) p.dispose();
    if (second !== db) await second?.drop();
    await db?.drop();
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  });

  it('removes the partial upload of each killed app at the next start', async () => {
    for (let round = 1; round <= 2; round++) {
      const app = start(db.url, true);
      const url = await app.listening();
      expect(roots()).toEqual([`${rootOf(app).slice(temp.length + 1)}`]);
      const { root } = await uploadInFlight(app, url, 2 * 1024 * 1024);
      process.kill(app.pid, 'SIGKILL');
      for (let i = 0; i < 200 && processState(app.pid) !== 'Z'; i++) await sleep(25);
      // Killed, not reaped: the pid is still in the process table. Its partial upload is left.
      expect(processState(app.pid)).toBe('Z');
      expect(partialBytes(root)).toBeGreaterThan(0);

      const restarted = start(db.url);
      await restarted.listening();
      // Only the new app's own root is left.
      expect(roots()).toEqual([rootOf(restarted).slice(temp.length + 1)]);
      restarted.signal('SIGTERM');
      expect(await restarted.exit).toEqual({ code: 0, signal: null });
      expect(roots()).toEqual([]);
    }
  }, 300_000);

  it("keeps another instance's live root, with its upload in flight, when an instance starts beside it", async () => {
    const first = start(db.url);
    const firstUrl = await first.listening();
    const { connection, rest, root } = await uploadInFlight(first, firstUrl, 1024 * 1024);
    const other = start(second.url);
    const otherUrl = await other.listening();
    // The starting instance cleaned the temp dir: the first instance's root and its partial file are intact.
    expect(partialBytes(root)).toBeGreaterThanOrEqual(1024 * 1024 - 1024);
    expect(roots().sort()).toEqual([root, rootOf(other)].map((r) => r.slice(temp.length + 1)).sort());
    await connection.write(rest);
    const [answer] = await connection.response(1);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)[0]).toMatchObject({ name: `in-flight-${first.pid}.bin`, size: 5242.88 });
    // And the second instance uploads into its own root.
    const upload = uploadRequest('second.bin');
    const secondConnection = await openConnection(otherUrl);
    connections.push(secondConnection);
    await secondConnection.write(Buffer.concat([Buffer.from(upload.head), upload.body]));
    expect((await secondConnection.response(1))[0].status).toBe(201);
    for (const app of [first, other]) app.signal('SIGTERM');
    expect(await Promise.all([first.exit, other.exit])).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    expect(roots()).toEqual([]);
  }, 300_000);
});
