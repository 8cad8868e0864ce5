// `pagination`: page mode (`page`, `pageSize`) or offset mode (`start`, `limit`), never both.
// Sizes above the configured maximum are capped silently like Strapi; values that are not integers
// in range are a 400 (Strapi quietly turns them into page 1 / size 1, which hides client bugs).
import { PaginationError } from '../errors';
import type { Pagination } from './ast';
import { invalidQuery, isRecord, parseBooleanLike, type UnknownRecord } from './validate-common';

export interface PaginationLimits {
  /** Page size / limit when none is given (Strapi `api.rest.defaultLimit`). */
  defaultLimit: number;
  /** Cap of pageSize / limit (Strapi `api.rest.maxLimit`); 0 or less means no cap. */
  maxLimit: number;
  /** Whether to count the total when the query does not say (Strapi `api.rest.withCount`). */
  withCount: boolean;
}

export function validatePagination(raw: unknown, limits: PaginationLimits): Pagination {
  const input: UnknownRecord = raw === undefined || raw === null || raw === '' ? {} : requireObject(raw);
  const given = (key: string) => input[key] !== undefined && input[key] !== null;
  const pageMode = given('page') || given('pageSize');
  const offsetMode = given('start') || given('limit');
  if (pageMode && offsetMode) throw new PaginationError('Cannot use both page & offset pagination in the same query');
  const withCount = parseWithCount(input.withCount, limits.withCount);
  const defaultSize = cap(Math.max(1, limits.defaultLimit), limits.maxLimit);
  if (offsetMode) {
    const start = given('start') ? integerParam(input.start, 'start', 0) : 0;
    const limit = given('limit') ? parseLimit(input.limit, limits.maxLimit) : defaultSize;
    return { mode: 'offset', start, limit, withCount };
  }
  const page = given('page') ? integerParam(input.page, 'page', 1) : 1;
  const pageSize = given('pageSize') ? cap(integerParam(input.pageSize, 'pageSize', 1), limits.maxLimit) : defaultSize;
  // The offset (page - 1) * pageSize must stay an exact integer for the database.
  if (!Number.isSafeInteger((page - 1) * pageSize)) throw invalidParam('page', 1);
  return { mode: 'page', page, pageSize, withCount };
}

function requireObject(raw: unknown): UnknownRecord {
  if (!isRecord(raw)) throw invalidQuery('pagination', 'Invalid pagination parameter: expected an object');
  return raw;
}

const cap = (size: number, maxLimit: number): number => (maxLimit > 0 ? Math.min(size, maxLimit) : size);

function invalidParam(key: string, min: number, extra = ''): Error {
  return invalidQuery('pagination', `Invalid value for pagination[${key}]: expected ${extra}an integer greater than or equal to ${min}`, { key });
}

const INTEGER_TEXT = /^-?\d{1,16}$/;

function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && INTEGER_TEXT.test(value.trim())) {
    const number = Number(value.trim());
    return Number.isSafeInteger(number) ? number : undefined;
  }
  return undefined;
}

function integerParam(value: unknown, key: string, min: number): number {
  const number = toInteger(value);
  if (number === undefined || number < min) throw invalidParam(key, min);
  return number;
}

/** `limit=-1` asks for as many as allowed (Strapi: maxLimit). */
function parseLimit(value: unknown, maxLimit: number): number {
  const number = toInteger(value);
  if (number === -1) return maxLimit > 0 ? maxLimit : Number.MAX_SAFE_INTEGER;
  if (number === undefined || number < 1) throw invalidParam('limit', 1, '-1 or ');
  return cap(number, maxLimit);
}

function parseWithCount(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  const parsed = parseBooleanLike(value);
  // Strapi's exact message (core-api/service/pagination.ts).
  if (parsed === undefined) throw invalidQuery('pagination', 'Invalid withCount parameter. Expected "t","1","true","false","0","f"', { key: 'withCount' });
  return parsed;
}
