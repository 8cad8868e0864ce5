// Shared pieces of the query validators: what they validate against (the compiled query spec of
// a target, runtime/query/spec.ts), Strapi's "Invalid key" error rule, and small guards for the
// loosely-typed qs output.
import { InvalidKeyError, ValidationError } from '../errors';
import type { ContentTypeQuerySpec, FieldEntry, QuerySpec, QuerySpecs } from './spec';

/** The query parameters a validation error can be reported against. */
export type QueryParam = 'filters' | 'sort' | 'fields' | 'populate' | 'pagination' | 'status' | 'locale' | 'publicationFilter' | 'hasPublishedVersion' | '_q';

/** Something whose fields a query can address: the compiled spec of a content type or a component. */
export type Target = QuerySpec;

/** What every validator needs besides the value and its target: the caller's read permission. */
export interface ValidationEnv {
  /** find permission of the caller on a content type. */
  canRead(target: ContentTypeQuerySpec): boolean;
  /** Every query target: a file's `related` lists entries of any readable content type. */
  specs?: QuerySpecs;
  /**
   * Where a filter value that does not fit its field's type is kept until the query's keys are all
   * checked: Strapi 5.54 checks every key (`Invalid key note`) before its database layer casts the
   * values (`Invalid format, expected yyyy-MM-dd`), so a bad key anywhere is the answer. Without
   * it, the value's error is thrown where it is found.
   */
  lateValueError?: { error?: Error };
}

/** `cast()`, or, when `env` keeps late value errors, its first error kept there and undefined returned. */
export function castLate<T>(env: ValidationEnv, cast: () => T): T | undefined {
  if (!env.lateValueError) return cast();
  try {
    return cast();
  } catch (err) {
    env.lateValueError.error ??= err as Error;
    return undefined;
  }
}

export type UnknownRecord = Record<string, unknown>;

/** A plain (possibly null-prototype, as qs builds them) object. */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Empty objects and arrays carry no condition: Strapi accepts and drops them. */
export const isEmptyContainer = (value: unknown): boolean =>
  (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0);

const CANONICAL_INDEX = /^(0|[1-9]\d*)$/;

/** True when every key is a canonical array index ('0', '1', ... but not '01' or '-1'). */
export function hasOnlyIndexKeys(value: UnknownRecord): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => CANONICAL_INDEX.test(k));
}

/**
 * The items of an array, or of an object with only index keys (what qs builds for indexed lists it
 * did not turn into an array), in index order; undefined for anything else.
 */
export function indexedItems(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && hasOnlyIndexKeys(value)) {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => value[k]);
  }
  return undefined;
}

/** The `id` field of a target: a bare value under a relation, media or component compares it. */
export const idEntry = (target: Target): FieldEntry => target.entries.id as FieldEntry;

export const joinPath = (parent: string | null, key: string): string => (parent ? `${parent}.${key}` : key);

/**
 * Strapi's `throwInvalidKey`: the message names the path only when it differs from the key
 * (`Invalid key secret_code` with details.path 'secret_code', `Invalid key $foo at title`), and
 * the validator of each parameter adds `source` and `param`.
 */
export function invalidKey(param: QueryParam, key: string, path: string | null, reason?: string): InvalidKeyError {
  const error = new InvalidKeyError(key, path === key ? null : path, 'query', param);
  error.details.path = path;
  if (reason) error.message = `${error.message}: ${reason}`;
  return error;
}

/** A malformed query value (as opposed to an unknown name, which is an InvalidKeyError). */
export function invalidQuery(param: QueryParam, message: string, extra: UnknownRecord = {}): ValidationError {
  return new ValidationError(message, { source: 'query', param, ...extra });
}

const BOOLEAN_TRUE: readonly unknown[] = [true, 'true', 't', '1', 1];
const BOOLEAN_FALSE: readonly unknown[] = [false, 'false', 'f', '0', 0];

/** Strapi's boolean-like values; undefined when `value` is not one. */
export function parseBooleanLike(value: unknown): boolean | undefined {
  if (BOOLEAN_TRUE.includes(value)) return true;
  if (BOOLEAN_FALSE.includes(value)) return false;
  return undefined;
}

/** Splits comma lists (`'a, b,,c'` → ['a', 'b', 'c']). */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
