// Claims of cron runs across instances, each instance its own connection pool on one database (on
// SQLite, its own connections to one file, as separate processes have): every scheduled run is
// claimed by exactly one instance, runs of one task never overlap, and a run whose instance died is
// taken over once it has been silent for staleAfterMs. Time is the test's own clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '@cms-gen/core/db/connect';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../../test/helpers/test-services';
import type { DatabaseConfig, Db } from '@cms-gen/db/types';
import { CRON_TABLE, DatabaseClaims, type Claim } from './claims';

const STALE_MS = 60_000;
const T0 = Date.parse('2026-03-02T10:00:00.000Z');
const tick = (seconds: number) => new Date(T0 + seconds * 1000);

async function tempSqlite(): Promise<TempDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-cron-claims-'));
  return { name: 'sqlite', url: join(dir, 'data.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe.each([
  ['sqlite', 'sqlite', tempSqlite],
  ['postgres', 'postgres', createTempPostgresDatabase],
  ['mysql', 'mysql', createTempMariadbDatabase],
] as const)('cron claims on %s', (_label, dialect, create) => {
  let temp: TempDatabase;
  let dbs: Db[] = [];
  let clock = T0;
  /** Three instances, each with its own pool. */
  let instances: DatabaseClaims[] = [];

  beforeAll(async () => {
    temp = await create();
    const config: DatabaseConfig = dialect === 'sqlite' ? { dialect, url: temp.url, filename: temp.url } : { dialect, url: temp.url };
    dbs = await Promise.all(Array.from({ length: 3 }, () => connectDatabase(config)));
    instances = dbs.map((db, i) => new DatabaseClaims(db, { instance: `instance-${i}`, staleAfterMs: STALE_MS, now: () => clock }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await temp?.drop();
  });

  /** Every instance claims `task`'s run at `at` at once; the claims that won. */
  const race = async (task: string, at: Date) => (await Promise.all(instances.map((c) => c.claim(task, at)))).filter((c): c is Claim => c !== null);

  it('gives each run to exactly one instance, the first run (which inserts the row) included', async () => {
    const winners: number[] = [];
    for (let s = 0; s < 15; s++) {
      clock = tick(s).getTime() + 3;
      const won = await race('every-second', tick(s));
      winners.push(won.length);
      await Promise.all(won.map((c) => c.finish('done')));
    }
    expect(winners).toEqual(Array(15).fill(1));
    // The table was created once, by whichever instance came first, and holds one row per task.
    const rows = await dbs[0].query(`SELECT task, tick, outcome FROM ${CRON_TABLE}`);
    expect(rows.map((r) => ({ ...r, tick: Number(r.tick) }))).toEqual([{ task: 'every-second', tick: tick(14).getTime(), outcome: 'done' }]);
  });

  it('never claims a run at or before the latest claimed one (a lagging clock, a late timer)', async () => {
    clock = tick(100).getTime();
    const [late] = await race('lagging', tick(100));
    await late.finish('done');
    expect(await race('lagging', tick(100))).toEqual([]);
    expect(await race('lagging', tick(99))).toEqual([]);
    expect(await race('lagging', tick(101))).toHaveLength(1);
  });

  it('passes over a time claimed by an instance whose clock was hours ahead, once that clock is right again', async () => {
    clock = tick(500).getTime() + 2 * 3600_000;
    const [ahead] = await race('wrong-clock', new Date(clock));
    await ahead.finish('done');
    clock = tick(501).getTime();
    expect(await race('wrong-clock', tick(501))).toHaveLength(1);
  });

  it('lets no instance start a run while the previous run is in progress, until it finishes', async () => {
    clock = tick(200).getTime();
    const [first] = await race('slow', tick(200));
    for (let s = 201; s < 205; s++) {
      clock = tick(s).getTime();
      expect(await first.heartbeat()).toBe(true);
      expect(await race('slow', tick(s))).toEqual([]);
    }
    await first.finish('failed');
    const [next] = await race('slow', tick(205));
    expect(next.tookOver).toBe(false);
    await next.finish('done');
  });

  it('takes over a run whose instance stopped reporting for staleAfterMs, and tells the silent one', async () => {
    clock = tick(300).getTime();
    const [abandoned] = await race('abandoned', tick(300));
    // Just under the bound: still presumed alive.
    clock = tick(300).getTime() + STALE_MS - 1;
    expect(await race('abandoned', tick(359))).toEqual([]);
    clock = tick(300).getTime() + STALE_MS + 1;
    const won = await race('abandoned', tick(361));
    expect(won).toHaveLength(1);
    expect(won[0].tookOver).toBe(true);
    // The silent instance, if it was only frozen, learns its run is no longer its own; its end changes nothing.
    expect(await abandoned.heartbeat()).toBe(false);
    await abandoned.finish('done');
    const [row] = await dbs[0].query(`SELECT tick, finished_at FROM ${CRON_TABLE} WHERE task = ?`, ['abandoned']);
    expect({ tick: Number(row.tick), finished: row.finished_at }).toEqual({ tick: tick(361).getTime(), finished: null });
    await won[0].finish('done');
  });

  it('records how a run ended and keeps task names apart by case', async () => {
    clock = tick(400).getTime();
    const [upper] = await race('Report', tick(400));
    const [lower] = await race('report', tick(400));
    await upper.finish('interrupted');
    await lower.finish('failed');
    const rows = await dbs[0].query(`SELECT task, outcome FROM ${CRON_TABLE} WHERE task IN (?, ?) ORDER BY outcome`, ['Report', 'report']);
    expect(rows).toEqual([
      { task: 'report', outcome: 'failed' },
      { task: 'Report', outcome: 'interrupted' },
    ]);
  });
});
