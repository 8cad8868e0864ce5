// The cron tasks of one app, as start-app.ts drives them: `strapi.cron` exists from register() on;
// the tasks of `server.cron.tasks` are added (when `server.cron.enabled`) and the timers start just
// before src/index's bootstrap(), as Strapi 5 does; close() stops the timers and waits, for a
// bounded time, for the runs in progress, before the database closes.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '@cms-gen/db/types';
import { DatabaseClaims } from './claims';
import { CronScheduler, type CronLogger } from './scheduler';
import type { CronConfig, StrapiCron } from './types';

/** Default of `server.cron.staleAfterMs`. */
export const DEFAULT_STALE_AFTER_MS = 60_000;

export interface AppCron {
  /** `strapi.cron`. */
  readonly api: StrapiCron;
  /** Adds the configured tasks (when enabled) and starts the timers. */
  start(): void;
  /** No run starts any more (runs in progress go on). */
  stop(): void;
  /** Stops, then waits up to `timeoutMs` for the runs in progress. */
  close(timeoutMs: number): Promise<void>;
}

export function createAppCron(input: { db: Db; config: CronConfig | undefined; log: CronLogger; app: () => { strapi: unknown } }): AppCron {
  const staleAfterMs = input.config?.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const scheduler = new CronScheduler({
    claims: new DatabaseClaims(input.db, { instance, staleAfterMs }),
    log: input.log,
    app: input.app,
    // Four chances to report before a run counts as stale.
    heartbeatMs: Math.max(250, Math.floor(staleAfterMs / 4)),
  });
  const api: StrapiCron = {
    add(tasks) {
      scheduler.add(tasks);
      return api;
    },
    remove(name) {
      scheduler.remove(name);
      return api;
    },
    get jobs() {
      return scheduler.jobs;
    },
  };
  return {
    api,
    start() {
      const config = input.config;
      const configured = Object.keys(config?.tasks ?? {}).length;
      if (config?.enabled === true) scheduler.add(config.tasks ?? {}, 'config/server: cron.tasks');
      else if (configured > 0) input.log.info(`cron: server.cron.enabled is not true, so the ${configured} task(s) of server.cron.tasks are not scheduled`);
      scheduler.start();
      const keys = scheduler.keys;
      if (keys.length > 0) input.log.info(`cron: ${keys.length} task(s) scheduled (${keys.join(', ')})`);
    },
    stop: () => scheduler.stop(),
    close: (timeoutMs) => scheduler.close(timeoutMs),
  };
}
