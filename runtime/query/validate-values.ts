// Coerces filter operands to the API form of their field's type, so the SQL layer can bind them
// as-is: numbers for integer/float/id, exact decimal strings for biginteger/decimal, booleans,
// 'YYYY-MM-DD' dates, 'HH:mm:ss.SSS' times and ISO datetimes with milliseconds and 'Z'.
// Anything that cannot be converted without guessing is a ValidationError, never a silent NaN.
import type { ValidationError } from '../errors';
import type { FieldRef } from './ast';
import { invalidQuery, type QueryParam } from './validate-common';

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

/** undefined = does not fit the type; `coerceValue` turns it into `invalidValue` with its path. */
type Result<T> = T | undefined;
const FAIL = undefined;

/**
 * `value` (a scalar: string, number or boolean) in the API form of `field`'s type.
 * Throws `Invalid value for <path>: expected <type>` when it does not fit.
 */
export function coerceValue(field: FieldRef, value: unknown, path: string, param: QueryParam): unknown {
  const result = coerce(field.type, value);
  if (result === undefined) throw invalidValue(field, path, param);
  return result;
}

function coerce(type: FieldType, value: unknown): Result<unknown> {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return FAIL;
  switch (type) {
    case 'id':
    case 'integer':
      return toSafeInteger(value);
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
    default:
      // Text-like fields compare as strings; qs already gives strings, GraphQL may give numbers.
      return String(value);
  }
}

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function toFiniteNumber(value: string | number | boolean): Result<number> {
  if (typeof value === 'number') return Number.isFinite(value) ? value : FAIL;
  if (typeof value !== 'string' || !NUMBER_TEXT.test(value.trim())) return FAIL;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : FAIL;
}

function toSafeInteger(value: string | number | boolean): Result<number> {
  const number = toFiniteNumber(value);
  // Past 2^53 a JS number is no longer the integer the client sent.
  return number !== undefined && Number.isSafeInteger(number) ? number : FAIL;
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

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})[T ]/;

function isCalendarDate(text: string): boolean {
  const match = DATE_ONLY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * date: 'YYYY-MM-DD' (a real calendar day). An ISO datetime keeps the day as written (no time-zone
 * shift, like Strapi); any other form Date.parse understands is read and reduced to its UTC day.
 */
function toDate(value: string | number | boolean): Result<string> {
  if (typeof value !== 'string') return FAIL;
  const text = value.trim();
  // V8's Date.parse rolls '2023-02-29' over to March 1st: check the calendar ourselves.
  if (DATE_ONLY.test(text)) return isCalendarDate(text) ? text : FAIL;
  const prefix = DATE_PREFIX.exec(text);
  if (prefix) return toDatetime(text) !== undefined ? prefix[1] : FAIL;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? FAIL : new Date(parsed).toISOString().slice(0, 10);
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/** time: 'HH:mm', 'HH:mm:ss' or 'HH:mm:ss.S…' → 'HH:mm:ss.SSS' (extra fraction digits truncated). */
function toTime(value: string | number | boolean): Result<string> {
  if (typeof value !== 'string') return FAIL;
  const match = TIME.exec(value.trim());
  if (!match) return FAIL;
  const [, h, m, s = '00', fraction = ''] = match;
  if (Number(h) > 23 || Number(m) > 59 || Number(s) > 59) return FAIL;
  return `${h}:${m}:${s}.${(fraction + '000').slice(0, 3)}`;
}

const HAS_TIME = /\d[T ]\d{2}:\d{2}/;
const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * datetime: ISO string with milliseconds and 'Z'. A date-time without zone is read as UTC (not the
 * server's zone, which would make results depend on where the server runs); numbers are epoch ms.
 */
function toDatetime(value: string | number | boolean): Result<string> {
  if (typeof value === 'boolean') return FAIL;
  let time: number;
  if (typeof value === 'number') {
    time = value;
  } else {
    const text = value.trim();
    if (text === '') return FAIL;
    const day = /^\d{4}-\d{2}-\d{2}/.exec(text);
    if (day && !isCalendarDate(day[0])) return FAIL;
    const zoned = HAS_TIME.test(text) && !HAS_ZONE.test(text) ? `${text.replace(' ', 'T')}Z` : text;
    time = Date.parse(zoned);
  }
  if (!Number.isFinite(time)) return FAIL;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? FAIL : date.toISOString();
}
