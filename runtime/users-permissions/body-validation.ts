// Checks of the auth endpoints' JSON bodies with Strapi's (yup) wording: `email is a required
// field`, `email must be a valid email`, `Passwords do not match`... Every failing field is listed
// in details.errors; the message is the failure itself when there is one, else `N errors occurred`.
import { ValidationError, type ValidationIssue } from '@cms-gen/core/errors';
import { MAX_PASSWORD_BYTES, passwordTooLong } from './passwords';

export type FieldRule =
  | { name: string; kind: 'string' }
  | { name: string; kind: 'email' }
  /** A new password: bcrypt's 72-byte limit. */
  | { name: string; kind: 'password' }
  /** Must equal another field (passwordConfirmation). */
  | { name: string; kind: 'confirmation'; of: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function show(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Validates `body` (all rules are required strings); returns the strings by name. */
export function validateBody(body: unknown, rules: readonly FieldRule[]): Record<string, string> {
  const input = asRecord(body);
  const issues: ValidationIssue[] = [];
  const out: Record<string, string> = {};
  const fail = (name: string, message: string, value: unknown) => issues.push({ path: [name], message, name: 'ValidationError', value });
  for (const rule of rules) {
    const value = input[rule.name];
    if (value === undefined || value === null || value === '') {
      fail(rule.name, `${rule.name} is a required field`, value);
      continue;
    }
    if (typeof value !== 'string') {
      fail(rule.name, `${rule.name} must be a \`string\` type, but the final value was: \`${show(value)}\`.`, value);
      continue;
    }
    // PostgreSQL cannot hold NUL (a driver error, so a 500 there): refused on every database.
    // REST bodies are already refused by the HTTP input guard; GraphQL arguments arrive here.
    if (value.includes('\u0000')) fail(rule.name, `${rule.name} must not contain NUL characters (\\u0000)`, undefined);
    else if (rule.kind === 'email' && !EMAIL.test(value)) fail(rule.name, `${rule.name} must be a valid email`, value);
    else if (rule.kind === 'password' && passwordTooLong(value)) fail(rule.name, `Password must be less than ${MAX_PASSWORD_BYTES + 1} bytes`, undefined);
    else if (rule.kind === 'confirmation' && value !== input[rule.of]) fail(rule.name, 'Passwords do not match', undefined);
    else out[rule.name] = value;
  }
  if (issues.length) {
    throw new ValidationError(issues.length === 1 ? issues[0].message : `${issues.length} errors occurred`, { errors: issues });
  }
  return out;
}
