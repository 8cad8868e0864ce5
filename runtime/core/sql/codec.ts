// Converts attribute values between their API form and what each driver stores and returns.
// API forms: biginteger is a decimal string (exact past 2^53), decimal a number, date
// 'YYYY-MM-DD', time 'HH:mm:ss.SSS', datetime an ISO string with milliseconds and 'Z'.
import type { DialectName, SqlValue } from '@cms-gen/db/types';
import type { ScalarType } from '../model/types';
import { readStoredJson } from './json-read';

export type ColumnType = ScalarType | 'id' | 'documentId' | 'locale';

/** API value → bound parameter. `value` has been validated for the type already. */
export function encodeValue(type: ColumnType, value: unknown, dialect: DialectName): SqlValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'json':
    case 'blocks':
      return JSON.stringify(value);
    case 'boolean':
      return dialect === 'postgres' ? Boolean(value) : value ? 1 : 0;
    case 'biginteger':
      return dialect === 'sqlite' ? BigInt(String(value)) : String(value);
    case 'decimal':
      return dialect === 'sqlite' ? Number(value) : String(value);
    case 'datetime':
    case 'timestamp':
      return dialect === 'mysql' ? toMysqlDatetime(String(value)) : String(value);
    default:
      return value as SqlValue;
  }
}

/** Driver value → API value. */
export function decodeValue(type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'json':
    case 'blocks':
      return typeof value === 'string' ? readStoredJson(value) : value;
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 1n;
    case 'biginteger':
      return String(value);
    case 'decimal':
    case 'float':
      return typeof value === 'number' ? value : Number(value);
    case 'integer':
    case 'id':
      return typeof value === 'number' ? value : Number(value);
    case 'datetime':
    case 'timestamp':
      return normalizeDatetime(value);
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    case 'time':
      return normalizeTime(String(value));
    default:
      return value;
  }
}

export function normalizeDatetime(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  // SQLite keeps exactly what was written (already canonical): a cheap shape check skips re-parsing.
  if (text.length === 24 && text.charCodeAt(23) === 90 /* Z */ && text.charCodeAt(10) === 84 /* T */ && text.charCodeAt(19) === 46 /* . */) return text;
  const withZone = /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text.replace(' ', 'T')}Z`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export function normalizeTime(text: string): string {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/.exec(text);
  if (!match) return text;
  const [, h, m, s = '00', frac = ''] = match;
  return `${h}:${m}:${s}.${(frac + '000').slice(0, 3)}`;
}

function toMysqlDatetime(iso: string): string {
  return new Date(iso).toISOString().replace('T', ' ').replace('Z', '');
}

/** The current time as the runtime stores it. */
export function nowIso(): string {
  return new Date().toISOString();
}
