// The response envelopes every route shares: `{ data, meta }` with pagination meta in both modes,
// and the error envelope `{ data: null, error: { status, name, message, details } }` per status.
import { object, refTo, type JsonObject, type SchemaRegistry } from './openapi-registry';

/** Statuses the error envelope is answered with, and when. */
export const ERROR_RESPONSES = {
  '400': { name: 'BadRequest', description: 'Invalid query parameters or body (ValidationError); details name the key and path.' },
  '401': { name: 'Unauthorized', description: 'The Authorization header carries an invalid or expired token.' },
  '403': { name: 'Forbidden', description: "The caller's role (Public without a token) lacks the permission of this route." },
  '404': { name: 'NotFound', description: 'No such document, file or route.' },
  '413': { name: 'PayloadTooLarge', description: 'The body is larger than the configured limit.' },
  '429': { name: 'TooManyRequests', description: 'Rate limit of the auth routes reached.' },
  '500': { name: 'InternalServerError', description: 'Unexpected failure; the message is generic.' },
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

export function errorSchema(registry: SchemaRegistry): JsonObject {
  return registry.ref('ErrorResponse', () =>
    object(
      {
        data: { type: 'null' },
        error: object(
          {
            status: { type: 'integer' },
            name: { type: 'string', description: 'ValidationError, UnauthorizedError, ForbiddenError, NotFoundError, ApplicationError, RateLimitError…' },
            message: { type: 'string' },
            details: { type: 'object', description: 'Always sent by cms-gen; Strapi leaves it out when the body is not JSON.' },
          },
          { required: ['status', 'name', 'message'], closed: false },
        ),
      },
      { required: ['data', 'error'], description: 'The error envelope of every failed request.' },
    ),
  );
}

/** components.responses: one per error status, all with the error envelope. */
export function errorResponses(registry: SchemaRegistry): JsonObject {
  const schema = errorSchema(registry);
  return Object.fromEntries(Object.values(ERROR_RESPONSES).map(({ name, description }) => [name, { description, content: { 'application/json': { schema } } }]));
}

/** `responses` entries for `statuses`, each a $ref to its shared response. */
export function errorRefs(statuses: readonly ErrorStatus[]): JsonObject {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` }]));
}

export function paginationMeta(registry: SchemaRegistry): JsonObject {
  return registry.ref('PaginationMeta', () => ({
    description: 'Page mode (page, pageSize, pageCount, total) or offset mode (start, limit, total); total and pageCount are left out with withCount=false.',
    anyOf: [
      object({ page: { type: 'integer' }, pageSize: { type: 'integer' }, pageCount: { type: 'integer' }, total: { type: 'integer' } }, { required: ['page', 'pageSize'] }),
      object({ start: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' } }, { required: ['start', 'limit'] }),
    ],
  }));
}

/** `{ data: [document], meta: { pagination } }`, named `<Type>ListResponse`. */
export function listEnvelope(registry: SchemaRegistry, name: string, item: JsonObject): JsonObject {
  return registry.ref(`${name}ListResponse`, () =>
    object({ data: { type: 'array', items: item }, meta: object({ pagination: paginationMeta(registry) }, { required: ['pagination'] }) }, { required: ['data', 'meta'] }),
  );
}

/** `{ data: document, meta: {} }`, named `<Type>Response`. */
export function documentEnvelope(registry: SchemaRegistry, name: string, item: JsonObject): JsonObject {
  return registry.ref(`${name}Response`, () => object({ data: item, meta: { type: 'object' } }, { required: ['data', 'meta'] }));
}

/** A JSON response with `schema`. */
export const jsonResponse = (description: string, schema: JsonObject): JsonObject => ({ description, content: { 'application/json': { schema } } });

export { refTo };
