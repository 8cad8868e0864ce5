import { ValidationError } from '@cms-gen/core/errors';
import { validateBody, type FieldRule } from './body-validation';

const RESET: FieldRule[] = [
  { name: 'password', kind: 'password' },
  { name: 'passwordConfirmation', kind: 'confirmation', of: 'password' },
  { name: 'code', kind: 'string' },
];

function errorOf(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err;
  }
  throw new Error('expected a ValidationError');
}

describe('validateBody', () => {
  it('returns the strings', () => {
    expect(validateBody({ password: 'abcdef', passwordConfirmation: 'abcdef', code: 'c', extra: 1 }, RESET)).toEqual({ password: 'abcdef', passwordConfirmation: 'abcdef', code: 'c' });
  });

  it("uses Strapi's messages", () => {
    expect(errorOf(() => validateBody({ password: 'abcdef', code: 'c' }, RESET)).message).toBe('passwordConfirmation is a required field');
    expect(errorOf(() => validateBody({ password: 'abcdef', passwordConfirmation: 'abcdeg', code: 'c' }, RESET)).message).toBe('Passwords do not match');
    expect(errorOf(() => validateBody({ email: 'nope' }, [{ name: 'email', kind: 'email' }])).message).toBe('email must be a valid email');
    expect(errorOf(() => validateBody({ identifier: 5 }, [{ name: 'identifier', kind: 'string' }])).message).toBe('identifier must be a `string` type, but the final value was: `5`.');
    expect(errorOf(() => validateBody({ password: 'x'.repeat(73), passwordConfirmation: 'x'.repeat(73), code: 'c' }, RESET)).message).toBe('Password must be less than 73 bytes');
  });

  it('refuses NUL characters (a driver error on PostgreSQL), for GraphQL callers the REST guard does not see', () => {
    expect(errorOf(() => validateBody({ identifier: 'a\u0000b' }, [{ name: 'identifier', kind: 'string' }])).message).toBe('identifier must not contain NUL characters (\\u0000)');
    expect(errorOf(() => validateBody({ email: 'a\u0000@b.c' }, [{ name: 'email', kind: 'email' }])).message).toBe('email must not contain NUL characters (\\u0000)');
  });

  it('lists every failing field and counts them', () => {
    const err = errorOf(() => validateBody(undefined, RESET));
    expect(err.message).toBe('3 errors occurred');
    expect((err.details.errors as { path: string[] }[]).map((e) => e.path[0])).toEqual(['password', 'passwordConfirmation', 'code']);
  });

  it('never echoes a password in the details', () => {
    const err = errorOf(() => validateBody({ password: 'secret-secret', passwordConfirmation: 'other', code: 'c' }, RESET));
    expect(JSON.stringify(err.details)).not.toContain('secret-secret');
  });
});
