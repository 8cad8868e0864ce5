// Errors of the customization layer, in Strapi's names: `PolicyError` (a policy refused the
// request: 403) and the 400 that `ctx.badRequest()` throws.
import { ApplicationError, type ErrorDetails } from '@cms-gen/core/errors';

/** Thrown by a policy (or raised when one returns false): 403 `PolicyError`, `Policy Failed`. */
export class PolicyError extends ApplicationError {
  override readonly status = 403;
  override readonly name = 'PolicyError';
  constructor(message = 'Policy Failed', details: ErrorDetails = {}) {
    super(message, details);
  }
}

/** `ctx.badRequest()`: 400 `BadRequestError`, as Koa's helper names it in Strapi's envelope. */
export class BadRequestError extends ApplicationError {
  override readonly name = 'BadRequestError';
}

/** A user file that cannot be used; start-up fails with this message (it names the file). */
export class CustomizationError extends Error {
  override readonly name = 'CustomizationError';
}
