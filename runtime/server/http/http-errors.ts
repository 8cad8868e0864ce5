// Turning anything a handler or middleware throws into the error envelope. Errors of the
// `http-errors` family (raised by body-parser and Express's router) carry a 4xx `status` and a
// message meant for the client: they keep both, with their own name and without `details`, as
// Strapi 5.54 answers `SyntaxError` (malformed JSON) and `PayloadTooLargeError` (its body parser's
// errors are not its own error classes, which carry details). Everything else that is not an
// ApplicationError is a bug: logged with its stack, answered 500 without details.
import type { NextFunction, Request, Response } from 'express';
import { ApplicationError, NotFoundError, toErrorBody, type ErrorBody } from '@cms-gen/core/errors';
import { JSON_CONTENT_TYPE, sendJson } from './envelope';
import { pathOf, requestIdFor } from './request-log';

export interface HttpLogger {
  /** Receives the unexpected error itself (its stack included) and the request it broke. */
  error(err: unknown, request?: { reqId?: string; method: string; path: string }): void;
}

interface ClientHttpError {
  status: number;
  name: string;
  message: string;
  expose?: boolean;
  type?: string;
}

function isClientHttpError(err: unknown): err is Error & ClientHttpError {
  if (!(err instanceof Error)) return false;
  const status = (err as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 && (err as { expose?: unknown }).expose !== false;
}

/** The envelope for `err`, or null when it is unexpected (to be logged and answered 500). */
export function clientErrorBody(err: unknown): ErrorBody | null {
  if (err instanceof ApplicationError) return toErrorBody(err);
  if (!isClientHttpError(err)) return null;
  if (err.status === 413) return { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: err.message } };
  return { data: null, error: { status: err.status, name: err.name, message: strictJsonMessage(err) ?? err.message } };
}

/** A JSON body that is not an object or array (`"x"`, `null`, `1`), in Strapi 5.54's words (its parser is strict like ours). */
const STRICT_JSON_MESSAGE = 'invalid JSON, only supports object and array';
const OBJECT_OR_ARRAY = /^[\x20\x09\x0a\x0d]*[[{]/;

function strictJsonMessage(err: ClientHttpError & { body?: unknown }): string | undefined {
  if (err.type !== 'entity.parse.failed' || typeof err.body !== 'string') return undefined;
  return OBJECT_OR_ARRAY.test(err.body) ? undefined : STRICT_JSON_MESSAGE;
}

export function errorHandler(logger: HttpLogger) {
  // Express recognises error middleware by its four parameters.
  return function errorMiddleware(err: unknown, req: Request, res: Response, next: NextFunction): void {
    if (res.headersSent) {
      // Too late for an envelope: Express's final handler closes the connection.
      next(err);
      return;
    }
    let body = clientErrorBody(err);
    if (!body) {
      // The stack goes to the log only; the client gets the bare 500 envelope.
      logger.error(err, { reqId: requestIdFor(res), method: req.method, path: pathOf(req.originalUrl) });
      body = toErrorBody(err);
    }
    sendJson(res, body.error.status, body);
  };
}

/** The 404 body is the same for every unmatched request, so it is serialized once. */
const NOT_FOUND_TEXT = JSON.stringify(toErrorBody(new NotFoundError()));
const NOT_FOUND_LENGTH = String(Buffer.byteLength(NOT_FOUND_TEXT));

export function notFound(_req: Request, res: Response): void {
  res.statusCode = 404;
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', NOT_FOUND_LENGTH);
  res.end(NOT_FOUND_TEXT);
}
