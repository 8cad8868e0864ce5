// `fields`: which scalar fields to return. `fields=title,views`, `fields[0]=title`, `fields=*`.
// Only returnable scalars and system fields qualify; `id` and `documentId` are always returned by
// the output step, so listing them is allowed but changes nothing.
import { entryOf } from './spec';
import { indexedItems, invalidKey, invalidQuery, splitList, type QueryParam, type Target } from './validate-common';

/** The selected field names (deduplicated, in request order), or undefined for every field. */
export function validateFields(raw: unknown, target: Target, param: QueryParam = 'fields'): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const names = fieldNames(raw, param);
  if (names.length === 0) return undefined;
  // Validate every name, even next to '*' (Strapi rejects `fields[0]=*&fields[1]=password`).
  for (const name of names) if (name !== '*') checkField(name, target, param);
  return names.includes('*') ? undefined : [...new Set(names)];
}

function fieldNames(raw: unknown, param: QueryParam): string[] {
  if (typeof raw === 'string') return splitList(raw);
  const items = indexedItems(raw);
  if (!items) throw invalidQuery(param, 'Invalid fields parameter: expected a field name or a list of field names');
  return items.flatMap((item) => {
    if (typeof item !== 'string') throw invalidQuery(param, 'Invalid fields parameter: expected a field name or a list of field names');
    // An empty list item names the field '' in Strapi (400 `Invalid key `), unlike an empty `fields=`.
    if (item.trim() === '') throw invalidKey(param, '', null);
    return splitList(item);
  });
}

function checkField(name: string, target: Target, param: QueryParam): void {
  const entry = entryOf(target, name);
  // Strapi reports an unknown name without a path, a known but unusable attribute with its own name.
  if (!entry) throw invalidKey(param, name, null);
  if (entry.kind !== 'field') throw invalidKey(param, name, name);
}
