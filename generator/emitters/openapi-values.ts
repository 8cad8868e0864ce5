// JSON Schemas of single values: what a scalar attribute holds in a response, what a request body
// may write into it, and what a filter compares it with.
import type { FieldRef } from '../../runtime/core/query/ast';
import type { ScalarAttribute } from '../../runtime/core/model/types';
import type { JsonObject } from './openapi-registry';

/** Up to milliseconds, with or without seconds, as the runtime writes and reads times. */
const TIME_PATTERN = '^\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$';
const BIGINT_PATTERN = '^-?\\d+$';

/** A value as a response returns it. bigintegers are strings (past 2^53 a number would round). */
export function responseValue(type: FieldRef['type'], attribute?: ScalarAttribute): JsonObject {
  switch (type) {
    case 'id':
    case 'integer':
      return { type: 'integer' };
    case 'biginteger':
      return { type: 'string', pattern: BIGINT_PATTERN };
    case 'float':
    case 'decimal':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    case 'time':
      return { type: 'string', pattern: TIME_PATTERN };
    case 'enumeration':
      return attribute?.enum ? { type: 'string', enum: attribute.enum } : { type: 'string' };
    case 'json':
      return {};
    case 'blocks':
      return { type: 'array', items: { type: 'object' } };
    default:
      return { type: 'string' };
  }
}

/** A value a request body may write: the response form plus the looser inputs the runtime accepts. */
export function inputValue(attribute: ScalarAttribute): JsonObject {
  const base = responseValue(attribute.type, attribute);
  switch (attribute.type) {
    case 'biginteger':
      return { anyOf: [{ type: 'integer' }, base] };
    case 'datetime':
    case 'timestamp':
    case 'date':
      return { type: 'string' };
    case 'integer':
    case 'float':
    case 'decimal':
      return withBounds(base, attribute);
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
    case 'uid':
      return withLengths(base, attribute);
    default:
      return base;
  }
}

function withBounds(schema: JsonObject, attribute: ScalarAttribute): JsonObject {
  return { ...schema, ...(attribute.min !== undefined ? { minimum: attribute.min } : {}), ...(attribute.max !== undefined ? { maximum: attribute.max } : {}) };
}

function withLengths(schema: JsonObject, attribute: ScalarAttribute): JsonObject {
  return {
    ...schema,
    ...(attribute.minLength !== undefined ? { minLength: attribute.minLength } : {}),
    ...(attribute.maxLength !== undefined ? { maxLength: attribute.maxLength } : {}),
  };
}

/** A value a filter compares with (query strings carry text; numbers and booleans are read from it). */
export function filterValue(type: FieldRef['type']): JsonObject {
  switch (type) {
    case 'id':
    case 'integer':
      return { type: 'integer' };
    case 'biginteger':
      return { anyOf: [{ type: 'integer' }, { type: 'string', pattern: BIGINT_PATTERN }] };
    case 'float':
    case 'decimal':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    default:
      return { type: 'string' };
  }
}
