// Reading values of unknown shape out of parsed JSON, reporting what does not fit.
import type { Report } from '../problems';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const has = (object: JsonObject, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;

/** Short rendering of a JSON value for messages. */
export function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Reads the optional fields of one JSON object; problems go to `report` at `<path>.<key>`. */
export class FieldReader {
  constructor(
    readonly object: JsonObject,
    private readonly path: string,
    private readonly report: Report,
  ) {}

  at(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  has(key: string): boolean {
    return has(this.object, key);
  }

  problem(key: string, message: string): void {
    this.report(this.at(key), message);
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.object[key];
    if (value === undefined) return fallback;
    if (typeof value === 'boolean') return value;
    this.problem(key, `must be true or false, got ${show(value)}`);
    return fallback;
  }

  string(key: string): string | undefined {
    const value = this.object[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    this.problem(key, `must be a string, got ${show(value)}`);
    return undefined;
  }

  /** A string that must be present and non-empty. */
  requiredString(key: string, what: string): string | undefined {
    if (!this.has(key)) {
      this.problem(key, `missing ${what}`);
      return undefined;
    }
    const value = this.string(key);
    if (value === '') this.problem(key, `${what} must not be empty`);
    return value || undefined;
  }

  number(key: string): number | undefined {
    const value = this.object[key];
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    this.problem(key, `must be a number, got ${show(value)}`);
    return undefined;
  }

  /** A non-negative integer (lengths and counts). */
  count(key: string): number | undefined {
    const value = this.object[key];
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    this.problem(key, `must be a non-negative integer, got ${show(value)}`);
    return undefined;
  }

  stringArray(key: string): string[] | undefined {
    const value = this.object[key];
    if (value === undefined) return undefined;
    if (Array.isArray(value) && value.every((item): item is string => typeof item === 'string')) return value;
    this.problem(key, `must be an array of strings, got ${show(value)}`);
    return undefined;
  }
}
