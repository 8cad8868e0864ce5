// Strapi 5's cron task forms: each accepted form schedules the runs it says; each refused one is
// refused with the task and key named.
import { parseCronTasks } from './task-forms';
import { TaskFormError } from './task-error';

const at = (iso: string) => new Date(iso);
const AFTER = at('2026-03-02T10:00:00.000Z'); // a Monday

/** The first `n` scheduled times of the only task of `tasks`, after AFTER. */
function runs(tasks: Record<string, unknown>, n = 3, after = AFTER): string[] {
  const [task] = parseCronTasks(tasks);
  const out: string[] = [];
  let from = after;
  for (let i = 0; i < n; i++) {
    const next = task.schedule.next(from);
    if (!next) break;
    out.push(next.toISOString());
    from = next;
  }
  return out;
}

function refusal(tasks: unknown): string {
  try {
    parseCronTasks(tasks);
  } catch (err) {
    if (err instanceof TaskFormError) return err.message;
    throw err;
  }
  throw new Error('accepted');
}

const noop = () => undefined;

describe('cron task forms', () => {
  it("reads '<rule>': fn as an unnamed task whose key is its rule, bound to the tasks object", () => {
    const tasks = { '*/20 * * * * *': function (this: unknown) { return this; } };
    const [task] = parseCronTasks(tasks);
    expect(task).toMatchObject({ key: '*/20 * * * * *', name: null, options: '*/20 * * * * *' });
    expect(task.run({ strapi: {} }, AFTER)).toBe(tasks);
    expect(runs(tasks)).toEqual(['2026-03-02T10:00:20.000Z', '2026-03-02T10:00:40.000Z', '2026-03-02T10:01:00.000Z']);
  });

  it('reads { task, options } as a named task bound to its own object, with 5-field rules running at second 0', () => {
    const entry = { task: function (this: unknown) { return this; }, options: '0 */2 * * *' };
    const [task] = parseCronTasks({ report: entry });
    expect(task).toMatchObject({ key: 'report', name: 'report', options: '0 */2 * * *' });
    expect(task.run({ strapi: {} }, AFTER)).toBe(entry);
    expect(runs({ report: entry }, 2)).toEqual(['2026-03-02T12:00:00.000Z', '2026-03-02T14:00:00.000Z']);
  });

  it('reads the rule in its time zone', () => {
    // 09:00 in Tokyo (UTC+9) is midnight UTC; in New York (UTC-5 in March before the 8th) 14:00 UTC.
    expect(runs({ a: { task: noop, options: { rule: '0 0 9 * * *', tz: 'Asia/Tokyo' } } }, 2)).toEqual(['2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z']);
    expect(runs({ a: { task: noop, options: { rule: '0 0 9 * * *', tz: 'America/New_York' } } }, 1)).toEqual(['2026-03-02T14:00:00.000Z']);
  });

  it('runs between start and end (both exclusive, as Strapi 5.54 schedules with croner 10), from Dates or text', () => {
    const options = { rule: '0 0 * * * *', start: '2026-03-02T12:00:00.000Z', end: new Date('2026-03-02T15:00:00.000Z') };
    expect(runs({ a: { task: noop, options } }, 5)).toEqual(['2026-03-02T13:00:00.000Z', '2026-03-02T14:00:00.000Z']);
  });

  it('runs a Date, epoch milliseconds or an ISO text once', () => {
    expect(runs({ a: { task: noop, options: at('2026-03-02T11:30:00.000Z') } })).toEqual(['2026-03-02T11:30:00.000Z']);
    expect(runs({ a: { task: noop, options: Date.parse('2026-03-02T11:30:00.000Z') } })).toEqual(['2026-03-02T11:30:00.000Z']);
    expect(runs({ a: { task: noop, options: { rule: '2026-03-02T11:30:00Z' } } })).toEqual(['2026-03-02T11:30:00.000Z']);
    // A moment already past never runs (a restarted app does not run it again).
    expect(runs({ a: { task: noop, options: at('2026-03-01T00:00:00.000Z') } })).toEqual([]);
  });

  it("reads node-schedule's object rules (months from 0), with a window", () => {
    expect(runs({ a: { task: noop, options: { hour: 14, minute: 30, dayOfWeek: [1, 3] } } })).toEqual([
      '2026-03-02T14:30:00.000Z',
      '2026-03-04T14:30:00.000Z',
      '2026-03-09T14:30:00.000Z',
    ]);
    expect(runs({ a: { task: noop, options: { second: { start: 0, end: 50, step: 25 }, minute: 0, hour: 11, month: 2 } } })).toEqual([
      '2026-03-02T11:00:00.000Z',
      '2026-03-02T11:00:25.000Z',
      '2026-03-02T11:00:50.000Z',
    ]);
    expect(runs({ a: { task: noop, options: { rule: { minute: 0 }, tz: 'Asia/Kolkata' } } }, 1)).toEqual(['2026-03-02T10:30:00.000Z']);
    expect(runs({ a: { task: noop, options: { date: 1, hour: 0, minute: 0, year: 2027 } } }, 1)).toEqual(['2027-01-01T00:00:00.000Z']);
  });

  it.each([
    ['a non-object', 'nope', ' must be an object of tasks keyed by name or by rule (got string "nope")'],
    ['a value that is neither', { a: 5 }, '.a must be a function (the key is its rule) or { task, options } with task a function (got number 5)'],
    ['an object without task', { a: { options: '* * * * *' } }, '.a must be a function (the key is its rule) or { task, options } with task a function (got an object)'],
    ['a key that is no rule', { 'every minute': noop }, '["every minute"] is not a rule croner reads (string "every minute"): CronPattern: invalid configuration format (\'every minute\'), exactly five, six, or seven space separated parts are required.'],
    ['a bad field', { a: { task: noop, options: '61 * * * *' } }, '.a.options is not a rule croner reads (string "61 * * * *"): CronPattern: Invalid value for minute: 61'],
    ['no options', { a: { task: noop } }, ".a.options is required: a cron expression such as '0 0 1 * * 1', a date, or { rule, tz, start, end }"],
    ['an extra key', { a: { task: noop, options: '* * * * *', tz: 'UTC' } }, '.a.tz is not a key of a task (expected task, options)'],
    ['a misspelled option', { a: { task: noop, options: { rule: '* * * * *', timezone: 'UTC' } } }, '.a.options.timezone is not a key of { rule, tz, start, end } (expected rule, tz, start, end)'],
    ['an unknown time zone', { a: { task: noop, options: { rule: '* * * * *', tz: 'Mars/Olympus' } } }, ".a.options.tz must be an IANA time zone such as 'Europe/Paris' (got string \"Mars/Olympus\")"],
    ['a bad start', { a: { task: noop, options: { rule: '* * * * *', start: 'soon' } } }, '.a.options.start must be a Date, an ISO date text or epoch milliseconds (got string "soon")'],
    ['an end before start', { a: { task: noop, options: { rule: '* * * * *', start: '2026-02-01', end: '2026-01-01' } } }, '.a.options.end must be after start (2026-02-01T00:00:00.000Z)'],
    ['an empty rule', { a: { task: noop, options: { rule: ' ' } } }, '.a.options.rule must not be empty'],
    ['an invalid date', { a: { task: noop, options: new Date('x') } }, '.a.options must be a Date, an ISO date text or epoch milliseconds (got an invalid Date)'],
    ['an object that is no rule', { a: { task: noop, options: { every: 5 } } }, '.a.options must be a cron expression, a date, { rule, tz, start, end } or an object rule such as { hour: 14, minute: 30 } (got an object)'],
    ['an object-rule field out of range', { a: { task: noop, options: { month: 12 } } }, '.a.options.month must be in 0..11 (got 12)'],
    ['an object-rule field as text', { a: { task: noop, options: { hour: '*/2' } } }, '.a.options.hour must be an integer in 0..23, a range { start, end, step } or a list of them (got string "*/2")'],
    ['a reversed range', { a: { task: noop, options: { minute: { start: 30, end: 10 } } } }, '.a.options.minute must be a range with integers start <= end in 0..59'],
    ['recurs: false', { a: { task: noop, options: { hour: 1, recurs: false } } }, '.a.options.recurs must be true or absent: a one-off run is given as a date (options: new Date(…))'],
    ['an unknown object-rule key', { a: { task: noop, options: { hour: 1, minutes: 5 } } }, '.a.options.minutes is not a key of an object rule (expected second, minute, hour, date, month, dayOfWeek, year, recurs, tz, start, end)'],
    ['a name too long', { ['x'.repeat(201)]: { task: noop, options: '* * * * *' } }, `.${'x'.repeat(201)} is a task name longer than 200 characters`],
  ])('refuses %s', (_, tasks, message) => {
    expect(refusal(tasks)).toBe(message);
  });
});
