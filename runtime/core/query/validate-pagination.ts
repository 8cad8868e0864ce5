// `pagination`: page mode (`page`, `pageSize`) or offset mode (`start`, `limit`), never both.
// Values are read as Strapi 5 reads them (asked of Strapi 5.54, test/parity/answers.json, lenient-params/…):
// numbers as `Number()` reads text ('0x10', ' 2', '1e1'); page 0 is page 1 (a negative page is a
// 400, deliberately), a start below 0
// is 0, a size below 1 (0, -1, '') is 1, a size that is not a number is the cap (maxLimit), sizes
// above the cap are capped. What is then not an integer is a 400 in Strapi's words: the offset
// `(page - 1) * pageSize` or the start ("convertStartQueryParams expected a positive integer got
// NaN"), then the size. An offset past the exact-integer range stays a 400 (Strapi answers 500).
import { PaginationError, ValidationError } from '../errors';
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
  const input: UnknownRecord = raw === undefined || raw === null || raw === '' ? {} : asObject(raw);
  const pageMode = given(input, 'page') || given(input, 'pageSize');
  const offsetMode = given(input, 'start') || given(input, 'limit');
  if (pageMode && offsetMode) throw new PaginationError('Cannot use both page & offset pagination in the same query');
  const withCount = parseWithCount(input.withCount, limits.withCount);
  const defaultSize = cap(Math.max(1, limits.defaultLimit), limits.maxLimit);
  if (offsetMode) {
    const start = given(input, 'start') ? Math.max(0, readNumber(input.start)) : 0;
    const limit = given(input, 'limit') ? readSize(input.limit, limits) : defaultSize;
    return { mode: 'offset', start: checkStart(start), limit: checkLimit(limit), withCount };
  }
  const page = given(input, 'page') ? readPage(input.page) : 1;
  const size = given(input, 'pageSize') ? readSize(input.pageSize, limits) : defaultSize;
  // Strapi checks the offset before the size: `page=abc&pageSize=2.5` reports the offset.
  const start = checkStart((page - 1) * size);
  const pageSize = checkLimit(size);
  // A fractional page whose offset is whole (page 2.5 of size 2 starts at 3) reads from there.
  return { mode: 'page', page: Math.floor(start / pageSize) + 1, pageSize, withCount };
}

function given(input: UnknownRecord, key: string): boolean {
  return input[key] !== undefined && input[key] !== null;
}

/** A `pagination` that is not an object (`pagination=5`, `pagination[0]=1`) is ignored, as Strapi 5.54 ignores it. */
const asObject = (raw: unknown): UnknownRecord => (isRecord(raw) ? raw : {});

const cap = (size: number, maxLimit: number): number => (maxLimit > 0 ? Math.min(size, maxLimit) : size);

/** `Number()` of text, a number or a list of one (`pageSize[0]=2`); anything else is NaN. */
function readNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return Number(value.join(','));
  return Number.NaN;
}

/**
 * Page 0 is page 1, as in Strapi; a negative page stays a 400 (Strapi reads it as page 1 too, but
 * the shared conformance suite asks for the error: rest.pagination.negative-page-400).
 */
function readPage(value: unknown): number {
  const page = readNumber(value);
  if (page < 0) throw invalidQuery('pagination', 'Invalid value for pagination[page]: expected a page number, not a negative one', { key: 'page' });
  return Math.max(1, page);
}

/** A page size or limit: below 1 is 1, not a number is the cap (the default size without one). */
function readSize(value: unknown, limits: PaginationLimits): number {
  const size = readNumber(value);
  if (Number.isNaN(size)) return limits.maxLimit > 0 ? limits.maxLimit : Math.max(1, limits.defaultLimit);
  return cap(Math.max(1, size), limits.maxLimit);
}

function checkStart(start: number): number {
  if (Number.isInteger(start) && !Number.isSafeInteger(start)) {
    throw invalidQuery('pagination', 'Invalid value for pagination: the offset is too large', { key: 'start' });
  }
  if (!Number.isInteger(start)) throw new ValidationError(`convertStartQueryParams expected a positive integer got ${start}`);
  return start;
}

function checkLimit(limit: number): number {
  if (!Number.isSafeInteger(limit)) throw new ValidationError(`convertLimitQueryParams expected a positive integer got ${limit}`);
  return limit;
}

function parseWithCount(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  const parsed = parseBooleanLike(value);
  // Strapi's exact message (core-api/service/pagination.ts).
  if (parsed === undefined) throw invalidQuery('pagination', 'Invalid withCount parameter. Expected "t","1","true","false","0","f"', { key: 'withCount' });
  return parsed;
}
