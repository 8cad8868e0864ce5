// Coerces filter operands to the API form of their field's type, so the SQL layer can bind them
// as-is: numbers for integer/float/id, exact decimal strings for biginteger/decimal, booleans,
// 'YYYY-MM-DD' dates, 'HH:mm:ss.SSS' times and ISO datetimes with milliseconds and 'Z'.
// Anything that cannot be converted without guessing is a ValidationError, never a silent NaN.
import { ValidationError } from '../errors';
import type { FieldRef } from './ast';
import { invalidQuery, type QueryParam } from './validate-common';
import { readIsoDate, readIsoDatetime, readIsoTime } from './temporal-values';

type FieldType = FieldRef['type'];

const EXPECTED: Record<FieldType, string> = {
  id: 'integer',
  integer: 'integer',
  biginteger: 'integer',
  float: 'number',
  decimal: 'decimal number',
  boolean: 'boolean',
  date: 'date (YYYY-MM-DD)',
  time: 'time (HH:mm:ss.SSS)',
  datetime: 'datetime (ISO 8601)',
  timestamp: 'datetime (ISO 8601)',
  string: 'string',
  text: 'string',
  richtext: 'string',
  blocks: 'JSON',
  enumeration: 'string',
  email: 'string',
  password: 'string',
  uid: 'string',
  json: 'JSON',
  documentId: 'string',
  locale: 'string',
};

export function invalidValue(field: FieldRef, path: string, param: QueryParam): ValidationError {
  return invalidQuery(param, `Invalid value for ${path}: expected ${EXPECTED[field.type]}`, { path });
}

/**
 * Strapi's own words, with empty details, for a date, time or datetime operand that does not parse
 * (asked of Strapi 5.54: it answers these with a 400 of its own, and the numbers with a 500).
 */
const TEMPORAL_WORDS: Partial<Record<FieldType, string>> = {
  date: 'Invalid format, expected yyyy-MM-dd',
  time: 'Invalid time format, expected HH:mm:ss.SSS',
  datetime: 'Invalid format, expected a timestamp or an ISO date',
  timestamp: 'Invalid format, expected a timestamp or an ISO date',
};

/** A day written in the right form (month 01–12, day 01–31) that is still no date, e.g. 2023-02-29: Strapi's `Invalid date`. */
const WELL_FORMED_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\d-])/;

/** undefined = does not fit the type; `coerceValue` turns it into `invalidValue` with its path. */
type Result<T> = T | undefined;
const FAIL = undefined;

/**
 * `value` (a scalar: string, number or boolean) in the API form of `field`'s type.
 * Throws `Invalid value for <path>: expected <type>` when it does not fit.
 */
export function coerceValue(field: FieldRef, value: unknown, path: string, param: QueryParam): unknown {
  const result = coerce(field.type, value);
  if (result === undefined) {
    // A list or an object where a value belongs keeps this app's words: Strapi drops that condition.
    if (value === null || typeof value === 'object') throw invalidValue(field, path, param);
    const strapiWords = field.type === 'date' && typeof value === 'string' && WELL_FORMED_DAY.test(value) ? 'Invalid date' : TEMPORAL_WORDS[field.type];
    throw strapiWords ? new ValidationError(strapiWords) : invalidValue(field, path, param);
  }
  return result;
}

function coerce(type: FieldType, value: unknown): Result<unknown> {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return FAIL;
  switch (type) {
    case 'id':
    case 'integer':
      return toInt32(value);
    case 'float':
      return toFiniteNumber(value);
    case 'biginteger':
      return toBigIntegerString(value);
    case 'decimal':
      return toDecimalString(value);
    case 'boolean':
      return toBoolean(value);
    case 'date':
      return toDate(value);
    case 'time':
      return toTime(value);
    case 'datetime':
    case 'timestamp':
      return toDatetime(value);
    case 'json':
    case 'blocks':
      return FAIL;
    default: {
      // Text-like fields compare as strings; qs already gives strings, GraphQL may give numbers.
      const text = String(value);
      return hasNul(text) ? FAIL : text;
    }
  }
}

/** PostgreSQL text cannot hold NUL (a driver error, so a 500); refused on every database alike. */
export const hasNul = (text: string): boolean => text.includes('\u0000');

/** The operand of a text operator ($contains, $eqi…): any scalar as text, without NUL characters. */
export function textOperand(operand: unknown, path: string, param: QueryParam): string {
  const text = String(operand);
  if (hasNul(text)) throw invalidQuery(param, `Invalid value for ${path}: text must not contain NUL characters (\\u0000)`, { path });
  return text;
}

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function toFiniteNumber(value: string | number | boolean): Result<number> {
  if (typeof value === 'number') return Number.isFinite(value) ? value : FAIL;
  if (typeof value !== 'string' || !NUMBER_TEXT.test(value.trim())) return FAIL;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : FAIL;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** integer and id columns are 32-bit on every database: a larger bound value is a driver error. */
function toInt32(value: string | number | boolean): Result<number> {
  const number = toFiniteNumber(value);
  return number !== undefined && Number.isInteger(number) && number >= INT32_MIN && number <= INT32_MAX ? number : FAIL;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** biginteger: canonical decimal string, exact (no trip through a float), within a 64-bit column. */
function toBigIntegerString(value: string | number | boolean): Result<string> {
  if (typeof value === 'boolean') return FAIL;
  let big: bigint;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return FAIL;
    big = BigInt(value);
  } else {
    const text = value.trim();
    if (!/^[+-]?\d{1,30}$/.test(text)) return FAIL;
    big = BigInt(text.startsWith('+') ? text.slice(1) : text);
  }
  return big >= INT64_MIN && big <= INT64_MAX ? big.toString() : FAIL;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/** decimal: canonical decimal string ('10.990' → '10.99', '.5' → '0.5', '1e3' → '1000'). */
export function toDecimalString(value: string | number | boolean): Result<string> {
  if (typeof value === 'boolean') return FAIL;
  if (typeof value === 'number' && !Number.isFinite(value)) return FAIL;
  const match = DECIMAL_TEXT.exec(String(value).trim());
  if (!match) return FAIL;
  const [, sign, intPart = '', fracPart = '', exponent = '0'] = match;
  if (intPart === '' && fracPart === '') return FAIL;
  const digits = intPart + fracPart;
  // Position of the decimal point within `digits` once the exponent is applied.
  const point = intPart.length + Number(exponent);
  if (point > 400 || point < -400) return FAIL;
  const padded = point < 0 ? '0'.repeat(-point) + digits : point > digits.length ? digits + '0'.repeat(point - digits.length) : digits;
  const at = Math.max(point, 0);
  const whole = padded.slice(0, at).replace(/^0+/, '') || '0';
  const fraction = padded.slice(at).replace(/0+$/, '');
  const magnitude = fraction ? `${whole}.${fraction}` : whole;
  return sign === '-' && magnitude !== '0' ? `-${magnitude}` : magnitude;
}

function toBoolean(value: string | number | boolean): Result<boolean> {
  if (value === true || value === 'true' || value === 't' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === 'f' || value === '0' || value === 0) return false;
  return FAIL;
}

/**
 * date: 'YYYY-MM-DD' (a real calendar day, years 0001–9999). An ISO datetime keeps the day as
 * written (no time-zone shift, like Strapi). Nothing else: no `Date.parse` guessing.
 */
function toDate(value: string | number | boolean): Result<string> {
  if (typeof value !== 'string') return FAIL;
  const text = value.trim();
  if (text.length === 10) return readIsoDate(text);
  return readIsoDatetime(text) !== undefined ? text.slice(0, 10) : FAIL;
}

/** Strapi's filter form: seconds required, at most three fraction digits ('09:30' is refused). */
const FILTER_TIME = /^\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;

function toTime(value: string | number | boolean): Result<string> {
  return typeof value === 'string' && FILTER_TIME.test(value) ? readIsoTime(value) : FAIL;
}

const YEAR_1 = new Date(0).setUTCFullYear(1, 0, 1);
const YEAR_10000 = Date.UTC(10000, 0, 1);

/**
 * datetime: ISO 8601 (see temporal-values.ts) as an ISO string with milliseconds and 'Z'. A number,
 * or a string of digits, is epoch milliseconds, as in Strapi (its `filters[event_at]=1` is 1 ms
 * after the epoch, where `Date.parse` would have read the year 2001). Years 0001–9999 only.
 */
function toDatetime(value: string | number | boolean): Result<string> {
  if (typeof value === 'string') {
    const text = value.trim();
    return EPOCH_MS.test(text) ? fromEpoch(Number(text)) : readIsoDatetime(text);
  }
  return typeof value === 'number' ? fromEpoch(value) : FAIL;
}

const EPOCH_MS = /^-?\d{1,15}$/;

function fromEpoch(ms: number): Result<string> {
  return Number.isInteger(ms) && ms >= YEAR_1 && ms < YEAR_10000 ? new Date(ms).toISOString() : FAIL;
}
