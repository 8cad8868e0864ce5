// `filters`: untrusted qs/JSON input → a FilterNode tree over validated fields.
//
// Three kinds of object are walked:
// - a filter level: keys are fields, traversable attributes and logical operators ($and/$or/$not);
// - a field condition: keys are comparison operators (and $not/$and/$or over the same field);
// - an operand: a scalar, or a list for $in/$notIn/$between (a list under any other operator is
//   expanded to an OR of one comparison per value, as Strapi's query builder does).
// Error paths follow Strapi's traversal: `path` is the dotted chain of attributes above the key
// (`Invalid key nope at author`), or includes the key itself when the key is a real attribute
// that may not be used (`Invalid key secret_code`, path 'secret_code').
import { ValidationError } from '../errors';
import { COMPARISON_OPERATORS, type ComparisonOperator, type FilterNode } from './ast';
import { entryOf, type FieldEntry } from './spec';
import {
  castLate,
  idEntry,
  indexedItems,
  invalidKey,
  invalidQuery,
  isEmptyContainer,
  isRecord,
  joinPath,
  type QueryParam,
  type Target,
  type UnknownRecord,
  type ValidationEnv,
} from './validate-common';
import { coerceValue, invalidValue, textOperand } from './validate-values';

/** Nesting of logical operators and traversals; deeper trees are refused before they reach SQL. */
export const MAX_FILTER_DEPTH = 10;
/**
 * Conditions (comparisons, logical groups, traversals) in one `filters` tree, and values bound in
 * it. A query string can carry at most 1000 parameters, so REST never reaches either; GraphQL and
 * JSON callers could send 100k-item `$in` lists or 20k-branch `$or`s, which exhaust SQLite's
 * variable and expression-depth limits (a 500) or just the CPU. Checked before each list is walked.
 */
export const MAX_FILTER_CONDITIONS = 1000;
export const MAX_FILTER_VALUES = 1000;

interface Walk {
  env: ValidationEnv;
  /** `filters`, or `populate` for filters inside a populate fragment (Strapi reports it so). */
  param: QueryParam;
  /** What the tree has used so far of MAX_FILTER_CONDITIONS and MAX_FILTER_VALUES. */
  used: { conditions: number; values: number };
}

interface LevelContext {
  target: Target;
  /** Dotted attribute path of the level (null at the root). */
  path: string | null;
  depth: number;
  /** Under a relation/media/component: bare comparison operators apply to the target's id. */
  traversed: boolean;
}

interface FieldContext {
  /** The field and the operators its type accepts. */
  entry: FieldEntry;
  /** Dotted attribute path of the field, e.g. `author.name`. */
  path: string;
  depth: number;
}

/** Strapi 5.54's answer to a `filters` that is text or a number (`filters=title`), with empty details. */
export const FILTERS_NOT_AN_OBJECT = 'The filters parameter must be an object or an array';

/** Validates `filters` against `target`; undefined when nothing is left to filter on. */
export function validateFilters(raw: unknown, target: Target, env: ValidationEnv, param: QueryParam = 'filters'): FilterNode | undefined {
  if (raw === undefined || raw === null) return undefined;
  // Strapi refuses an empty top-level `filters=` but ignores an empty one inside populate.
  if (raw === '' && param !== 'filters') return undefined;
  const walk: Walk = { env, param, used: { conditions: 0, values: 0 } };
  const root: LevelContext = { target, path: null, depth: 0, traversed: false };
  if (Array.isArray(raw)) return group('and', raw, walk, root);
  if (!isRecord(raw)) throw new ValidationError(FILTERS_NOT_AN_OBJECT);
  return filterLevel(raw, walk, root);
}

const COMPARISON = new Set<string>(COMPARISON_OPERATORS);
const isComparison = (key: string): key is ComparisonOperator => COMPARISON.has(key);

/** Operators whose operand is a list, never expanded into an OR of comparisons. */
type ListOperator = '$in' | '$notIn' | '$between';
const isListOperator = (op: ComparisonOperator): op is ListOperator => op === '$in' || op === '$notIn' || op === '$between';

/** Operators that only make sense on text: LIKE and case-insensitive equality. */
const TEXT_OPERATORS = new Set<ComparisonOperator>([
  '$eqi',
  '$nei',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
]);

/** Counts `count` more conditions, refusing the tree once it has too many. */
function spendConditions(count: number, walk: Walk): void {
  walk.used.conditions += count;
  if (walk.used.conditions > MAX_FILTER_CONDITIONS) {
    throw invalidQuery(walk.param, `Too many filter conditions: at most ${MAX_FILTER_CONDITIONS} are allowed`, { limit: MAX_FILTER_CONDITIONS });
  }
}

function spendValues(count: number, walk: Walk): void {
  walk.used.values += count;
  if (walk.used.values > MAX_FILTER_VALUES) {
    throw invalidQuery(walk.param, `Too many filter values: at most ${MAX_FILTER_VALUES} are allowed`, { limit: MAX_FILTER_VALUES });
  }
}

function deeper(depth: number, walk: Walk): number {
  const next = depth + 1;
  if (next > MAX_FILTER_DEPTH) {
    throw invalidQuery(walk.param, `Filters are nested too deeply: at most ${MAX_FILTER_DEPTH} levels are allowed`, { limit: MAX_FILTER_DEPTH });
  }
  return next;
}

/** AND of the conditions that remain (undefined when none, the condition itself when one). */
function combine(kind: 'and' | 'or', children: (FilterNode | undefined)[]): FilterNode | undefined {
  const kept = children.filter((c): c is FilterNode => c !== undefined);
  if (kept.length === 0) return undefined;
  return kept.length === 1 ? kept[0] : { kind, children: kept };
}

function filterLevel(value: UnknownRecord, walk: Walk, ctx: LevelContext): FilterNode | undefined {
  const keys = Object.keys(value);
  spendConditions(keys.length, walk);
  return combine(
    'and',
    keys.map((key) => filterEntry(key, value[key], walk, ctx)),
  );
}

function filterEntry(key: string, value: unknown, walk: Walk, ctx: LevelContext): FilterNode | undefined {
  if (key === '$and' || key === '$or') return group(key === '$and' ? 'and' : 'or', value, walk, ctx);
  if (key === '$not') return negate(value, walk, ctx);
  if (key.startsWith('$')) {
    // `filters[author][$null]=true`: an operator right under a relation compares the related id.
    if (ctx.traversed && isComparison(key)) {
      return fieldCondition({ [key]: value }, walk, { entry: idEntry(ctx.target), path: joinPath(ctx.path, 'id'), depth: ctx.depth });
    }
    throw invalidKey(walk.param, key, ctx.path);
  }
  const entry = entryOf(ctx.target, key);
  // Unknown names, `__proto__`/`constructor`, `t0.title`, `title$eq`: nothing of the schema.
  if (!entry) throw invalidKey(walk.param, key, ctx.path);
  const path = joinPath(ctx.path, key);
  switch (entry.kind) {
    case 'field':
      return fieldCondition(value, walk, { entry, path, depth: ctx.depth });
    case 'hidden':
    case 'dynamiczone':
    // Strapi refuses polymorphic relations in filters and sort (`Invalid key`).
    case 'morph':
      throw invalidKey(walk.param, key, path);
    case 'relation':
      // Filtering through a type the caller cannot read would leak it (Strapi: throwRestrictedRelations).
      if (!walk.env.canRead(entry.target)) throw invalidKey(walk.param, key, path);
      break;
    default:
      break;
  }
  const child: LevelContext = { target: entry.target, path, depth: deeper(ctx.depth, walk), traversed: true };
  // A bare value or list under a relation compares ids: `filters[cover]=3`, `filters[author][0]=1`.
  const node = isRecord(value) && indexedItems(value) === undefined ? filterLevel(value, walk, child) : idCondition(value, walk, child);
  return node && { kind: 'traverse', attribute: key, child: node };
}

function idCondition(value: unknown, walk: Walk, ctx: LevelContext): FilterNode | undefined {
  return fieldCondition(value, walk, { entry: idEntry(ctx.target), path: joinPath(ctx.path, 'id'), depth: ctx.depth });
}

/** `$and`/`$or`: a list of filter levels; a list nested in the list is an AND group. */
function group(kind: 'and' | 'or', value: unknown, walk: Walk, ctx: LevelContext): FilterNode | undefined {
  const items = indexedItems(value);
  if (!items) {
    if (isEmptyContainer(value)) return undefined;
    throw invalidQuery(walk.param, `Invalid value for ${kind === 'and' ? '$and' : '$or'}: expected an array of filters`, { path: ctx.path });
  }
  const depth = deeper(ctx.depth, walk);
  spendConditions(items.length, walk);
  return combine(
    kind,
    items.map((item) => groupItem(item, walk, { ...ctx, depth })),
  );
}

function groupItem(item: unknown, walk: Walk, ctx: LevelContext): FilterNode | undefined {
  if (Array.isArray(item)) return group('and', item, walk, ctx);
  if (isRecord(item)) return filterLevel(item, walk, ctx);
  if (item === null || item === undefined) return undefined;
  throw invalidQuery(walk.param, 'Invalid value in a logical operator: expected a filter object', { path: ctx.path });
}

function negate(value: unknown, walk: Walk, ctx: LevelContext): FilterNode | undefined {
  const depth = deeper(ctx.depth, walk);
  let child: FilterNode | undefined;
  if (Array.isArray(value)) child = group('and', value, walk, ctx);
  else if (isRecord(value)) child = filterLevel(value, walk, { ...ctx, depth });
  else if (ctx.traversed && value !== undefined) child = idCondition(value, walk, ctx);
  else if (value === null || value === undefined) child = undefined;
  else throw invalidQuery(walk.param, 'Invalid value for $not: expected a filter object', { path: ctx.path });
  return child && { kind: 'not', child };
}

/** The conditions on one field: a bare value, a list, or an object of operators. */
function fieldCondition(value: unknown, walk: Walk, ctx: FieldContext): FilterNode | undefined {
  const items = indexedItems(value);
  if (items) return comparison('$in', items, walk, ctx);
  if (!isRecord(value)) return comparison('$eq', value, walk, ctx);
  const keys = Object.keys(value);
  spendConditions(keys.length, walk);
  return combine(
    'and',
    keys.map((key) => fieldOperator(key, value[key], walk, ctx)),
  );
}

function fieldOperator(key: string, operand: unknown, walk: Walk, ctx: FieldContext): FilterNode | undefined {
  if (isComparison(key)) return comparison(key, operand, walk, ctx);
  if (key === '$not') {
    const child = fieldCondition(operand, walk, { ...ctx, depth: deeper(ctx.depth, walk) });
    return child && { kind: 'not', child };
  }
  if (key === '$and' || key === '$or') {
    const depth = deeper(ctx.depth, walk);
    const items = indexedItems(operand) ?? [operand];
    spendConditions(items.length, walk);
    return combine(
      key === '$and' ? 'and' : 'or',
      items.map((item) => fieldCondition(item, walk, { ...ctx, depth })),
    );
  }
  throw invalidKey(walk.param, key, ctx.path);
}

function checkOperatorAllowed(op: ComparisonOperator, walk: Walk, ctx: FieldContext): void {
  const family = ctx.entry.operators;
  if (family === 'presence' && op !== '$null' && op !== '$notNull') throw invalidKey(walk.param, op, ctx.path);
  if (family === 'value' && TEXT_OPERATORS.has(op)) throw invalidKey(walk.param, op, ctx.path);
}

function comparison(op: ComparisonOperator, operand: unknown, walk: Walk, ctx: FieldContext): FilterNode | undefined {
  checkOperatorAllowed(op, walk, ctx);
  if (op === '$null' || op === '$notNull') return presence(op, operand, ctx);
  // An empty list keeps its SQL meaning for $in/$notIn (nothing / everything, reachable from JSON
  // only: qs drops empty arrays); elsewhere an empty object or list is dropped, like Strapi does.
  if (Array.isArray(operand) && operand.length === 0 && (op === '$in' || op === '$notIn')) return listComparison(op, [], walk, ctx);
  if (isEmptyContainer(operand) && op !== '$between') return undefined;
  if (isListOperator(op)) {
    const items = isEmptyContainer(operand) ? [] : (indexedItems(operand) ?? (isRecord(operand) ? undefined : [operand]));
    if (!items) throw invalidValue(ctx.entry.field, ctx.path, walk.param);
    return listComparison(op, items, walk, ctx);
  }
  const items = indexedItems(operand);
  if (items) {
    spendConditions(items.length, walk);
    // Strapi's `applyOperator`: a list under a single-value operator is one comparison per value, OR-ed.
    return combine(
      'or',
      items.map((item) => single(op, item, walk, ctx)),
    );
  }
  return single(op, operand, walk, ctx);
}

/** `$null`/`$notNull`: everything but false, 'false', '0', 'f', '' (and null) means true. */
function presence(op: '$null' | '$notNull', operand: unknown, ctx: FieldContext): FilterNode | undefined {
  if (isEmptyContainer(operand)) return undefined;
  const falsy = operand === false || operand === 'false' || operand === '0' || operand === 'f' || operand === '' || operand === 0 || operand === null || operand === undefined;
  return { kind: 'compare', field: ctx.entry.field, op, value: !falsy };
}

function single(op: ComparisonOperator, operand: unknown, walk: Walk, ctx: FieldContext): FilterNode | undefined {
  if (operand === undefined) return undefined;
  if (operand === null) {
    // `$eq`/`$ne` null are IS NULL / IS NOT NULL; no other operator has a meaning for null.
    if (op === '$eq' || op === '$ne') return { kind: 'compare', field: ctx.entry.field, op, value: null };
    throw invalidValue(ctx.entry.field, ctx.path, walk.param);
  }
  if (isRecord(operand) || Array.isArray(operand)) {
    if (isEmptyContainer(operand)) return undefined;
    // `filters[title][$eq][$ne]=x`: an operand is a value, never another operator object.
    throw invalidValue(ctx.entry.field, ctx.path, walk.param);
  }
  spendValues(1, walk);
  const value = TEXT_OPERATORS.has(op) ? textOperand(operand, ctx.path, walk.param) : castLate(walk.env, () => coerceValue(ctx.entry.field, operand, ctx.path, walk.param));
  return { kind: 'compare', field: ctx.entry.field, op, value };
}

function listComparison(op: ListOperator, items: unknown[], walk: Walk, ctx: FieldContext): FilterNode {
  if (op === '$between' && items.length !== 2) {
    throw invalidQuery(walk.param, `Invalid value for ${ctx.path}: $between expects exactly two values`, { path: ctx.path });
  }
  spendValues(items.length, walk);
  const values = items.map((item) => {
    if (item === null || item === undefined || typeof item === 'object') throw invalidValue(ctx.entry.field, ctx.path, walk.param);
    return castLate(walk.env, () => coerceValue(ctx.entry.field, item, ctx.path, walk.param));
  });
  return { kind: 'compare', field: ctx.entry.field, op, value: values };
}
