// The scheduler on a fake clock (jest's: Date and timers move only when the test says so): tasks
// run at their scheduled times with Strapi's arguments, in their time zone and window; add, remove
// and jobs; a failing task is logged and the others go on; a task never overlaps itself; close
// waits for runs in progress, then records them as interrupted, and leaves no timer behind.
import { createSqliteDb } from '@cms-gen/db-sqlite/sqlite';
import type { Db } from '@cms-gen/db/types';
import { DatabaseClaims, type Claim, type CronClaims, type RunOutcome } from './claims';
import { CronScheduler } from './scheduler';

const T0 = Date.parse('2026-03-02T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const STRAPI = { marker: 'the app' };

/** Claims that always win, and remember how each run ended. */
class MemoryClaims implements CronClaims {
  readonly ended: Array<[string, string, RunOutcome]> = [];
  /** Runs another instance has (claim answers null). */
  readonly taken = new Set<string>();
  failNext = false;
  async claim(task: string, tick: Date): Promise<Claim | null> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database unreachable');
    }
    if (this.taken.has(`${task}@${tick.toISOString()}`)) return null;
    return { tookOver: false, heartbeat: async () => true, finish: async (outcome) => void this.ended.push([task, tick.toISOString(), outcome]) };
  }
}

function setup(claims: CronClaims = new MemoryClaims()) {
  const lines: string[] = [];
  const errors: unknown[] = [];
  const scheduler = new CronScheduler({
    claims,
    app: () => ({ strapi: STRAPI }),
    heartbeatMs: 15_000,
    log: {
      error: (message, fields) => {
        lines.push(`error: ${message}`);
        errors.push(fields?.err);
      },
      warn: (message) => lines.push(`warning: ${message}`),
      info: (message) => lines.push(message),
    },
  });
  return { scheduler, lines, errors };
}

const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

beforeEach(() => jest.useFakeTimers({ now: T0 }));
afterEach(() => {
  jest.useRealTimers();
});

describe('the cron scheduler', () => {
  it("calls each task at its scheduled times with ({ strapi }, tick), bound as Strapi binds it", async () => {
    const { scheduler } = setup();
    const calls: Array<{ app: unknown; tick: string; at: string; self: unknown }> = [];
    const entry = {
      task(this: unknown, app: unknown, tick: Date) {
        calls.push({ app, tick: tick.toISOString(), at: iso(Date.now()), self: this });
      },
      options: '*/2 * * * * *',
    };
    scheduler.add({ everyOther: entry });
    scheduler.start();
    await advance(4_500);
    expect(calls).toEqual([
      { app: { strapi: STRAPI }, tick: iso(T0 + 2000), at: iso(T0 + 2000), self: entry },
      { app: { strapi: STRAPI }, tick: iso(T0 + 4000), at: iso(T0 + 4000), self: entry },
    ]);
    await scheduler.close(0);
  });

  it('runs a rule in its time zone', async () => {
    jest.setSystemTime(Date.parse('2026-03-02T23:59:58.000Z'));
    const { scheduler } = setup();
    const ticks: string[] = [];
    scheduler.add({
      tokyo: { task: (_app: unknown, tick: Date) => void ticks.push(`tokyo ${tick.toISOString()}`), options: { rule: '0 0 9 * * *', tz: 'Asia/Tokyo' } },
      paris: { task: (_app: unknown, tick: Date) => void ticks.push(`paris ${tick.toISOString()}`), options: { rule: '0 0 1 * * *', tz: 'Europe/Paris' } },
      utc: { task: (_app: unknown, tick: Date) => void ticks.push(`utc ${tick.toISOString()}`), options: { rule: '0 0 9 * * *', tz: 'Etc/UTC' } },
    });
    scheduler.start();
    await advance(1_000);
    expect(ticks).toEqual([]);
    // 09:00 in Tokyo and 01:00 in Paris (UTC+1 in March) are both midnight UTC; 09:00 UTC is not.
    await advance(1_000);
    expect(ticks).toEqual(['tokyo 2026-03-03T00:00:00.000Z', 'paris 2026-03-03T00:00:00.000Z']);
    await advance(9 * 3600_000);
    expect(ticks.slice(2)).toEqual(['utc 2026-03-03T09:00:00.000Z']);
    await scheduler.close(0);
  });

  it('runs only between start and end', async () => {
    const { scheduler } = setup();
    const ticks: number[] = [];
    scheduler.add({ windowed: { task: (_app: unknown, tick: Date) => void ticks.push(tick.getTime() - T0), options: { rule: '* * * * * *', start: new Date(T0 + 2000), end: iso(T0 + 5000) } } });
    scheduler.start();
    await advance(10_000);
    expect(ticks).toEqual([3000, 4000]);
    expect(jest.getTimerCount()).toBe(0);
    await scheduler.close(0);
  });

  it('adds and removes tasks while running, and lists them in jobs', async () => {
    const { scheduler } = setup();
    const seen: string[] = [];
    const note = (name: string) => () => void seen.push(`${name}@${(Date.now() - T0) / 1000}`);
    scheduler.add({ first: { task: note('first'), options: '* * * * * *' } });
    scheduler.start();
    await advance(1_000);
    scheduler.add({ second: { task: note('second'), options: { rule: '* * * * * *' } }, '*/2 * * * * *': note('unnamed') });
    expect(scheduler.jobs.map(({ name, options, job }) => ({ name, options, next: job.nextInvocation()?.toISOString(), busy: job.isBusy() }))).toEqual([
      { name: 'first', options: '* * * * * *', next: iso(T0 + 2000), busy: false },
      { name: 'second', options: { rule: '* * * * * *' }, next: iso(T0 + 2000), busy: false },
      { name: null, options: '*/2 * * * * *', next: iso(T0 + 2000), busy: false },
    ]);
    expect(scheduler.jobs[0].job.nextRun(new Date(T0 + 10_500))?.toISOString()).toBe(iso(T0 + 11_000));
    await advance(1_000);
    scheduler.remove('first');
    // A task keyed by its rule has no name: remove() cannot stop it, as in Strapi; an unknown name is no error.
    scheduler.remove('*/2 * * * * *');
    scheduler.remove('never-added');
    await advance(2_000);
    // (Tasks due at the same moment run in no promised order.)
    expect(seen.sort()).toEqual(['first@1', 'first@2', 'second@2', 'second@3', 'second@4', 'unnamed@2', 'unnamed@4']);
    expect(scheduler.jobs.map((j) => j.name)).toEqual(['second', null]);
    await scheduler.close(0);
  });

  it('refuses a second task under a taken name, and adds none of that call', () => {
    const { scheduler } = setup();
    scheduler.add({ sync: { task: () => undefined, options: '* * * * *' } });
    expect(() => scheduler.add({ other: { task: () => undefined, options: '* * * * *' }, sync: { task: () => undefined, options: '0 * * * *' } })).toThrow(
      'strapi.cron.add: tasks.sync is already scheduled: one name, one task (strapi.cron.remove("sync") first)',
    );
    expect(() => scheduler.add({ bad: { task: () => undefined, options: { rule: '* * * * *', tz: 'Nowhere' } } })).toThrow(
      "strapi.cron.add: tasks.bad.options.tz must be an IANA time zone such as 'Europe/Paris' (got string \"Nowhere\")",
    );
    scheduler.add({ '0 * * * *': () => undefined });
    expect(() => scheduler.add({ '0 * * * *': () => undefined })).toThrow('strapi.cron.add: tasks["0 * * * *"] is already scheduled: one name, one task (a task keyed by its rule cannot be removed)');
    expect(() => scheduler.remove('')).toThrow('strapi.cron.remove(name): name must be the name of a task');
    expect(scheduler.jobs.map((j) => j.name)).toEqual(['sync', null]);
  });

  it('logs a task that throws or rejects, and keeps running it and the others', async () => {
    const claims = new MemoryClaims();
    const { scheduler, lines, errors } = setup(claims);
    let fine = 0;
    scheduler.add({
      throws: { task: () => { throw new Error('sync boom'); }, options: '* * * * * *' },
      rejects: { task: async () => { throw new Error('async boom'); }, options: '* * * * * *' },
      fine: { task: () => void fine++, options: '* * * * * *' },
    });
    scheduler.start();
    await advance(3_000);
    expect(fine).toBe(3);
    expect(lines.filter((l) => l.startsWith('error:'))).toEqual(
      [1, 2, 3].flatMap((s) => [`error: cron: task "throws" failed (its run of ${iso(T0 + s * 1000)})`, `error: cron: task "rejects" failed (its run of ${iso(T0 + s * 1000)})`]),
    );
    expect(errors.map((e) => (e as Error).message)).toEqual(['sync boom', 'async boom', 'sync boom', 'async boom', 'sync boom', 'async boom']);
    expect(claims.ended.filter(([task]) => task !== 'fine').map(([, , outcome]) => outcome)).toEqual(Array(6).fill('failed'));
    expect(claims.ended.filter(([task]) => task === 'fine').map(([, , outcome]) => outcome)).toEqual(['done', 'done', 'done']);
    await scheduler.close(0);
  });

  it('skips the runs that come while the task is still running (logged once per run), then runs again', async () => {
    const { scheduler, lines } = setup();
    const started: number[] = [];
    scheduler.add({ slow: { task: () => { started.push((Date.now() - T0) / 1000); return new Promise((r) => setTimeout(r, 2_500)); }, options: '* * * * * *' } });
    scheduler.start();
    await advance(1_000);
    expect(scheduler.jobs[0].job.isBusy()).toBe(true);
    await advance(5_000);
    expect(started).toEqual([1, 4]);
    expect(lines).toEqual([
      `warning: cron: task "slow" is still running (its run of ${iso(T0 + 1000)}); the run of ${iso(T0 + 2000)} is skipped`,
      `warning: cron: task "slow" is still running (its run of ${iso(T0 + 4000)}); the run of ${iso(T0 + 5000)} is skipped`,
    ]);
    const closed = scheduler.close(5_000);
    await advance(1_000);
    await closed;
  });

  it('runs nothing that another instance claimed, and logs a claim that failed', async () => {
    const claims = new MemoryClaims();
    const { scheduler, lines } = setup(claims);
    const ran: number[] = [];
    claims.taken.add(`job@${iso(T0 + 2000)}`);
    scheduler.add({ job: { task: (_app: unknown, tick: Date) => void ran.push((tick.getTime() - T0) / 1000), options: '* * * * * *' } });
    scheduler.start();
    await advance(2_000);
    claims.failNext = true;
    await advance(2_000);
    expect(ran).toEqual([1, 4]);
    expect(lines).toEqual([`error: cron: task "job": could not claim its run of ${iso(T0 + 3000)}, which is skipped`]);
    await scheduler.close(0);
  });

  it('after a late wake-up, runs the awaited time once and not the ones it slept through', async () => {
    const { scheduler } = setup();
    const ran: number[] = [];
    scheduler.add({ job: { task: (_app: unknown, tick: Date) => void ran.push((tick.getTime() - T0) / 1000), options: '* * * * * *' } });
    scheduler.start();
    // The wall clock jumps 10 s ahead while the process is frozen (no timer fires meanwhile).
    jest.setSystemTime(T0 + 10_200);
    await advance(1_000);
    expect(ran).toEqual([1]);
    await advance(1_000);
    expect(ran).toEqual([1, 12]);
    await scheduler.close(0);
  });

  it('on close starts nothing more, waits for runs in progress, and leaves no timer', async () => {
    const claims = new MemoryClaims();
    const { scheduler } = setup(claims);
    let finished = false;
    scheduler.add({ work: { task: () => new Promise<void>((r) => setTimeout(() => r(void (finished = true)), 1_500)), options: '* * * * * *' } });
    scheduler.start();
    await advance(1_000);
    const closed = scheduler.close(10_000);
    await advance(1_500);
    await closed;
    expect(finished).toBe(true);
    expect(claims.ended).toEqual([['work', iso(T0 + 1000), 'done']]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('records a run still going when close gives up as interrupted', async () => {
    const claims = new MemoryClaims();
    const { scheduler, lines } = setup(claims);
    scheduler.add({ stuck: { task: () => new Promise(() => undefined), options: '* * * * * *' } });
    scheduler.start();
    await advance(1_000);
    const closed = scheduler.close(2_000);
    await advance(2_000);
    await closed;
    expect(lines).toEqual(['warning: cron: 1 task run(s) still running after 2000 ms; closing without them']);
    expect(claims.ended).toEqual([['stuck', iso(T0 + 1000), 'interrupted']]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not start a run whose claim came back after close gave up on it', async () => {
    const ended: RunOutcome[] = [];
    let release: () => void = () => undefined;
    const slowClaims: CronClaims = {
      claim: () => new Promise((resolve) => (release = () => resolve({ tookOver: false, heartbeat: async () => true, finish: async (outcome) => void ended.push(outcome) }))),
    };
    const { scheduler } = setup(slowClaims);
    let ran = false;
    scheduler.add({ late: { task: () => void (ran = true), options: '* * * * * *' } });
    scheduler.start();
    await advance(1_000);
    const closed = scheduler.close(500);
    await advance(500);
    await closed;
    release();
    await advance(0);
    expect(ran).toBe(false);
    expect(ended).toEqual(['interrupted']);
  });

  it('with several schedulers on one database, runs each time once', async () => {
    const db: Db = createSqliteDb(':memory:');
    const runs: Array<[number, number]> = [];
    const schedulers = [0, 1, 2].map((i) => {
      const { scheduler } = setup(new DatabaseClaims(db, { instance: `instance-${i}`, staleAfterMs: 60_000 }));
      scheduler.add({ shared: { task: (_app: unknown, tick: Date) => void runs.push([(tick.getTime() - T0) / 1000, i]), options: '* * * * * *' } });
      scheduler.start();
      return scheduler;
    });
    await advance(5_000);
    expect(runs.map(([s]) => s)).toEqual([1, 2, 3, 4, 5]);
    await Promise.all(schedulers.map((s) => s.close(0)));
    await db.close();
  });
});
