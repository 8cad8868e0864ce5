// Strapi's database column options on an attribute (`"column": { "defaultTo": 0, "type":
// "decimal", "args": [12, 2] }`, passed to its query builder when it creates the column). cms-gen
// derives columns from the attribute type and acts on one of them: a scalar `defaultTo`, which a
// create that leaves the attribute out reads back from Strapi, is taken as the attribute's default.
import { isObject, type JsonObject } from './json-value';

/** The scalar `column.defaultTo` of an attribute, if it has one. */
export function columnDefaultTo(raw: JsonObject): string | number | boolean | undefined {
  const column = raw.column;
  if (!isObject(column)) return undefined;
  const value = column.defaultTo;
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
}

/**
 * The keys of `column` cms-gen does not act on: all of them but a scalar attribute's scalar
 * `defaultTo` (whose parse warns when it cannot take it: parse-attribute.ts).
 */
export function ignoredColumnKeys(column: JsonObject, scalar: boolean): string[] {
  return Object.keys(column).filter((key) => key !== 'defaultTo' || !scalar || columnDefaultTo({ column }) === undefined);
}
