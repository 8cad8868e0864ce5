// Cron tasks of one app instance, end to end on the fixture app (SQLite): config/server.js wires
// config/cron-tasks.js as a Strapi project does, each task gets the app's `strapi` and its run's
// scheduled time, a task that throws is logged while the others keep running, code adds and
// removes tasks through strapi.cron, `enabled: false` schedules none of the configured tasks, and
// closing the app stops every timer. Several instances: cron-instances.test.ts.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type RunningApp, type StrapiApp } from '@cms-gen/runtime';
import type { RuntimePlugin } from '../../runtime/server/app/plugin';
import { app as fixtureApp, appDir as fixtureAppDir } from '../../fixtures/strapi-blog/app/src/main';

const CRON_TASKS_JS = `
module.exports = {
  // Strapi's named form: the task creates a category through the Document Service.
  categoryEverySecond: {
    task: async ({ strapi }, tick) => {
      await strapi.documents('api::category.category').create({ data: { name: 'cron ' + tick.toISOString() } });
    },
    options: { rule: '* * * * * *', tz: 'Europe/Paris' },
  },
  // Strapi's keyed-by-rule form.
  '*/1 * * * * *': async ({ strapi }, tick) => {
    await strapi.engine.db.execute('INSERT INTO cron_probe (tick, is_date, whole_second) VALUES (?, ?, ?)', [tick.getTime(), tick instanceof Date ? 1 : 0, tick.getMilliseconds() === 0 ? 1 : 0]);
  },
  boom: { task: () => { throw new Error('boom from a task'); }, options: '* * * * * *' },
};
`;

const serverJs = (enabled: boolean) => `const cronTasks = require('./cron-tasks');
module.exports = () => ({ cron: { enabled: ${enabled}, tasks: cronTasks } });
`;

interface CronApp {
  running: RunningApp;
  strapi: StrapiApp;
  logs: string[];
  stop(): Promise<void>;
}

/** The fixture app on a fresh SQLite file, with config/server.js and config/cron-tasks.js; `strapi` captured by a plugin. */
async function startCronApp(enabled: boolean): Promise<CronApp> {
  const appDir = mkdtempSync(join(tmpdir(), 'cms-gen-cron-'));
  symlinkSync(join(fixtureAppDir, 'prisma'), join(appDir, 'prisma'), 'dir');
  mkdirSync(join(appDir, 'config'));
  writeFileSync(join(appDir, 'config', 'cron-tasks.js'), CRON_TASKS_JS);
  writeFileSync(join(appDir, 'config', 'server.js'), serverJs(enabled));
  process.env.DATABASE_URL = `file:${join(appDir, 'data.db')}`;
  let strapi: StrapiApp | undefined;
  const capture: RuntimePlugin = {
    name: 'test-capture-strapi',
    async bootstrap(ctx) {
      strapi = ctx.strapi;
      // The table the keyed-by-rule task writes to; plugins boot before the timers start.
      await ctx.db.execute('CREATE TABLE cron_probe (tick INTEGER NOT NULL, is_date INTEGER NOT NULL, whole_second INTEGER NOT NULL)');
    },
  };
  const logs: string[] = [];
  const running = await startApp({ ...fixtureApp, appDir, plugins: [...(fixtureApp.plugins ?? []), capture] }, { port: 0, host: '127.0.0.1', log: (line) => logs.push(line) });
  if (!strapi) throw new Error('the plugin did not see strapi');
  return {
    running,
    strapi,
    logs,
    stop: async () => {
      await running.close({ drainMs: 5_000 });
      rmSync(appDir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it holds (every 50 ms, for at most `ms`). */
async function until(probe: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error('condition not reached');
    await sleep(50);
  }
}

const count = async (db: RunningApp['db'], sql: string, params: (string | number)[] = []) => Number((await db.query(sql, params))[0].n);
const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('cron tasks of one instance (SQLite)', () => {
  let cron: CronApp;
  let stopped = false;
  let timersBefore: number;

  beforeAll(async () => {
    timersBefore = timeouts();
    cron = await startCronApp(true);
  }, 60_000);
  afterAll(async () => {
    if (cron && !stopped) await cron.stop();
  });

  it('announces the scheduled tasks', () => {
    expect(cron.logs).toContain('cron: 3 task(s) scheduled (categoryEverySecond, */1 * * * * *, boom)');
    expect(cron.strapi.cron.jobs.map((j) => j.name)).toEqual(['categoryEverySecond', null, 'boom']);
  });

  it("runs each task with the app's strapi and its run's scheduled time, once per time", async () => {
    const categories = () => count(cron.running.db, "SELECT COUNT(*) AS n FROM categories WHERE name LIKE 'cron %'");
    await until(async () => (await categories()) >= 3 && (await count(cron.running.db, 'SELECT COUNT(*) AS n FROM cron_probe')) >= 3);
    const probes = await cron.running.db.query('SELECT tick, is_date, whole_second FROM cron_probe ORDER BY tick');
    expect(probes.every((p) => Number(p.is_date) === 1 && Number(p.whole_second) === 1)).toBe(true);
    const ticks = probes.map((p) => Number(p.tick));
    expect(new Set(ticks).size).toBe(ticks.length);
    const names = (await cron.running.db.query("SELECT name FROM categories WHERE name LIKE 'cron %'")).map((r) => String(r.name));
    expect(names.every((name) => /^cron \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  }, 20_000);

  it('logs a task that throws, with its error, and keeps running the others', async () => {
    const failures = () => cron.logs.filter((l) => l.startsWith('error: cron: task "boom" failed')).length;
    const before = await count(cron.running.db, 'SELECT COUNT(*) AS n FROM cron_probe');
    const failuresBefore = failures();
    await until(async () => failures() >= failuresBefore + 2 && (await count(cron.running.db, 'SELECT COUNT(*) AS n FROM cron_probe')) >= before + 2);
    expect(cron.logs.find((l) => l.startsWith('error: cron: task "boom" failed'))).toMatch(/^error: cron: task "boom" failed \(its run of \S+\): Error: boom from a task\n\s+at /);
    const [row] = await cron.running.db.query("SELECT outcome FROM _cms_cron_tasks WHERE task = 'boom'");
    expect(['failed', null]).toContain(row.outcome);
  }, 20_000);

  it('adds, lists and removes tasks through strapi.cron', async () => {
    const seen: number[] = [];
    cron.strapi.cron.add({ fromCode: { task: (_app: { strapi: StrapiApp }, tick: Date) => void seen.push(tick.getTime()), options: '* * * * * *' } });
    const job = cron.strapi.cron.jobs.find((j) => j.name === 'fromCode');
    expect(job?.options).toBe('* * * * * *');
    expect(job?.job.nextInvocation()?.getMilliseconds()).toBe(0);
    expect(() => cron.strapi.cron.add({ fromCode: { task: () => undefined, options: '* * * * * *' } })).toThrow('strapi.cron.add: tasks.fromCode is already scheduled');
    await until(async () => seen.length >= 2);
    cron.strapi.cron.remove('fromCode');
    expect(cron.strapi.cron.jobs.map((j) => j.name)).toEqual(['categoryEverySecond', null, 'boom']);
    // A run already started may still end; none starts after it (two more times pass).
    await sleep(100);
    const after = seen.length;
    await sleep(2_100);
    expect(seen.length).toBe(after);
  }, 20_000);

  it('on close stops every timer, having let the runs in progress end', async () => {
    stopped = true;
    await cron.stop();
    expect(timeouts()).toBeLessThanOrEqual(timersBefore);
  });
});

describe('cron tasks with server.cron.enabled false', () => {
  let cron: CronApp;
  beforeAll(async () => {
    cron = await startCronApp(false);
  }, 60_000);
  afterAll(async () => {
    await cron?.stop();
  });

  it('schedules none of the configured tasks (and says so), while strapi.cron.add still schedules, as in Strapi', async () => {
    expect(cron.logs).toContain('cron: server.cron.enabled is not true, so the 3 task(s) of server.cron.tasks are not scheduled');
    expect(cron.strapi.cron.jobs).toEqual([]);
    const ran: number[] = [];
    cron.strapi.cron.add({ added: { task: (_app: { strapi: StrapiApp }, tick: Date) => void ran.push(tick.getTime()), options: '* * * * * *' } });
    await until(async () => ran.length >= 2);
    expect(await count(cron.running.db, 'SELECT COUNT(*) AS n FROM cron_probe')).toBe(0);
    expect(await count(cron.running.db, "SELECT COUNT(*) AS n FROM categories WHERE name LIKE 'cron %'")).toBe(0);
    expect(cron.logs.some((l) => l.includes('task "boom"'))).toBe(false);
  }, 20_000);
});
