// node-schedule's object rule (`{ hour: 14, minute: 30, dayOfWeek: [1, 3] }`), which Strapi 5 still
// accepts, turned into the cron expression croner reads. Only node-schedule's documented field
// forms are taken (a number, a `{ start, end, step }` range, a list of them); anything else is
// refused with the field's name, where a misread field would silently mean "any".
import { describe as describeValue, isPlainObject } from '@cms-gen/core/config-error';
import { TaskFormError } from './task-error';

interface Field {
  key: 'second' | 'minute' | 'hour' | 'date' | 'month' | 'dayOfWeek' | 'year';
  min: number;
  max: number;
  /** Added to each value: node-schedule counts months from 0, cron from 1. */
  offset: number;
  /** The cron field when the key is absent or null. */
  absent: string;
}

const FIELDS: readonly Field[] = [
  // node-schedule's RecurrenceRule runs at second 0 unless told otherwise.
  { key: 'second', min: 0, max: 59, offset: 0, absent: '0' },
  { key: 'minute', min: 0, max: 59, offset: 0, absent: '*' },
  { key: 'hour', min: 0, max: 23, offset: 0, absent: '*' },
  { key: 'date', min: 1, max: 31, offset: 0, absent: '*' },
  { key: 'month', min: 0, max: 11, offset: 1, absent: '*' },
  { key: 'dayOfWeek', min: 0, max: 6, offset: 0, absent: '*' },
  { key: 'year', min: 1970, max: 9999, offset: 0, absent: '*' },
];

export const RECURRENCE_FIELDS: readonly string[] = FIELDS.map((f) => f.key);

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function part(value: unknown, field: Field, path: string): string {
  const bounds = `${field.min}..${field.max}`;
  if (isInt(value)) {
    if (value < field.min || value > field.max) throw new TaskFormError(path, `must be in ${bounds} (got ${value})`);
    return String(value + field.offset);
  }
  if (isPlainObject(value)) {
    const { start, end, step } = value;
    const unknown = Object.keys(value).filter((k) => k !== 'start' && k !== 'end' && k !== 'step');
    if (unknown.length) throw new TaskFormError(path, `is a range { start, end, step } and has no key ${unknown[0]}`);
    if (!isInt(start) || !isInt(end) || start < field.min || end > field.max || start > end) {
      throw new TaskFormError(path, `must be a range with integers start <= end in ${bounds}`);
    }
    if (step !== undefined && (!isInt(step) || step < 1)) throw new TaskFormError(path, `.step must be a positive integer (got ${describeValue(step)})`);
    const range = `${start + field.offset}-${end + field.offset}`;
    return step === undefined ? range : `${range}/${step}`;
  }
  throw new TaskFormError(path, `must be an integer in ${bounds}, a range { start, end, step } or a list of them (got ${describeValue(value)})`);
}

function segment(value: unknown, field: Field, path: string): string {
  if (value === undefined || value === null) return field.absent;
  if (Array.isArray(value)) {
    if (value.length === 0) throw new TaskFormError(path, 'must not be an empty list');
    return value.map((item, i) => part(item, field, `${path}[${i}]`)).join(',');
  }
  return part(value, field, path);
}

/** The cron expression (6 fields, 7 with a year) of an object rule; `path` names it in errors. */
export function recurrenceToCron(spec: Record<string, unknown>, path: string): string {
  if (spec.recurs !== undefined && spec.recurs !== true) {
    throw new TaskFormError(`${path}.recurs`, 'must be true or absent: a one-off run is given as a date (options: new Date(…))');
  }
  const parts = FIELDS.map((field) => segment(spec[field.key], field, `${path}.${field.key}`));
  const year = parts.pop() as string;
  return spec.year === undefined || spec.year === null ? parts.join(' ') : `${parts.join(' ')} ${year}`;
}
