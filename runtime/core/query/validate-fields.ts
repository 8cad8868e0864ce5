// `fields`: which scalar fields to return. `fields=title,views`, `fields[0]=title`, `fields=*`.
// Only returnable scalars and system fields qualify; `id` and `documentId` are always returned by
// the output step, so listing them is allowed but changes nothing.
import { ValidationError } from '../errors';
import { entryOf } from './spec';
import { indexedItems, invalidKey, type QueryParam, type Target } from './validate-common';

/** Strapi 5.54's answer to a `fields` that is not names, with empty details. */
const FIELDS_NOT_NAMES = 'Invalid fields parameter. Expected a string or an array of strings';

/** The selected field names (deduplicated, in request order), or undefined for every field. */
export function validateFields(raw: unknown, target: Target, param: QueryParam = 'fields'): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  // An empty `fields=` means every field (Strapi answers 500).
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  const items = fieldItems(raw, param);
  const names = items.flatMap((item) => namesOf(item, param));
  if (names.length === 0) return undefined;
  // Validate every name, even next to '*' (Strapi rejects `fields[0]=*&fields[1]=password`).
  for (const name of names) if (name !== '*') checkField(name, target, param);
  // Strapi: a list item may name one field only (`fields[0]=title,views`), checked after the names.
  if (typeof raw !== 'string' && items.some((item) => item.includes(','))) {
    throw new ValidationError(FIELDS_NOT_NAMES);
  }
  return names.includes('*') ? undefined : [...new Set(names)];
}

/** The raw items: the one string, or each string of a list. */
function fieldItems(raw: unknown, param: QueryParam): string[] {
  if (typeof raw === 'string') return [raw];
  const items = indexedItems(raw);
  if (!items) throw new ValidationError(FIELDS_NOT_NAMES);
  return items.map((item) => {
    if (typeof item !== 'string') throw new ValidationError(FIELDS_NOT_NAMES);
    return item;
  });
}

/**
 * The names in one item, split on commas and trimmed. An empty name (`fields[0]=`, `title,`,
 * `title,,views`) is the field '' in Strapi: 400 `Invalid key `.
 */
function namesOf(item: string, param: QueryParam): string[] {
  return item.split(',').map((part) => {
    const name = part.trim();
    if (name === '') throw invalidKey(param, '', null);
    return name;
  });
}

function checkField(name: string, target: Target, param: QueryParam): void {
  const entry = entryOf(target, name);
  // Strapi reports an unknown name without a path, a known but unusable attribute with its own name.
  if (!entry) throw invalidKey(param, name, null);
  if (entry.kind !== 'field') throw invalidKey(param, name, name);
}
