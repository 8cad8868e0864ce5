// `filters` as JSON Schema, per query target, from the compiled query specs: each field with the
// operators of its family (runtime/query/spec.ts), relations, media and components as nested
// filters (or operators on the target's id), `$and`/`$or`/`$not` at every level. Hidden entries
// (private attributes, passwords) and dynamic zones are not filterable and do not appear.
import type { FieldRef } from '../../runtime/core/query/ast';
import { QUERY_ARRAY_LIMIT } from '../../runtime/core/query/parse-query-string';
import type { FieldEntry, QuerySpec } from '../../runtime/core/query/spec';
import { typeSchemaName } from './openapi-names';
import { object, type JsonObject, type SchemaRegistry } from './openapi-registry';
import { filterValue } from './openapi-values';

const VALUE_OPERATORS = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte'] as const;
const TEXT_OPERATORS = ['$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi'] as const;

/** `$null`/`$notNull` take a flag; every text but false, 'false', '0', 'f' and '' counts as true. */
const FLAG: JsonObject = { anyOf: [{ type: 'boolean' }, { type: 'string' }] };

/** A list in a query string: longer ones are refused (runtime/query/parse-query-string.ts). */
const list = (items: JsonObject): JsonObject => ({ type: 'array', items, maxItems: QUERY_ARRAY_LIMIT });
const oneOrMany = (value: JsonObject): JsonObject => ({ anyOf: [value, list(value)] });

/** Types whose filters take the same operators and values share one schema. */
function operatorsGroup(type: FieldRef['type'], family: FieldEntry['operators']): string {
  if (family === 'presence') return 'Presence';
  if (family === 'text') return 'Text';
  switch (type) {
    case 'id':
    case 'integer':
      return 'Integer';
    case 'biginteger':
      return 'BigInteger';
    case 'float':
    case 'decimal':
      return 'Number';
    case 'boolean':
      return 'Boolean';
    default:
      return 'DateTime';
  }
}

/** The operators a field of `type` accepts (one named schema per group of alike types). */
function fieldOperators(type: FieldRef['type'], family: FieldEntry['operators'], registry: SchemaRegistry): JsonObject {
  const name = `FilterOperators${operatorsGroup(type, family)}`;
  return registry.ref(name, () => {
    const value = filterValue(type);
    const self = { $ref: `#/components/schemas/${name}` };
    const properties: JsonObject = {};
    if (family !== 'presence') {
      // A list under a single-value operator means an OR of one comparison per value.
      for (const op of VALUE_OPERATORS) properties[op] = oneOrMany(value);
      if (family === 'text') for (const op of TEXT_OPERATORS) properties[op] = oneOrMany(value);
      properties.$in = oneOrMany(value);
      properties.$notIn = oneOrMany(value);
      properties.$between = { type: 'array', items: value, minItems: 2, maxItems: 2 };
    }
    properties.$null = FLAG;
    properties.$notNull = FLAG;
    properties.$not = self;
    properties.$and = list(self);
    properties.$or = list(self);
    return object(properties, { description: `Comparisons on a field of this kind (${family} operators).` });
  });
}

/** A field: a bare value (equality), a list (any of), or operators. */
function fieldFilter(entry: FieldEntry, registry: SchemaRegistry): JsonObject {
  const operators = fieldOperators(entry.field.type, entry.operators, registry);
  if (entry.operators === 'presence') return operators;
  const value = filterValue(entry.field.type);
  return { anyOf: [value, list(value), operators] };
}

/** The filters of `spec` (a content type or a component), named `<Type>Filters`. */
export function filtersSchema(spec: QuerySpec, registry: SchemaRegistry): JsonObject {
  const name = `${typeSchemaName(spec.uid)}Filters`;
  return registry.ref(name, () => {
    const self = { $ref: `#/components/schemas/${name}` };
    const properties: JsonObject = {};
    for (const [key, entry] of Object.entries(spec.entries)) {
      if (entry.kind === 'field') properties[key] = fieldFilter(entry, registry);
      else if (entry.kind === 'relation' || entry.kind === 'media' || entry.kind === 'component') {
        // Under a traversal, bare operators compare the target's id.
        properties[key] = { anyOf: [filtersSchema(entry.target, registry), fieldOperators('id', 'value', registry)] };
      }
    }
    properties.$and = list(self);
    properties.$or = list(self);
    properties.$not = self;
    return object(properties, { description: `Filters on ${spec.uid}: attributes with operators, nested through relations, media and components; $and/$or/$not at every level.` });
  });
}
