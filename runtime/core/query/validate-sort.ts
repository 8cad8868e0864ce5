// `sort`: every notation Strapi accepts → SortItem[] whose paths end on a sortable field.
//   'title' | 'title:desc' | 'title:asc,views:desc' | 'author.name:desc' | ['views:desc', ...]
//   { title: 'asc' } | [{ title: 'desc' }] | { author: { name: 'desc' } }
// A path may cross relations (to-many included: the SQL layer sorts by the smallest/largest related
// value, so parent rows are never duplicated), media and components; it must end on a scalar or
// system field that has an order (not json, blocks, password or private).
import { ValidationError } from '../errors';
import type { SortItem } from './ast';
import { entryOf } from './spec';
import {
  indexedItems,
  invalidKey,
  invalidQuery,
  isRecord,
  joinPath,
  splitList,
  type QueryParam,
  type Target,
  type UnknownRecord,
  type ValidationEnv,
} from './validate-common';

/** Sort items per query; each one is an ORDER BY term (with a subquery when it crosses a relation). */
export const MAX_SORT_ITEMS = 100;
/** Attributes in one sort path. */
export const MAX_SORT_PATH = 10;

interface Walk {
  env: ValidationEnv;
  param: QueryParam;
}

/** A resolved step of a sort path: either the final field or a hop to another target. */
type Step = { kind: 'field' } | { kind: 'hop'; target: Target };

export function validateSort(raw: unknown, target: Target, env: ValidationEnv, param: QueryParam = 'sort'): SortItem[] {
  const walk: Walk = { env, param };
  const items: SortItem[] = [];
  for (const entry of sortEntries(raw, walk)) {
    if (typeof entry === 'string') items.push(...splitList(entry).map((text) => stringItem(text, target, walk)));
    else items.push(...objectItems(entry, target, walk, null, []));
  }
  if (items.length > MAX_SORT_ITEMS) throw invalidQuery(param, `Too many sort fields: at most ${MAX_SORT_ITEMS} are allowed`, { limit: MAX_SORT_ITEMS });
  return items;
}

/** The top-level notations, flattened to strings (comma lists) and objects. */
function sortEntries(raw: unknown, walk: Walk): (string | UnknownRecord)[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw === 'string') return [raw];
  const list = indexedItems(raw) ?? [raw];
  return list.map((entry) => {
    if (typeof entry === 'string' || isRecord(entry)) return entry;
    throw invalidQuery(walk.param, 'Invalid sort parameter: expected a field name, a list of field names or an object');
  });
}

// Strapi 5.54's answer word for word, details empty (recorded side by side). A relation path
// with a bad direction (`sort=author.name:up`) is a 500 there; here it is the same 400.
const invalidOrder = (): Error => new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC', {});

function parseOrder(value: unknown): SortItem['order'] {
  if (typeof value === 'string') {
    const order = value.trim().toLowerCase();
    if (order === 'asc' || order === 'desc') return order;
  }
  throw invalidOrder();
}

/** `author.name:desc` → { path: ['author', 'name'], order: 'desc' }. */
function stringItem(text: string, target: Target, walk: Walk): SortItem {
  const [pathText, orderText, ...extra] = text.split(':');
  const segments = pathText
    .split('.')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (segments.length === 0) throw invalidKey(walk.param, text, null);
  if (extra.length > 0) throw invalidOrder();
  const order = orderText === undefined || orderText.trim() === '' ? 'asc' : parseOrder(orderText);
  resolvePath(segments, target, walk);
  return { path: segments, order };
}

function resolvePath(segments: string[], target: Target, walk: Walk): void {
  if (segments.length > MAX_SORT_PATH) throw invalidQuery(walk.param, `Sort path is too deep: at most ${MAX_SORT_PATH} attributes are allowed`, { limit: MAX_SORT_PATH });
  let current = target;
  let parent: string | null = null;
  segments.forEach((key, index) => {
    const hasMore = index < segments.length - 1;
    const step = resolveStep(key, current, parent, hasMore, walk);
    parent = joinPath(parent, key);
    // `title.foo`: nothing lies beyond a scalar.
    if (step.kind === 'field' && hasMore) throw invalidKey(walk.param, segments[index + 1], parent);
    if (step.kind === 'hop') current = step.target;
  });
}

/** `{ title: 'asc', author: { name: 'desc' } }` → one item per leaf, in key order. */
function objectItems(object: UnknownRecord, target: Target, walk: Walk, parent: string | null, prefix: string[]): SortItem[] {
  const items: SortItem[] = [];
  for (const key of Object.keys(object)) {
    const value = object[key];
    const path = [...prefix, key];
    if (path.length > MAX_SORT_PATH) throw invalidQuery(walk.param, `Sort path is too deep: at most ${MAX_SORT_PATH} attributes are allowed`, { limit: MAX_SORT_PATH });
    const nested = isRecord(value) ? Object.keys(value) : [];
    const step = resolveStep(key, target, parent, nested.length > 0, walk);
    if (step.kind === 'hop' && isRecord(value)) {
      items.push(...objectItems(value, step.target, walk, joinPath(parent, key), path));
    } else if (nested.length > 0) {
      // `{ title: { foo: 'asc' } }`: nothing lies beyond a scalar.
      throw invalidKey(walk.param, nested[0], joinPath(parent, key));
    } else {
      items.push({ path, order: parseOrder(value) });
    }
  }
  return items;
}

/**
 * Checks one path segment `key` on `target` (`parent` is the attribute path above it). `hasMore` says
 * whether the path continues: relations, media and components need a field after them.
 */
function resolveStep(key: string, target: Target, parent: string | null, hasMore: boolean, walk: Walk): Step {
  const path = joinPath(parent, key);
  const entry = entryOf(target, key);
  if (!entry) throw invalidKey(walk.param, key, parent);
  switch (entry.kind) {
    case 'field':
      // JSON and blocks have no meaningful order.
      if (!entry.sortable) throw invalidKey(walk.param, key, path);
      return { kind: 'field' };
    case 'hidden':
    case 'dynamiczone':
    // Strapi refuses polymorphic relations in filters and sort (`Invalid key`).
    case 'morph':
      throw invalidKey(walk.param, key, path);
    case 'relation':
      if (!walk.env.canRead(entry.target)) throw invalidKey(walk.param, key, path);
      break;
    default:
      break;
  }
  // Sorting "by a relation" without naming its field (Strapi: nonScalarEmptyKeys).
  if (!hasMore) throw invalidKey(walk.param, key, path);
  return { kind: 'hop', target: entry.target };
}
