// Reads Strapi 5's cron task forms into tasks the scheduler runs, refusing at once, with the task
// and key named, what Strapi would log and skip (or silently misread):
//   '<rule>': ({ strapi }, tick) => …                 the key is the rule; the task has no name
//   <name>: { task, options: '<rule>' }                named: strapi.cron.remove(name) stops it
//   <name>: { task, options: { rule, tz, start, end } }
//   <name>: { task, options: new Date(…) | epoch ms }  one run at that moment
//   <name>: { task, options: { hour: 14, minute: 30 } } node-schedule's object rule (recurrence.ts)
// A rule is a cron expression croner reads (5 fields; 6 with seconds first; 7 with a year) or
// text with a `:`, which croner reads as an ISO date (one run), as it does in Strapi.
import { describe, isPlainObject } from '@cms-gen/core/config-error';
import { RECURRENCE_FIELDS, recurrenceToCron } from './recurrence';
import { createSchedule, type Schedule } from './schedule';
import { keyPath, TaskFormError } from './task-error';
import type { CronSchedule } from './types';

export interface ParsedTask {
  /** The name runs are claimed under across instances: the task's name, or its rule for the `'<rule>': fn` form. */
  key: string;
  /** The name `strapi.cron.remove` takes; null for a task keyed by its rule, as in Strapi. */
  name: string | null;
  /** The task, bound as Strapi binds it (to its `{ task, options }` object, or to the tasks object). */
  run: (app: { strapi: unknown }, tick: Date) => unknown;
  /** The schedule as given (strapi.cron.jobs shows it). */
  options: CronSchedule;
  schedule: Schedule;
}

/** Longest task name: names are the primary key of the claims table (VARCHAR(255)). */
export const MAX_TASK_NAME = 200;

const RULE_OPTION_KEYS = ['rule', 'tz', 'start', 'end'];
const WINDOW_KEYS = ['tz', 'start', 'end'];

function timeZone(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const message = `must be an IANA time zone such as 'Europe/Paris' (got ${describe(value)})`;
  if (typeof value !== 'string' || value === '') throw new TaskFormError(path, message);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    throw new TaskFormError(path, message);
  }
  return value;
}

function moment(value: unknown, path: string): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const date = value instanceof Date ? new Date(value.getTime()) : typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new TaskFormError(path, `must be a Date, an ISO date text or epoch milliseconds (got ${value instanceof Date ? 'an invalid Date' : describe(value)})`);
  return date;
}

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], path: string, what: string): void {
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new TaskFormError(`${path}${keyPath(unknown)}`, `is not a key of ${what} (expected ${allowed.join(', ')})`);
}

/** A rule given as text, a moment or an object rule: croner's pattern or Date. */
function rulePattern(rule: unknown, path: string): string | Date {
  if (typeof rule === 'string') {
    if (rule.trim() === '') throw new TaskFormError(path, 'must not be empty');
    return rule;
  }
  if (typeof rule === 'number' || rule instanceof Date) return moment(rule, path) as Date;
  if (isPlainObject(rule) && RECURRENCE_FIELDS.some((key) => key in rule)) {
    checkKeys(rule, [...RECURRENCE_FIELDS, 'recurs'], path, 'an object rule');
    return recurrenceToCron(rule, path);
  }
  throw new TaskFormError(path, `must be a cron expression, a date, or an object rule such as { hour: 14, minute: 30 } (got ${describe(rule)})`);
}

function scheduleOf(options: unknown, path: string): Schedule {
  let pattern: string | Date;
  let rulePath = path;
  let window: Record<string, unknown> = {};
  if (isPlainObject(options) && 'rule' in options) {
    checkKeys(options, RULE_OPTION_KEYS, path, '{ rule, tz, start, end }');
    rulePath = `${path}.rule`;
    pattern = rulePattern(options.rule, rulePath);
    window = options;
  } else if (isPlainObject(options) && RECURRENCE_FIELDS.some((key) => key in options)) {
    checkKeys(options, [...RECURRENCE_FIELDS, 'recurs', ...WINDOW_KEYS], path, 'an object rule');
    pattern = recurrenceToCron(options, path);
    window = options;
  } else if (typeof options === 'string' || typeof options === 'number' || options instanceof Date) {
    pattern = rulePattern(options, path);
  } else {
    throw new TaskFormError(path, `must be a cron expression, a date, { rule, tz, start, end } or an object rule such as { hour: 14, minute: 30 } (got ${describe(options)})`);
  }
  const timezone = timeZone(window.tz, `${path}.tz`);
  const startAt = moment(window.start, `${path}.start`);
  const stopAt = moment(window.end, `${path}.end`);
  if (startAt && stopAt && stopAt.getTime() <= startAt.getTime()) throw new TaskFormError(`${path}.end`, `must be after start (${startAt.toISOString()})`);
  try {
    return createSchedule(pattern, { timezone, startAt, stopAt });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new TaskFormError(rulePath, `is not a rule croner reads (${describe(pattern)}): ${reason}`);
  }
}

function checkName(key: string, path: string): void {
  if (key === '') throw new TaskFormError(path, 'is an empty task name');
  if (key.length > MAX_TASK_NAME) throw new TaskFormError(path, `is a task name longer than ${MAX_TASK_NAME} characters`);
}

/**
 * The tasks of one `server.cron.tasks` object or `strapi.cron.add(tasks)` call. Throws a
 * TaskFormError whose path starts at the task (`.myJob.options.tz`, `["0 * * * *"]`).
 */
export function parseCronTasks(tasks: unknown): ParsedTask[] {
  if (!isPlainObject(tasks)) throw new TaskFormError('', `must be an object of tasks keyed by name or by rule (got ${describe(tasks)})`);
  const parsed: ParsedTask[] = [];
  for (const [key, value] of Object.entries(tasks)) {
    const path = keyPath(key);
    checkName(key, path);
    if (typeof value === 'function') {
      const fn = value as ParsedTask['run'];
      parsed.push({ key, name: null, run: fn.bind(tasks), options: key, schedule: scheduleOf(key, path) });
      continue;
    }
    if (!isPlainObject(value) || typeof value.task !== 'function') {
      throw new TaskFormError(path, `must be a function (the key is its rule) or { task, options } with task a function (got ${describe(value)})`);
    }
    checkKeys(value, ['task', 'options'], path, 'a task');
    if (value.options === undefined || value.options === null) throw new TaskFormError(`${path}.options`, "is required: a cron expression such as '0 0 1 * * 1', a date, or { rule, tz, start, end }");
    const fn = value.task as ParsedTask['run'];
    parsed.push({ key, name: key, run: fn.bind(value), options: value.options as CronSchedule, schedule: scheduleOf(value.options, `${path}.options`) });
  }
  return parsed;
}
