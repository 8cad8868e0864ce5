// The calendar of one task: when it runs next after a given moment. croner reads the rule (the
// package and version Strapi 5.54 schedules with, and its options, so a rule means the same in
// both); it is used only as a calculator, never with its own timer: the scheduler keeps its own
// timers, so that it knows each run's scheduled time exactly (the key of the run's claim across
// instances, claims.ts) and can stop them all at close.
import { lazyModule } from '@cms-gen/core/lazy-module';

/** croner, loaded when the first rule is read (at start when the app has tasks). */
const croner = lazyModule(() => require('croner') as typeof import('croner'));

export interface Schedule {
  /** The first scheduled time strictly after `after`, or null when none is left. */
  next(after: Date): Date | null;
}

export interface ScheduleWindow {
  /** IANA time zone the rule is read in; the process's own when unset. */
  timezone?: string;
  /** No run at or before this moment. */
  startAt?: Date;
  /** No run at or after this moment. */
  stopAt?: Date;
}

/**
 * A schedule from a cron expression (5 fields, 6 with seconds first, 7 with a year last, or
 * `@daily`-style nicknames) or a one-off moment (a Date, or text with a `:` read as an ISO date in
 * the time zone). Throws croner's own message when the rule cannot be read.
 */
export function createSchedule(rule: string | Date, window: ScheduleWindow = {}): Schedule {
  // `paused` and no function: croner arms no timer. `sloppyRanges` accepts `5/15` as Strapi does.
  const { Cron } = croner();
  const cron = new Cron(rule, { paused: true, sloppyRanges: true, timezone: window.timezone, startAt: window.startAt, stopAt: window.stopAt });
  return { next: (after) => cron.nextRun(after) };
}
