// Cron tasks on three instances of the fixture app, each its own process (NODE_ENV=production), on
// one database: PostgreSQL through PgBouncer in transaction pooling mode, MariaDB, and one SQLite
// file. Every instance schedules every task (config/server.js), and each task writes a row per run
// into a table of the test's: so the rows show that each scheduled time of a task ran exactly once
// across the three (Strapi runs it on every instance), that a slow task never overlapped itself
// across instances, that a task that throws is logged and stops nothing, and that when the
// instance running a task is killed mid-run, another takes the task over once the run has been
// silent for staleAfterMs. Per-second rules keep the wall time to seconds.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, parseDatabaseUrl } from '../../runtime/core/db/connect';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../helpers/test-services';
import type { Db } from '../../runtime/db/types';
import { startCluster, type Cluster, type Instance } from '../helpers/multi-instance/cluster';
import { startPgbouncer, type Pgbouncer } from '../helpers/multi-instance/pgbouncer';

/** server.cron.staleAfterMs of the instances: a killed instance's run is taken over after this long. */
const STALE_AFTER_MS = 2_000;
/** Slack for a busy 2-core machine on top of a bound; every check polls, none sleeps and assumes. */
const MARGIN_MS = 8_000;

// Each run writes (task, tick, pid, started_at, ended_at); `slow` takes 1.5 s, longer than its 1 s interval.
const SERVER_JS = `const hit = (strapi, task, tick, startedAt) =>
  strapi.engine.db.execute('INSERT INTO cron_hits (task, tick, pid, started_at, ended_at) VALUES (?, ?, ?, ?, ?)', [task, tick.getTime(), process.pid, startedAt, Date.now()]);

module.exports = () => ({
  cron: {
    enabled: true,
    staleAfterMs: ${STALE_AFTER_MS},
    tasks: {
      everySecond: { task: ({ strapi }, tick) => hit(strapi, 'everySecond', tick, Date.now()), options: '* * * * * *' },
      slow: {
        task: async ({ strapi }, tick) => {
          const startedAt = Date.now();
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await hit(strapi, 'slow', tick, startedAt);
        },
        options: { rule: '* * * * * *', tz: 'America/New_York' },
      },
      '*/2 * * * * *': () => { throw new Error('boom from a cron task'); },
    },
  },
});
`;

const CREATE_HITS = 'CREATE TABLE cron_hits (task VARCHAR(32) NOT NULL, tick BIGINT NOT NULL, pid INTEGER NOT NULL, started_at BIGINT NOT NULL, ended_at BIGINT NOT NULL)';

interface Hit {
  task: string;
  tick: number;
  pid: number;
  startedAt: number;
  endedAt: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` (every 100 ms) for at most `boundMs` + MARGIN_MS; resolves with whether it held. */
async function within(boundMs: number, probe: () => Promise<boolean>): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started <= boundMs + MARGIN_MS) {
    if (await probe()) return true;
    await sleep(100);
  }
  return false;
}

/** The messages of an instance's JSON log lines. */
const messages = (instance: Instance): string[] =>
  instance.lines.flatMap((line) => {
    try {
      return [String((JSON.parse(line) as { msg?: unknown }).msg)];
    } catch {
      return [];
    }
  });

describe.each(['postgres', 'mariadb', 'sqlite'] as const)('cron tasks on three instances on %s', (database) => {
  let temp: TempDatabase;
  let pgbouncer: Pgbouncer | undefined;
  let cluster: Cluster;
  let db: Db;
  let startedAll = 0;

  const hits = async (task: string): Promise<Hit[]> =>
    (await db.query('SELECT task, tick, pid, started_at, ended_at FROM cron_hits WHERE task = ? ORDER BY tick', [task])).map((r) => ({
      task: String(r.task),
      tick: Number(r.tick),
      pid: Number(r.pid),
      startedAt: Number(r.started_at),
      endedAt: Number(r.ended_at),
    }));

  beforeAll(async () => {
    let url: string;
    if (database === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'cms-gen-cron-sqlite-'));
      temp = { name: 'sqlite', url: `file:${join(dir, 'data.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
      url = temp.url;
    } else if (database === 'postgres') {
      temp = await createTempPostgresDatabase();
      pgbouncer = await startPgbouncer({ poolSize: 4 });
      url = pgbouncer.url(temp.name);
    } else {
      temp = await createTempMariadbDatabase();
      url = temp.url;
    }
    // The test's own view of the database (direct, not through PgBouncer); the table its tasks write to.
    db = await connectDatabase(parseDatabaseUrl(temp.url, tmpdir()));
    await db.execute(CREATE_HITS);
    const dotEnv = { DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), API_TOKEN_SALT: randomBytes(16).toString('hex') };
    cluster = await startCluster(3, { config: { server: SERVER_JS }, dotEnv }, { NODE_ENV: 'production' });
    startedAll = Date.now();
  }, 150_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
    await pgbouncer?.stop();
    await temp?.drop();
  }, 60_000);

  it('starts three instances, each scheduling every task', () => {
    expect(cluster.failures).toEqual([]);
    expect(cluster.instances).toHaveLength(3);
    for (const instance of cluster.instances) expect(messages(instance)).toContain('cron: 3 task(s) scheduled (everySecond, slow, */2 * * * * *)');
  });

  it('runs each scheduled time of a task once across the three, and a task that throws stops nothing', async () => {
    // Five times of everySecond after all three instances were up, each claimed by all three.
    const reached = await within(5_000, async () => (await hits('everySecond')).filter((h) => h.tick > startedAll).length >= 5);
    expect(reached).toBe(true);
    const every = await hits('everySecond');
    const ticks = every.map((h) => h.tick);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks.every((t) => t % 1000 === 0)).toBe(true);
    const slow = await hits('slow');
    expect(new Set(slow.map((h) => h.tick)).size).toBe(slow.length);
    // The failing task was logged (by whichever instance ran it) while the others kept running.
    const failures = cluster.instances.flatMap((i) => messages(i)).filter((m) => /^cron: task "\*\/2 \* \* \* \* \*" failed \(its run of \S+\)$/.test(m));
    expect(failures.length).toBeGreaterThanOrEqual(1);
    const failedTicks = failures.map((m) => /its run of (\S+)\)/.exec(m)?.[1]);
    expect(new Set(failedTicks).size).toBe(failedTicks.length);
  }, 60_000);

  it('never runs a task while its previous run is still going on any instance', async () => {
    expect(await within(4_000, async () => (await hits('slow')).length >= 3)).toBe(true);
    const slow = await hits('slow');
    for (let i = 1; i < slow.length; i++) expect(slow[i].startedAt).toBeGreaterThanOrEqual(slow[i - 1].endedAt);
  }, 60_000);

  it('takes a task over from an instance killed mid-run, once that run has been silent for staleAfterMs', async () => {
    const pids = new Map(cluster.instances.map((i) => [i.child.pid, i]));
    // Wait for a run of `slow` just begun (a claim not finished, started under half a second ago, so
    // well inside its 1.5 s), then kill its instance. A claim seen later in its run could finish,
    // writing its row, before the kill lands on a loaded machine (or between its row and the
    // claim's finish), and the run would not have been cut off at all.
    let victim: Instance | undefined;
    let claimedTick = 0;
    await within(4_000, async () => {
      const [row] = await db.query('SELECT instance, tick, started_at FROM _cms_cron_tasks WHERE task = ? AND finished_at IS NULL', ['slow']);
      if (!row || Date.now() - Number(row.started_at) > 500) return false;
      victim = pids.get(Number(String(row.instance).split(':')[1]));
      claimedTick = Number(row.tick);
      return victim !== undefined;
    });
    if (!victim) throw new Error('no run of slow was seen in progress');
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    const survivors = cluster.instances.filter((i) => i !== victim);
    // The killed run never wrote its row; a later run did, on another instance, after the silence.
    const tookOver = await within(STALE_AFTER_MS + 2_000, async () => (await hits('slow')).some((h) => h.tick > claimedTick && h.pid !== victim?.child.pid));
    expect(tookOver).toBe(true);
    expect((await hits('slow')).some((h) => h.tick === claimedTick)).toBe(false);
    const next = (await hits('slow')).find((h) => h.tick > claimedTick);
    expect(next && next.startedAt - killedAt).toBeGreaterThanOrEqual(0);
    expect(survivors.some((i) => messages(i).some((m) => m.startsWith('cron: task "slow": its previous run stopped reporting')))).toBe(true);
    // everySecond goes on on the two left, still once per time.
    const before = (await hits('everySecond')).length;
    expect(await within(3_000, async () => (await hits('everySecond')).length >= before + 3)).toBe(true);
    const ticks = (await hits('everySecond')).map((h) => h.tick);
    expect(new Set(ticks).size).toBe(ticks.length);
  }, 60_000);
});
