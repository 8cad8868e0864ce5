// `server.cron` in config/server.{js,json}: Strapi's wiring (`cron: { enabled, tasks }`, tasks
// required from config/cron-tasks.js) is read as is, and a task the app would not run stops
// loading with the file, the task and the key named.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './load-config';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function appWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-cron-config-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'config'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, 'config', name), content);
  return dir;
}

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
}

const CRON_TASKS_JS = `module.exports = {
  '*/1 * * * *': ({ strapi }) => strapi,
  nightly: { task: async ({ strapi }, tick) => tick, options: { rule: '0 0 3 * * *', tz: 'Europe/Paris' } },
};`;

describe('server.cron', () => {
  it("reads Strapi's wiring: config/server.js requiring config/cron-tasks.js", () => {
    const dir = appWith({
      'cron-tasks.js': CRON_TASKS_JS,
      'server.js': `const cronTasks = require('./cron-tasks');\nmodule.exports = ({ env }) => ({ cron: { enabled: env.bool('CRON_ENABLED', false), tasks: cronTasks } });`,
    });
    const config = loadConfig(dir, { CRON_ENABLED: 'true' });
    expect(config.server.cron?.enabled).toBe(true);
    expect(Object.keys(config.server.cron?.tasks ?? {})).toEqual(['*/1 * * * *', 'nightly']);
    const nightly = config.server.cron?.tasks?.nightly as { task: unknown; options: unknown };
    expect(typeof nightly.task).toBe('function');
    expect(nightly.options).toEqual({ rule: '0 0 3 * * *', tz: 'Europe/Paris' });
    expect(loadConfig(dir, {}).server.cron?.enabled).toBe(false);
  });

  it('leaves cron unset without it (Strapi: disabled)', () => {
    expect(loadConfig(appWith({ 'server.json': '{"port": 4000}' }), {}).server.cron).toBeUndefined();
  });

  it('takes staleAfterMs, and warns about keys it does not read', () => {
    const ignored: string[] = [];
    const config = loadConfig(appWith({ 'server.json': JSON.stringify({ cron: { enabled: true, staleAfterMs: 5000, jobs: {} } }) }), {}, ignored);
    expect(config.server.cron).toEqual({ enabled: true, staleAfterMs: 5000 });
    expect(ignored).toEqual(['config/server.json: cron.jobs']);
  });

  it.each([
    ['a task in a form it does not run', { 'server.js': `module.exports = { cron: { enabled: true, tasks: { report: { task() {}, options: { rule: '0 * * * *', tz: 'Moon/Base' } } } } };` }, "config/server.js: cron.tasks.report.options.tz must be an IANA time zone such as 'Europe/Paris' (got string \"Moon/Base\")"],
    ['a rule key croner cannot read', { 'server.js': `module.exports = { cron: { tasks: { '* * *': () => {} } } };` }, 'config/server.js: cron.tasks["* * *"] is not a rule croner reads (string "* * *"): CronPattern: invalid configuration format (\'* * *\'), exactly five, six, or seven space separated parts are required.'],
    ['tasks in JSON (no function)', { 'server.json': JSON.stringify({ cron: { enabled: true, tasks: { a: { task: 'x', options: '* * * * *' } } } }) }, 'config/server.json: cron.tasks.a must be a function (the key is its rule) or { task, options } with task a function (got an object)'],
    ['tasks not an object', { 'server.json': JSON.stringify({ cron: { tasks: [] } }) }, 'config/server.json: cron.tasks must be an object of tasks keyed by name or by rule (got an array)'],
    ['enabled not a boolean', { 'server.json': JSON.stringify({ cron: { enabled: 'yes' } }) }, 'config/server.json: cron.enabled must be a boolean (got string "yes")'],
    ['staleAfterMs too small', { 'server.json': JSON.stringify({ cron: { staleAfterMs: 10 } }) }, 'config/server.json: cron.staleAfterMs must be an integer in 1000..86400000 (got number 10)'],
  ])('refuses %s', (_, files, message) => {
    const err = errorOf(() => loadConfig(appWith(files), {}));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toBe(message);
  });
});
