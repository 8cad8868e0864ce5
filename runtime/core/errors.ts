// Errors every layer throws; the HTTP layer turns them into Strapi's error envelope
// `{ data: null, error: { status, name, message, details } }`, GraphQL into extensions.
import { isDataException } from './db/data-exception';

export type ErrorDetails = Record<string, unknown>;

export class ApplicationError extends Error {
  readonly status: number = 400;
  override readonly name: string = 'ApplicationError';
  constructor(
    message = 'An application error occurred',
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}

export interface ValidationIssue {
  path: (string | number)[];
  message: string;
  name: string;
  value?: unknown;
}

export class ValidationError extends ApplicationError {
  override readonly name = 'ValidationError';
}

/** A query parameter that names something that does not exist or may not be used. */
export class InvalidKeyError extends ValidationError {
  constructor(key: string, path: string | null, source: 'query' | 'body', param?: string) {
    super(path ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`, {
      key,
      path,
      source,
      ...(param ? { param } : {}),
    });
  }
}

/** Body validation failure listing the failing fields: one is named, several are counted (yup's `2 errors occurred`). */
export function validationFailed(issues: ValidationIssue[]): ValidationError {
  const first = issues[0];
  const message = issues.length > 1 ? `${issues.length} errors occurred` : first ? first.message : 'Validation error';
  return new ValidationError(message, { errors: issues });
}

export class PaginationError extends ApplicationError {
  override readonly name = 'PaginationError';
}

export class UnauthorizedError extends ApplicationError {
  override readonly status = 401;
  override readonly name = 'UnauthorizedError';
  constructor(message = 'Unauthorized', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class ForbiddenError extends ApplicationError {
  override readonly status = 403;
  override readonly name = 'ForbiddenError';
  constructor(message = 'Forbidden', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class NotFoundError extends ApplicationError {
  override readonly status = 404;
  override readonly name = 'NotFoundError';
  constructor(message = 'Not Found', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class PayloadTooLargeError extends ApplicationError {
  override readonly status = 413;
  override readonly name = 'PayloadTooLargeError';
  constructor(message = 'Payload too large', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class ServiceUnavailableError extends ApplicationError {
  override readonly status = 503;
  override readonly name = 'ServiceUnavailableError';
  constructor(message = 'Service Unavailable', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class RateLimitError extends ApplicationError {
  override readonly status = 429;
  override readonly name = 'RateLimitError';
  constructor(message = 'Too many requests, please try again later.', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export interface ErrorBody {
  data: null;
  /** `details` is left out only for the HTTP layer's own errors (malformed JSON, body too large), as Strapi leaves it out. */
  error: { status: number; name: string; message: string; details?: ErrorDetails };
}

/** The message of a value the database refused (isDataException). */
export const UNSTORABLE_VALUE_MESSAGE = 'A value in this request cannot be stored or compared by the database';

/**
 * The API error a thrown value stands for: itself when it is one, a ValidationError when the
 * database refused a value of the request (a backstop behind input validation), else undefined.
 */
export function asApplicationError(err: unknown): ApplicationError | undefined {
  if (err instanceof ApplicationError) return err;
  if (isDataException(err)) return new ValidationError(UNSTORABLE_VALUE_MESSAGE);
  return undefined;
}

/** The envelope for any thrown value; unknown errors become a 500 that leaks nothing. */
export function toErrorBody(thrown: unknown): ErrorBody {
  const err = asApplicationError(thrown);
  if (err) {
    return { data: null, error: { status: err.status, name: err.name, message: err.message, details: err.details } };
  }
  return { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } };
}
