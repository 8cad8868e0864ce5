// Type and constraint checks of one scalar value, returning the value in its API form.
// Wording follows Strapi's (yup) messages. What is accepted was checked against Strapi 5.54
// (test/e2e/hostile-input.test.ts lists the answers): text only from strings, numbers also from
// numeric strings ('1e3', ' 7 '), dates and datetimes only in ISO forms or epoch milliseconds.
// Beyond Strapi, values are refused that a column cannot hold on every database: NUL characters,
// integers outside 32 bits, decimals wider than DECIMAL(65,30), years outside 0001–9999, and
// JSON nested deeper or larger than json-bounds.ts allows.
import type { ScalarAttribute } from '../../model/types';
import { normalizeTime } from '../../sql/codec';
import { toDecimalString } from '../../query/validate-values';
import { readIsoDate, readIsoDatetime } from '../../query/temporal-values';
import { jsonValueProblem } from './json-bounds';
import { hasLoneSurrogate } from '../../value-walk';
import { blocksIssues, type BlockIssue } from './blocks-rules';
import { printValue } from './yup-print';

/**
 * `reported`: the value the issue's details show, when it is not the one sent (yup reports NaN, as null).
 * `alone`: Strapi 5.54 raises this one while storing, after its validator passed: it is answered
 * by itself, with empty details, and only when no other issue was found (kitchen-kit answers).
 * `nested`: a blocks value's problems, each at its own path below the attribute (blocks-rules.ts).
 * `publishOnly`: a rule Strapi 5.54 does not apply to drafts (publishOnlyIssue): a draft keeps
 * the value, and publishing refuses it (PLUTO's SEO component, test/pluto: with a title too long, a
 * description too short and keywords off the pattern, a published create answers the title alone,
 * from the draft's validation).
 */
export type ScalarCheck = { value: unknown } | { issue: string; reported?: null; alone?: true; nested?: BlockIssue[]; publishOnly?: true };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UID = /^[A-Za-z0-9-_.~]*$/;
const INT32 = { min: -2147483648, max: 2147483647 };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

// Values in yup's print: `"a"` for text, and a list `["a"]` as indented JSON of such texts.
const typeError = (label: string, type: string, value: unknown) => `${label} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`.`;

/**
 * A required value left null, in yup's words as Strapi 5.54 answers them (FoodAdvisor's answers,
 * test/foodadvisor): text `title must be a \`string\` type, but the final value was: \`null\`.`,
 * numbers cast null to NaN (`… \`number\` type, but the final value was: \`NaN\`.`), and a boolean,
 * a date or JSON fails only the required test (`included must be defined.`).
 */
export const nullRequired = (attr: ScalarAttribute, label: string): string => {
  const type = yupType(attr);
  // yup's boolean is nullable there, and dates and JSON are `mixed`, which takes null as a value:
  // only the required test fails (easyfest's news item without its `date`, test/easyfest).
  if (type === 'boolean' || type === 'date' || type === 'mixed') return `${label} must be defined.`;
  return typeError(label, type, type === 'number' ? Number.NaN : null);
};

export function checkScalar(attr: ScalarAttribute, value: unknown, label: string): ScalarCheck {
  if (value === null || value === undefined) {
    return attr.required ? { issue: nullRequired(attr, label) } : { value: null };
  }
  const converted = convert(attr, value, label);
  if ('issue' in converted) return converted;
  return constraints(attr, converted.value, label) ?? converted;
}

/**
 * A schema default in the canonical API form a sent value is stored in ('12:00:00' →
 * '12:00:00.000', an offset datetime → UTC with milliseconds). Encoded as the schema spelled it,
 * SQLite kept the text as written, so `$eq 12:00:00.000` found a defaulted time on PostgreSQL and
 * MariaDB (which parse it) but not on SQLite. A default that fails its own checks is kept as it is
 * (plan.ts reports it). Read once per attribute.
 */
export function canonicalDefault(attr: ScalarAttribute): unknown {
  if (attr.default === undefined || attr.default === null) return null;
  let cached = defaults.get(attr);
  if (cached === undefined) {
    const checked = checkScalar(attr, attr.default, attr.name);
    cached = { value: 'value' in checked ? checked.value : attr.default };
    defaults.set(attr, cached);
  }
  return cached.value;
}

const defaults = new WeakMap<ScalarAttribute, { value: unknown }>();

function yupType(attr: ScalarAttribute): string {
  switch (attr.type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'json':
      return 'mixed';
    // Strapi validates blocks as an array (PLUTO's required blocks left out of a published page:
    // `contributorsInfo must be a \`array\` type, but the final value was: \`null\`.`, test/pluto).
    case 'blocks':
      return 'array';
    case 'date':
    case 'datetime':
    case 'timestamp':
      return 'date';
    default:
      return 'string';
  }
}

function convert(attr: ScalarAttribute, value: unknown, label: string): ScalarCheck {
  switch (attr.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'uid':
    case 'enumeration':
    case 'password':
      // Strapi refuses `title: 123` too; it stores NUL, which PostgreSQL cannot: refused everywhere.
      if (typeof value !== 'string') return { issue: typeError(label, 'string', value) };
      if (value.includes('\u0000')) return { issue: `${label} must not contain NUL characters (\\u0000)` };
      // An unpaired surrogate has no UTF-8 form: each driver replaced it its own way, silently
      // ('a\ud83d' read back 'a?' on MariaDB, 'a\ufffd' on PostgreSQL, 'a\ufffd\ufffd\ufffd' on SQLite).
      if (hasLoneSurrogate(value)) return { issue: `${label} must not contain unpaired surrogate characters (\\uD800-\\uDFFF)` };
      return { value };
    case 'integer': {
      const n = toNumber(value);
      if (n === undefined) return { issue: notANumber(label, value), reported: null };
      if (!Number.isInteger(n)) return { issue: `${label} must be an integer` };
      if (n < INT32.min || n > INT32.max) return { issue: `${label} must be between ${INT32.min} and ${INT32.max}` };
      return { value: n };
    }
    case 'biginteger': {
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!/^-?\d{1,30}$/.test(text)) return { issue: `${label} must be a valid integer` };
      const big = BigInt(text);
      if (big < INT64.min || big > INT64.max) return { issue: `${label} is out of the 64-bit integer range` };
      return { value: big.toString() };
    }
    case 'float': {
      const n = toNumber(value);
      return n === undefined ? { issue: notANumber(label, value), reported: null } : { value: n };
    }
    case 'decimal': {
      const n = toNumber(value);
      // Canonical and exact ('1e3' → '1000'), from the text when the client sent text.
      const exact = n === undefined ? undefined : toDecimalString(typeof value === 'string' ? value.replace(/\s/g, '') : n);
      if (exact === undefined) return { issue: notANumber(label, value), reported: null };
      const text = roundDecimalScale(exact);
      if (integerDigits(text) > DECIMAL_INTEGER_DIGITS) return { issue: `${label} must have at most ${DECIMAL_INTEGER_DIGITS} digits before the decimal point` };
      return { value: text };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === '1' || value === 1) return { value: true };
      if (value === 'false' || value === '0' || value === 0) return { value: false };
      return { issue: typeError(label, 'boolean', value) };
    case 'date':
      return checkDate(value);
    case 'time': {
      // Strapi 5.54 stores HH:mm:ss with up to 3 fraction digits, and refuses '09:30'.
      if (typeof value !== 'string') return { issue: `Expected a string, got a ${typeof value}`, alone: true };
      if (!/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?$/.test(value)) return { issue: 'Invalid time format, expected HH:mm:ss.SSS', alone: true };
      return { value: normalizeTime(value) };
    }
    case 'datetime':
    case 'timestamp': {
      // `new Date()` stored '2020-02-30T00:00:00Z' as March 1st; Strapi refuses it with this message.
      const iso = readDatetime(value);
      return iso === undefined ? { issue: 'Invalid format, expected a timestamp or an ISO date', alone: true } : { value: iso };
    }
    case 'json': {
      const problem = jsonValueProblem(value);
      return problem ? { issue: `${label} ${problem}` } : { value };
    }
    case 'blocks': {
      const problem = jsonValueProblem(value);
      if (problem) return { issue: `${label} ${problem}` };
      const structure = blocksIssues(value, label);
      return structure.length > 0 ? { issue: structure[0].message, nested: structure } : { value };
    }
  }
}

/**
 * string, email and uid are VARCHAR(255) on MariaDB (as in Strapi, on every database there): a
 * longer value was a driver error there (a 500) and stored elsewhere. Counted in characters (code
 * points), as MariaDB counts them. Passwords are stored as a hash, so their length is not bounded here.
 */
const SHORT_TEXT = new Set<ScalarAttribute['type']>(['string', 'email', 'uid']);
const SHORT_TEXT_MAX = 255;

/** DECIMAL(65,30), the column every database gets: 35 digits before the point. */
const DECIMAL_INTEGER_DIGITS = 35;

/**
 * A canonical decimal rounded to the column's 30 fraction digits, half away from zero. PostgreSQL
 * and MariaDB round so when storing, SQLite (REAL) did not: 0.0000000000000000000000000000015 read
 * back 2e-30 on two databases and 1.5e-30 on SQLite (an `$eq` on the value sent found it on SQLite
 * only), and 35 nines after the point rounded past the 35 integer digits into an overflow there.
 * Rounding here stores and answers the same value on every database.
 */
export function roundDecimalScale(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  if (fraction.length <= DECIMAL_SCALE) return decimal;
  let digits = whole + fraction.slice(0, DECIMAL_SCALE);
  if (fraction.charCodeAt(DECIMAL_SCALE) >= 53 /* '5' */) digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  const point = digits.length - DECIMAL_SCALE;
  return toDecimalString(`${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`) as string;
}

/** DECIMAL(65,30): digits after the point. */
const DECIMAL_SCALE = 30;

const integerDigits = (decimal: string): number => decimal.replace(/^-/, '').split('.')[0].replace(/^0+/, '').length;

/** yup's wording for a value that does not cast to a number. */
const notANumber = (label: string, value: unknown) => `${label} must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`${printValue(value)}\`).`;

const EPOCH_MS = /^-?\d{1,15}$/;
const YEAR_1 = new Date(0).setUTCFullYear(1, 0, 1);
const YEAR_10000 = Date.UTC(10000, 0, 1);

/** An ISO date or date-time, or epoch milliseconds (number or digits), as Strapi accepts them. */
function readDatetime(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && EPOCH_MS.test(value.trim()) ? Number(value.trim()) : undefined;
  if (ms !== undefined) return Number.isInteger(ms) && ms >= YEAR_1 && ms < YEAR_10000 ? new Date(ms).toISOString() : undefined;
  return typeof value === 'string' ? readIsoDatetime(value) : undefined;
}

/** 'YYYY-MM-DD', or the day of an ISO date-time as written; Strapi's two messages. */
function checkDate(value: unknown): ScalarCheck {
  const text = typeof value === 'string' ? value.trim() : '';
  const day = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
  if (day === undefined) return { issue: 'Invalid format, expected yyyy-MM-dd', alone: true };
  if (readIsoDate(day) === undefined) return { issue: 'Invalid date', alone: true };
  if (text !== day && readIsoDatetime(text) === undefined) return { issue: 'Invalid format, expected yyyy-MM-dd', alone: true };
  return { value: day };
}

/** yup's number cast: numbers, and strings once whitespace is removed ('1e3' → 1000); finite only. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s/g, '');
  const n = Number(text);
  return text !== '' && Number.isFinite(n) ? n : undefined;
}

/**
 * What a published version's value breaks of the rules Strapi 5.54 spares drafts, if anything:
 * `minLength`, `regex`, an email's form (and emptiness), a uid's pattern, and `min` of integers,
 * floats and decimals (its entity validator skips each of them for a draft; `maxLength` and `max`
 * apply to drafts too). A biginteger gets neither `min` nor `max` there: only its integer form is checked.
 */
export function publishOnlyIssue(attr: ScalarAttribute, value: unknown, label: string): string | undefined {
  if (typeof value === 'string') {
    if (attr.minLength !== undefined && value.length < attr.minLength) return `${label} must be at least ${attr.minLength} characters`;
    // yup prints the pattern as a RegExp literal: "/^https?:\/\//". An empty string passes an
    // attribute's regex unless it is required (yup's excludeEmptyString); a uid's does not.
    const spared = value === '' && !attr.required && attr.type !== 'uid';
    if (attr.regex && !spared && !new RegExp(attr.regex).test(value)) return `${label} must match the following: "${String(new RegExp(attr.regex))}"`;
    if (attr.type === 'uid' && !attr.regex && !UID.test(value)) return `${label} must match the following: "/^[A-Za-z0-9-_.~]*$/"`;
    if (attr.type === 'email') {
      if (value === '') return `${label} cannot be empty`;
      if (!EMAIL.test(value)) return `${label} must be a valid email`;
    }
  }
  if (attr.min !== undefined && NUMBERS_WITH_MIN.has(attr.type)) {
    const numeric = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    if (numeric < attr.min) return `${label} must be greater than or equal to ${attr.min}`;
  }
  return undefined;
}

const NUMBERS_WITH_MIN = new Set<ScalarAttribute['type']>(['integer', 'float', 'decimal']);

/** Whether publishOnlyIssue has anything to check on `attr` (publish-check.ts reads such values back). */
export const hasPublishOnlyRules = (attr: ScalarAttribute): boolean =>
  attr.minLength !== undefined || Boolean(attr.regex) || attr.type === 'uid' || attr.type === 'email' || (attr.min !== undefined && NUMBERS_WITH_MIN.has(attr.type));

function constraints(attr: ScalarAttribute, value: unknown, label: string): ScalarCheck | undefined {
  if (typeof value === 'string') {
    if (attr.type === 'enumeration' && attr.enum && !attr.enum.includes(value)) {
      // Strapi lists the values followed by ", " (its null entry printed empty).
      return { issue: `${label} must be one of the following values: ${attr.enum.join(', ')}, ` };
    }
    if (attr.maxLength !== undefined && value.length > attr.maxLength) return { issue: `${label} must be at most ${attr.maxLength} characters` };
    if (SHORT_TEXT.has(attr.type) && value.length > SHORT_TEXT_MAX && [...value].length > SHORT_TEXT_MAX) {
      return { issue: `${label} must be at most ${SHORT_TEXT_MAX} characters` };
    }
  }
  // A biginteger is checked for its form only (publishOnlyIssue).
  const numeric = typeof value === 'number' ? value : attr.type === 'decimal' ? Number(value) : undefined;
  if (numeric !== undefined && attr.max !== undefined && numeric > attr.max) return { issue: `${label} must be less than or equal to ${attr.max}` };
  const publishOnly = publishOnlyIssue(attr, value, label);
  return publishOnly ? { issue: publishOnly, publishOnly: true } : undefined;
}
