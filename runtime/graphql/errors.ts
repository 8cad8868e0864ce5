// Errors in Strapi's GraphQL shape: `extensions.code` plus `extensions.error { name, message,
// details }` for the runtime's own errors (Forbidden access, BAD_USER_INPUT with the validation
// details, STRAPI_PAGINATION_ERROR, …), with their `path` and without `locations`, as Strapi 5.54
// rebuilds them. GraphQL's own errors (syntax, validation, variables) keep Apollo's format,
// locations included; anything unexpected is logged and answered without internals, and without
// path or locations, as Strapi answers it.
import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApplicationError, asApplicationError, ForbiddenError, UnauthorizedError, ValidationError } from '@cms-gen/core/errors';

/** `PaginationError` → `STRAPI_PAGINATION_ERROR` (Strapi's code for its other error classes). */
function strapiCode(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return `STRAPI_${words}`;
}

export function codeOf(error: ApplicationError): string {
  if (error instanceof ForbiddenError) return 'FORBIDDEN';
  if (error instanceof UnauthorizedError) return 'UNAUTHENTICATED';
  if (error instanceof ValidationError) return 'BAD_USER_INPUT';
  return strapiCode(error.name);
}

/** Strapi's GraphQL says `Forbidden access` where its REST layer says `Forbidden`. */
function messageOf(error: ApplicationError): string {
  return error instanceof ForbiddenError && error.message === 'Forbidden' ? 'Forbidden access' : error.message;
}

/** Apollo's refusal of introspection tells the client to reconfigure ApolloServer, which our users never construct. */
const APOLLO_INTROSPECTION = /^GraphQL introspection is not allowed by Apollo Server/;
export const INTROSPECTION_DISABLED = 'GraphQL introspection is disabled in production';

/** graphql-js's and graphql-jit's words for a null in a non-null field. */
const NON_NULL_VIOLATION = /^Cannot return null for non-nullable field [_A-Za-z][_0-9A-Za-z]*\.[_A-Za-z][_0-9A-Za-z]*\.$/;

export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown, log: (line: string) => void): GraphQLFormattedError {
  if (APOLLO_INTROSPECTION.test(formatted.message)) return { ...formatted, message: INTROSPECTION_DISABLED };
  const unwrapped = unwrapResolverError(error);
  const original = asApplicationError(unwrapped) ?? unwrapped;
  if (original instanceof ApplicationError) {
    const message = messageOf(original);
    const { stacktrace } = formatted.extensions ?? {};
    const { locations: _dropped, ...rest } = formatted;
    return {
      ...rest,
      message,
      extensions: { code: codeOf(original), ...(stacktrace ? { stacktrace } : {}), error: { name: original.name, message, details: original.details } },
    };
  }
  // A GraphQLError raised on purpose (parse, validation, limits, bad input) speaks for itself.
  if (original instanceof GraphQLError || !(original instanceof Error)) return formatted;
  // A null in a non-null field (a draft lacking a required value, read with `status: DRAFT`) is
  // graphql's own error, not the app's: Strapi 5.54 answers it with its message, locations and
  // path, code INTERNAL_SERVER_ERROR, and logs nothing (test/buchanan, `graphql.drafts`).
  if (NON_NULL_VIOLATION.test(original.message) && original.constructor === Error) return { ...formatted, extensions: { ...formatted.extensions, code: 'INTERNAL_SERVER_ERROR' } };
  if (formatted.extensions?.code === 'INTERNAL_SERVER_ERROR' || formatted.extensions?.code === undefined) {
    log(`error: graphql: ${original.stack ?? original.message}`);
    return { message: 'Internal Server Error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  return formatted;
}
