// Test helpers: run a real query string through qs and the validator, and capture errors in the
// shape the HTTP layer sends them (`name`, `message`, `details`).
import { ApplicationError } from '../../errors';
import type { DocumentQuery } from '../ast';
import { compileQuerySpecs } from '../compile-specs';
import { parseQueryString } from '../parse-query-string';
import { validateDocumentQuery, type QueryValidationOptions } from '../validate';
import { ARTICLE, canRead, schema } from './schema';

/** The fixture schema's specs, compiled once as the generator would print them. */
export const specs = compileQuerySpecs(schema);

export const OPTIONS: QueryValidationOptions = { defaultLimit: 25, maxLimit: 100, withCount: true, canRead, defaultLocale: 'en' };

/** Validates `queryString` (qs syntax, as sent on the wire) for `type`. */
export function query(queryString: string, type: string = ARTICLE, options: Partial<QueryValidationOptions> = {}): DocumentQuery {
  return validateDocumentQuery(parseQueryString(queryString), type, specs, { ...OPTIONS, ...options });
}

/** Validates an already-parsed query object (what GraphQL or a test builds by hand). */
export function queryObject(raw: Record<string, unknown>, type: string = ARTICLE, options: Partial<QueryValidationOptions> = {}): DocumentQuery {
  return validateDocumentQuery(raw, type, specs, { ...OPTIONS, ...options });
}

export interface CapturedError {
  status: number;
  name: string;
  message: string;
  details: Record<string, unknown>;
}

/** The error `run` throws, as the error envelope would carry it; fails the test if nothing is thrown. */
export function errorOf(run: () => unknown): CapturedError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApplicationError) return { status: error.status, name: error.name, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected an error, got none');
}

/** Shorthand for the Strapi InvalidKey body. */
export function invalidKey(key: string, path: string | null, param: string): CapturedError {
  const message = path && path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`;
  return { status: 400, name: 'ValidationError', message, details: { key, path, source: 'query', param } };
}
