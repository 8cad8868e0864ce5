import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ApplicationError, ForbiddenError, PaginationError, ValidationError } from '@cms-gen/core/errors';
import { formatGraphqlError } from './errors';

// As Apollo formats a resolver's error: with the field's locations, which Strapi 5.54 does not keep.
const formatted: GraphQLFormattedError = { message: 'x', locations: [{ line: 1, column: 3 }], path: ['articles'], extensions: { code: 'INTERNAL_SERVER_ERROR' } };

/** How Apollo hands resolver errors to formatError: wrapped in a GraphQLError. */
const wrapped = (original: Error) => new GraphQLError(original.message, { originalError: original, path: ['articles'] });

describe('GraphQL error format', () => {
  const log: string[] = [];
  const format = (error: unknown, f = formatted) => formatGraphqlError(f, error, (line) => log.push(line));

  it("gives Strapi's Forbidden access shape, without locations", () => {
    expect(format(wrapped(new ForbiddenError()))).toStrictEqual({
      message: 'Forbidden access',
      path: ['articles'],
      extensions: { code: 'FORBIDDEN', error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} } },
    });
  });

  it('reports validation as BAD_USER_INPUT with details, other errors with STRAPI_ codes', () => {
    const details = { errors: [{ path: ['title'], message: 'title must be defined.', name: 'ValidationError' }] };
    expect(format(wrapped(new ValidationError('title must be defined.', details))).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      error: { name: 'ValidationError', message: 'title must be defined.', details },
    });
    expect(format(wrapped(new PaginationError('x')))).not.toHaveProperty('locations');
    expect(format(wrapped(new PaginationError('Cannot use both page & offset pagination in the same query'))).extensions?.code).toBe('STRAPI_PAGINATION_ERROR');
    expect(format(wrapped(new ApplicationError('nope'))).extensions?.code).toBe('STRAPI_APPLICATION_ERROR');
  });

  it("keeps graphql's own non-null error with its path and locations, unlogged, as Strapi 5.54 does", () => {
    log.length = 0;
    const message = 'Cannot return null for non-nullable field Employee.role.';
    const nonNull = { ...formatted, message, path: ['employees', 0, 'role'] };
    expect(format(wrapped(new Error(message)), nonNull)).toStrictEqual({ ...nonNull, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(log).toEqual([]);
    // The same words from a subclass of Error (a driver's, a resolver's own) stay hidden.
    expect(format(wrapped(new TypeError(message)))).toStrictEqual({ message: 'Internal Server Error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  });

  it('keeps GraphQL errors and hides unexpected ones', () => {
    const validation = { message: 'Cannot query field "nope" on type "Article".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
    expect(format(new GraphQLError(validation.message), validation)).toBe(validation);
    // Strapi 5.54 answers a new error there: no path, no locations.
    expect(format(wrapped(new Error('SQLITE_ERROR: no such table secret_table')))).toStrictEqual({ message: 'Internal Server Error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(log.join('\n')).toContain('no such table');
  });
});
