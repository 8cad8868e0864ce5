// A caller writes a relation only to a type it may read. Strapi 5.54 checks a REST write's data
// before anything else is validated: a relation whose target the caller may not `find` (for a
// morph relation, each entry's `__type`) is refused with `Invalid key <attribute>`, at any depth
// of components and dynamic zones, as in easyfest's side-by-side run (test/easyfest: an activity's
// `registered_users` and its private `staff`, users Public may not read). Its GraphQL mutations
// leave such a relation out instead and write the rest (the same run's `createActivity`).
// Trusted server code (no caller) writes anything.
import { InvalidKeyError } from '../errors';
import type { AuthContext } from '../engine/types';
import { componentShape, type Shape } from '../model/schema-index';
import type { ComponentAttribute, DynamicZoneAttribute, SchemaMeta } from '../model/types';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `auth` may `find` documents of `uid` (a type the schema lacks is not readable). */
const readable = (schema: SchemaMeta, auth: AuthContext, uid: string): boolean => {
  const target = Object.prototype.hasOwnProperty.call(schema.contentTypes, uid) ? schema.contentTypes[uid] : undefined;
  return target !== undefined && auth.can(`${target.actionPrefix}.find`);
};

/**
 * The first relation of `data` (a document's data for `shape`) whose target `auth` may not read:
 * its key and attribute path (names joined by dots, list positions left out, as Strapi reports
 * it). Undefined when there is none, or when `data` holds a key that is no attribute: that key is
 * refused first (the write plan names it), as Strapi checks for unknown keys before relations.
 */
function firstUnreadable(schema: SchemaMeta, shape: Shape, data: Record<string, unknown>, auth: AuthContext, path: string): { key: string; path: string } | 'unknown key' | undefined {
  let found: { key: string; path: string } | undefined;
  const note = (key: string, at: string) => (found ??= { key, path: at });
  for (const [key, value] of Object.entries(data)) {
    const attribute = Object.prototype.hasOwnProperty.call(shape.meta.attributes, key) ? shape.meta.attributes[key] : undefined;
    if (!attribute) {
      if (shape.kind === 'component' && (key === 'id' || key === '__component')) continue;
      // The document keys a write may carry and the plan ignores (the query's status and locale decide).
      if (shape.kind === 'contentType' && (key === 'publishedAt' || key === 'locale')) continue;
      return 'unknown key';
    }
    const at = path ? `${path}.${key}` : key;
    if (attribute.kind === 'relation') {
      // A target the schema lacks is the write plan's to refuse.
      if (Object.prototype.hasOwnProperty.call(schema.contentTypes, attribute.target) && !readable(schema, auth, attribute.target)) note(key, at);
    } else if (attribute.kind === 'morph') {
      if (morphTypes(value).some((uid) => !readable(schema, auth, uid))) note(key, at);
    } else if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
      for (const entry of Array.isArray(value) ? value : [value]) {
        const inner = entryShape(schema, attribute, entry);
        if (!inner) continue;
        const found = firstUnreadable(schema, inner, entry as Record<string, unknown>, auth, at);
        if (found === 'unknown key') return found;
        if (found) note(found.key, found.path);
      }
    }
  }
  return found;
}

/** The component shape of one entry of a component or dynamic zone value (none for what is not an entry of a known component). */
function entryShape(schema: SchemaMeta, attribute: ComponentAttribute | DynamicZoneAttribute, entry: unknown): Shape | undefined {
  if (!isRecord(entry)) return undefined;
  const uid = attribute.kind === 'component' ? attribute.component : typeof entry.__component === 'string' ? entry.__component : undefined;
  return uid !== undefined && Object.prototype.hasOwnProperty.call(schema.components, uid) ? componentShape(schema, uid) : undefined;
}

/** The `__type` of each entry a morph relation's value names (a list, or connect/set/disconnect lists). */
function morphTypes(value: unknown): string[] {
  const lists = Array.isArray(value) ? [value] : isRecord(value) ? [value.connect, value.set, value.disconnect].filter(Array.isArray) : [];
  return lists.flat().flatMap((entry) => (isRecord(entry) && typeof entry.__type === 'string' ? [entry.__type] : []));
}

/** Refuses a caller's write that relates to a type it may not read (see above). */
export function assertReadableRelations(schema: SchemaMeta, shape: Shape, data: Record<string, unknown>, auth: AuthContext | undefined): void {
  if (!auth) return;
  const found = firstUnreadable(schema, shape, data, auth, '');
  if (found === undefined || found === 'unknown key') return;
  const error = new InvalidKeyError(found.key, found.path === found.key ? null : found.path, 'body');
  error.details.path = found.path;
  throw error;
}

/**
 * `data` without the relations to types `auth` may not read (GraphQL's way, see above): such a
 * relation is left out, a morph relation keeps the entries of readable types. A copy where
 * anything is left out; `data` itself otherwise.
 */
export function withReadableRelations(schema: SchemaMeta, shape: Shape, data: Record<string, unknown>, auth: AuthContext | undefined): Record<string, unknown> {
  if (!auth) return data;
  let out: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown) => {
    out ??= { ...data };
    if (value === undefined) delete out[key];
    else out[key] = value;
  };
  for (const [key, value] of Object.entries(data)) {
    const attribute = Object.prototype.hasOwnProperty.call(shape.meta.attributes, key) ? shape.meta.attributes[key] : undefined;
    if (!attribute) continue;
    if (attribute.kind === 'relation') {
      if (!readable(schema, auth, attribute.target)) set(key, undefined);
    } else if (attribute.kind === 'morph') {
      const keep = (entries: unknown) => (Array.isArray(entries) ? entries.filter((entry) => !isRecord(entry) || typeof entry.__type !== 'string' || readable(schema, auth, entry.__type)) : entries);
      const lists = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).map(([name, entries]) => [name, ['connect', 'set', 'disconnect'].includes(name) ? keep(entries) : entries]));
      const kept = Array.isArray(value) ? keep(value) : isRecord(value) ? lists(value) : value;
      if (morphTypes(value).length !== morphTypes(kept).length) set(key, kept);
    } else if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
      const entry = (item: unknown): unknown => {
        const inner = entryShape(schema, attribute, item);
        return inner ? withReadableRelations(schema, inner, item as Record<string, unknown>, auth) : item;
      };
      const next = Array.isArray(value) ? value.map(entry) : entry(value);
      const changed = Array.isArray(value) ? (next as unknown[]).some((item, i) => item !== value[i]) : next !== value;
      if (changed) set(key, next);
    }
  }
  return out ?? data;
}

/** A write's data as the transport takes it: REST refuses unreadable relations, GraphQL leaves them out. */
export function readableRelationsInput(schema: SchemaMeta, shape: Shape, data: Record<string, unknown>, auth: AuthContext | undefined, unreadable: 'refuse' | 'drop' = 'refuse'): Record<string, unknown> {
  if (unreadable === 'drop') return withReadableRelations(schema, shape, data, auth);
  assertReadableRelations(schema, shape, data, auth);
  return data;
}
