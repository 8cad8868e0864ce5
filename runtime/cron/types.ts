// The forms of Strapi 5's cron tasks (`server.cron.tasks`, `strapi.cron.add`) as types. `S` is the
// `strapi` a task receives: the app's typed one when added from src/index.ts.

/** A task: Strapi's `({ strapi }, tick)`, where `tick` is the scheduled time of this run. */
export type CronTaskFn<S = unknown> = (app: { strapi: S }, tick: Date) => unknown;

/** A moment: a Date, an ISO text (read by `new Date(text)`) or epoch milliseconds. */
export type CronDateInput = Date | string | number;

/** node-schedule's range, `{ start: 1, end: 5, step: 2 }`. */
export interface CronRange {
  start: number;
  end: number;
  step?: number;
}

/** One field of an object rule: a value, a range, or a list of them; null or absent is "any". */
export type CronSegment = number | CronRange | ReadonlyArray<number | CronRange>;

/**
 * node-schedule's object rule, which Strapi 5 accepts: `{ hour: 14, minute: 30, dayOfWeek: [1, 3] }`.
 * `month` counts from 0 (January) and `dayOfWeek` from 0 (Sunday), as in node-schedule. An absent
 * `second` is 0, any other absent field is "any".
 */
export interface CronRecurrence {
  second?: CronSegment | null;
  minute?: CronSegment | null;
  hour?: CronSegment | null;
  date?: CronSegment | null;
  month?: CronSegment | null;
  dayOfWeek?: CronSegment | null;
  year?: CronSegment | null;
  recurs?: true;
  tz?: string;
  start?: CronDateInput;
  end?: CronDateInput;
}

/** `{ rule, tz, start, end }`: a rule with its time zone and the window it runs in (start exclusive, end exclusive). */
export interface CronRuleOptions {
  rule: string | number | Date | Omit<CronRecurrence, 'tz' | 'start' | 'end'>;
  tz?: string;
  start?: CronDateInput;
  end?: CronDateInput;
}

/** When a task runs: a cron expression (5 to 7 fields, seconds first when 6), a one-off moment, or one of the object forms. */
export type CronSchedule = string | number | Date | CronRuleOptions | CronRecurrence;

/** `'<rule>': fn` (the key is the rule; such a task has no name) or `<name>: { task, options }`. */
export type CronTask<S = unknown> = CronTaskFn<S> | { task: CronTaskFn<S>; options: CronSchedule };

export type CronTasks<S = unknown> = Record<string, CronTask<S>>;

/** What `strapi.cron.jobs` shows of one scheduled task. */
export interface CronJobSpec {
  /** The task's name; null for a task keyed by its rule (which `remove` cannot name, as in Strapi). */
  name: string | null;
  /** The schedule as it was given. */
  options: CronSchedule;
  job: {
    /** The next scheduled run after now (null when none is left), or after `after`. */
    nextRun(after?: Date): Date | null;
    /** node-schedule's name for nextRun(). */
    nextInvocation(): Date | null;
    /** Whether a run of this task is in progress on this instance. */
    isBusy(): boolean;
  };
}

/** Strapi 5's `strapi.cron`. */
export interface StrapiCron<S = unknown> {
  /** Schedules more tasks; a task whose form is wrong, or whose name is taken, is refused with an error naming it. */
  add(tasks: CronTasks<S>): StrapiCron<S>;
  /** Stops and forgets the task of that name (runs in progress finish). */
  remove(name: string): StrapiCron<S>;
  /** The scheduled tasks. */
  readonly jobs: CronJobSpec[];
}

/** `server.cron` as Strapi 5 takes it (`enabled`, `tasks`), plus how long a silent run counts as alive. */
export interface CronConfig {
  /** Schedule `tasks` (default false, as in Strapi); tasks added with `strapi.cron.add` run either way, as in Strapi. */
  enabled?: boolean;
  /** Strapi's task object: `'<rule>': fn` or `<name>: { task, options }` (runtime/cron/task-forms.ts). */
  tasks?: CronTasks;
  /** A run whose instance has not reported for this long (ms) is presumed dead, and the task's next run may start elsewhere (default 60000). */
  staleAfterMs?: number;
}
