// Runs an app's cron tasks: one timer per task, armed for its next scheduled time. When it fires,
// the run is claimed in the database (claims.ts), so that with several instances each scheduled
// run happens on exactly one of them; the instance that wins calls the task with `({ strapi },
// tick)` and reports it alive while it runs. A task that throws is logged and the others go on;
// a task still running when its next time comes skips that run (on every instance: a task never
// overlaps itself). close() stops the timers and lets runs in progress finish, for a bounded time.
import type { CronClaims, Claim, RunOutcome } from './claims';
import { parseCronTasks, type ParsedTask } from './task-forms';
import { keyPath, TaskFormError } from './task-error';
import type { CronJobSpec } from './types';

/** Longest single wait: a timer re-checks the clock at least this often, so a clock adjustment shifts no run by more. */
const MAX_WAIT_MS = 30_000;

export interface CronLogger {
  error(message: string, fields?: { err?: unknown }): void;
  warn(message: string): void;
  info(message: string): void;
}

export interface CronSchedulerOptions {
  claims: CronClaims;
  log: CronLogger;
  /** What each task receives as its first argument: `{ strapi }`. */
  app: () => { strapi: unknown };
  /** How often a running task reports alive (a quarter of the claims' staleAfterMs). */
  heartbeatMs: number;
}

interface Run {
  tick: Date;
  done: Promise<void>;
  claim?: Claim;
  heartbeat?: NodeJS.Timeout;
  /** close() gave up waiting and recorded the run as interrupted. */
  interrupted: boolean;
  /** A later run was skipped because of this one (logged once). */
  skipped: boolean;
}

interface Job {
  task: ParsedTask;
  timer?: NodeJS.Timeout;
  running?: Run;
  removed: boolean;
}

const iso = (date: Date) => date.toISOString();

export class CronScheduler {
  private readonly byKey = new Map<string, Job>();
  private readonly runs = new Set<Run>();
  private started = false;

  constructor(private readonly options: CronSchedulerOptions) {}

  /** Schedules `tasks` (Strapi's forms); `origin` starts error messages (`strapi.cron.add: tasks`). Nothing is added when one task is refused. */
  add(tasks: unknown, origin = 'strapi.cron.add: tasks'): void {
    let parsed: ParsedTask[];
    try {
      parsed = parseCronTasks(tasks);
    } catch (err) {
      if (err instanceof TaskFormError) throw new Error(`${origin}${err.message}`);
      throw err;
    }
    for (const task of parsed) {
      // One name, one claim key: two tasks under one name would share (and split) their runs.
      const taken = this.byKey.get(task.key);
      if (!taken) continue;
      const hint = taken.task.name === null ? 'a task keyed by its rule cannot be removed' : `strapi.cron.remove(${JSON.stringify(task.key)}) first`;
      throw new Error(`${origin}${keyPath(task.key)} is already scheduled: one name, one task (${hint})`);
    }
    for (const task of parsed) {
      const job: Job = { task, removed: false };
      this.byKey.set(task.key, job);
      if (this.started) this.arm(job, new Date());
    }
  }

  /** Stops the task named `name`; a task keyed by its rule has no name and stays, as in Strapi. */
  remove(name: string): void {
    if (typeof name !== 'string' || name === '') throw new Error('strapi.cron.remove(name): name must be the name of a task');
    const job = this.byKey.get(name);
    if (!job || job.task.name === null) return;
    job.removed = true;
    clearTimeout(job.timer);
    this.byKey.delete(name);
  }

  get jobs(): CronJobSpec[] {
    return [...this.byKey.values()].map((job) => ({
      name: job.task.name,
      options: job.task.options,
      job: {
        nextRun: (after?: Date) => job.task.schedule.next(after ?? new Date()),
        nextInvocation: () => job.task.schedule.next(new Date()),
        isBusy: () => job.running !== undefined,
      },
    }));
  }

  /** The keys of the scheduled tasks, for the start-up line. */
  get keys(): string[] {
    return [...this.byKey.keys()];
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const now = new Date();
    for (const job of this.byKey.values()) this.arm(job, now);
  }

  /** No more runs start; runs in progress go on. */
  stop(): void {
    this.started = false;
    for (const job of this.byKey.values()) {
      clearTimeout(job.timer);
      job.timer = undefined;
    }
  }

  /**
   * Stops, then waits up to `timeoutMs` for the runs in progress. Runs still going after that are
   * recorded as interrupted, so another instance may run the task's next time at once instead of
   * waiting for the run to go stale; the database must still be open.
   */
  async close(timeoutMs: number): Promise<void> {
    this.stop();
    if (this.runs.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all([...this.runs].map((run) => run.done)).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (finished) return;
    const left = [...this.runs];
    this.options.log.warn(`cron: ${left.length} task run(s) still running after ${timeoutMs} ms; closing without them`);
    await Promise.all(
      left.map(async (run) => {
        run.interrupted = true;
        clearInterval(run.heartbeat);
        await run.claim?.finish('interrupted').catch(() => undefined);
      }),
    );
  }

  private arm(job: Job, after: Date): void {
    const next = job.task.schedule.next(after);
    if (next) this.wait(job, next);
  }

  private wait(job: Job, tick: Date): void {
    const delay = Math.min(Math.max(tick.getTime() - Date.now(), 0), MAX_WAIT_MS);
    job.timer = setTimeout(() => this.wake(job, tick), delay);
  }

  private wake(job: Job, tick: Date): void {
    job.timer = undefined;
    if (job.removed || !this.started) return;
    // Timers may fire a little early by the wall clock, and long waits come in chunks.
    if (Date.now() < tick.getTime()) return this.wait(job, tick);
    this.fire(job, tick);
    // After the run's own time: a timer that fired late does not fire the times it missed.
    this.arm(job, new Date(Math.max(Date.now(), tick.getTime())));
  }

  private fire(job: Job, tick: Date): void {
    const busy = job.running;
    if (busy) {
      if (!busy.skipped) this.options.log.warn(`cron: task "${job.task.key}" is still running (its run of ${iso(busy.tick)}); the run of ${iso(tick)} is skipped`);
      busy.skipped = true;
      return;
    }
    const run: Run = { tick, done: Promise.resolve(), interrupted: false, skipped: false };
    job.running = run;
    this.runs.add(run);
    run.done = this.execute(job, run).finally(() => {
      this.runs.delete(run);
      if (job.running === run) job.running = undefined;
    });
  }

  /** Claims the run, runs the task, records how it ended. Never rejects: every failure is logged. */
  private async execute(job: Job, run: Run): Promise<void> {
    const { log } = this.options;
    const name = job.task.key;
    let claim: Claim | null;
    try {
      claim = await this.options.claims.claim(name, run.tick);
    } catch (err) {
      log.error(`cron: task "${name}": could not claim its run of ${iso(run.tick)}, which is skipped`, { err });
      return;
    }
    if (!claim) return;
    run.claim = claim;
    if (run.interrupted) {
      // close() gave up on this run while its claim was on its way: the app is closing.
      await claim.finish('interrupted').catch(() => undefined);
      return;
    }
    if (claim.tookOver) log.warn(`cron: task "${name}": its previous run stopped reporting (its instance died?); running ${iso(run.tick)} here`);
    run.heartbeat = setInterval(() => void this.beat(name, run), this.options.heartbeatMs);
    let outcome: RunOutcome = 'done';
    try {
      await job.task.run(this.options.app(), run.tick);
    } catch (err) {
      outcome = 'failed';
      log.error(`cron: task "${name}" failed (its run of ${iso(run.tick)})`, { err });
    } finally {
      clearInterval(run.heartbeat);
    }
    if (run.interrupted) return;
    try {
      await claim.finish(outcome);
    } catch (err) {
      log.error(`cron: task "${name}": could not record the end of its run of ${iso(run.tick)}`, { err });
    }
  }

  private async beat(name: string, run: Run): Promise<void> {
    try {
      if (!run.claim || run.interrupted || (await run.claim.heartbeat())) return;
      this.options.log.warn(`cron: task "${name}": its run of ${iso(run.tick)} was taken over by another instance (no heartbeat recorded in time)`);
      clearInterval(run.heartbeat);
    } catch (err) {
      this.options.log.error(`cron: task "${name}": could not record that its run of ${iso(run.tick)} is alive`, { err });
    }
  }
}
