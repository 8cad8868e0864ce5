// Type and constraint checks of one scalar value, returning the value in its API form.
// Wording follows Strapi's (yup) messages.
import type { ScalarAttribute } from '../../model/types';
import { normalizeTime } from '../../sql/codec';

export type ScalarCheck = { value: unknown } | { issue: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UID = /^[A-Za-z0-9-_.~]*$/;
const INT32 = { min: -2147483648, max: 2147483647 };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

const show = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));
const typeError = (label: string, type: string, value: unknown) => `${label} must be a \`${type}\` type, but the final value was: \`${value === null ? 'null' : show(value)}\`.`;

export function checkScalar(attr: ScalarAttribute, value: unknown, label: string): ScalarCheck {
  if (value === null || value === undefined) {
    return attr.required ? { issue: typeError(label, yupType(attr), null) } : { value: null };
  }
  const converted = convert(attr, value, label);
  if ('issue' in converted) return converted;
  return constraints(attr, converted.value, label) ?? converted;
}

function yupType(attr: ScalarAttribute): string {
  switch (attr.type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'json':
    case 'blocks':
      return 'mixed';
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
      if (typeof value === 'string') return { value };
      if (typeof value === 'number' && Number.isFinite(value)) return { value: String(value) };
      return { issue: typeError(label, 'string', value) };
    case 'integer': {
      const n = toNumber(value);
      if (n === undefined) return { issue: typeError(label, 'number', value) };
      if (!Number.isInteger(n)) return { issue: `${label} must be an integer` };
      if (n < INT32.min || n > INT32.max) return { issue: `${label} must be between ${INT32.min} and ${INT32.max}` };
      return { value: n };
    }
    case 'biginteger': {
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!/^-?\d+$/.test(text)) return { issue: typeError(label, 'string', value) };
      const big = BigInt(text);
      if (big < INT64.min || big > INT64.max) return { issue: `${label} is out of the 64-bit integer range` };
      return { value: big.toString() };
    }
    case 'float':
    case 'decimal': {
      const n = toNumber(value);
      if (n === undefined) return { issue: typeError(label, 'number', value) };
      return { value: attr.type === 'decimal' && typeof value === 'string' ? value.trim() : n };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === '1' || value === 1) return { value: true };
      if (value === 'false' || value === '0' || value === 0) return { value: false };
      return { issue: typeError(label, 'boolean', value) };
    case 'date': {
      const date = parseDate(value);
      return date ? { value: date } : { issue: `${label} must be a valid date (YYYY-MM-DD)` };
    }
    case 'time': {
      if (typeof value !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/.test(value)) {
        return { issue: `${label} must be a valid time (HH:mm:ss.SSS)` };
      }
      return { value: normalizeTime(value) };
    }
    case 'datetime':
    case 'timestamp': {
      if (typeof value !== 'string' && typeof value !== 'number') return { issue: typeError(label, 'date', value) };
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? { issue: `${label} must be a valid datetime` } : { value: date.toISOString() };
    }
    case 'json':
      return { value };
    case 'blocks':
      return Array.isArray(value) ? { value } : { issue: `${label} must be an array of blocks` };
  }
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function parseDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

function constraints(attr: ScalarAttribute, value: unknown, label: string): ScalarCheck | undefined {
  if (typeof value === 'string') {
    if (attr.type === 'enumeration' && attr.enum && !attr.enum.includes(value)) {
      // Strapi lists the values followed by ", " (its null entry printed empty).
      return { issue: `${label} must be one of the following values: ${attr.enum.join(', ')}, ` };
    }
    if (attr.type === 'email' && !EMAIL.test(value)) return { issue: `${label} must be a valid email` };
    if (attr.type === 'uid' && !UID.test(value)) return { issue: `${label} must match the following: "/^[A-Za-z0-9-_.~]*$/"` };
    if (attr.minLength !== undefined && value.length < attr.minLength) return { issue: `${label} must be at least ${attr.minLength} characters` };
    if (attr.maxLength !== undefined && value.length > attr.maxLength) return { issue: `${label} must be at most ${attr.maxLength} characters` };
    if (attr.regex && !new RegExp(attr.regex).test(value)) return { issue: `${label} must match the following: "${attr.regex}"` };
  }
  const numeric = typeof value === 'number' ? value : attr.type === 'biginteger' || attr.type === 'decimal' ? Number(value) : undefined;
  if (numeric !== undefined) {
    if (attr.min !== undefined && numeric < attr.min) return { issue: `${label} must be greater than or equal to ${attr.min}` };
    if (attr.max !== undefined && numeric > attr.max) return { issue: `${label} must be less than or equal to ${attr.max}` };
  }
  return undefined;
}
