// Shared pieces of the query validators: the schema lookups they all need (own-property only,
// so `constructor` or `__proto__` can never resolve to something on Object.prototype), Strapi's
// "Invalid key" error rule, and small guards for the loosely-typed qs output.
import { InvalidKeyError, ValidationError } from '../errors';
import { SYSTEM_COLUMNS, type Attribute, type ComponentMeta, type ContentTypeMeta, type SchemaMeta } from '../model/types';
import type { FieldRef } from './ast';

/** Content type of media files: media attributes are traversed and populated against it. */
export const FILE_UID = 'plugin::upload.file';

/** The query parameters a validation error can be reported against. */
export type QueryParam = 'filters' | 'sort' | 'fields' | 'populate' | 'pagination' | 'status' | 'locale' | 'publicationFilter' | 'hasPublishedVersion' | '_q';

/** Something whose fields a query can address: a content type or a component. */
export type Target =
  | { kind: 'contentType'; uid: string; meta: ContentTypeMeta }
  | { kind: 'component'; uid: string; meta: ComponentMeta };

/** What every validator needs besides the value: the schema and the caller's read permission. */
export interface ValidationEnv {
  schema: SchemaMeta;
  /** find permission of the caller on a content type. */
  canRead(uid: string): boolean;
}

export type UnknownRecord = Record<string, unknown>;

/** A plain (possibly null-prototype, as qs builds them) object. */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/** Empty objects and arrays carry no condition: Strapi accepts and drops them. */
export const isEmptyContainer = (value: unknown): boolean =>
  (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0);

const CANONICAL_INDEX = /^(0|[1-9]\d*)$/;

/** True when every key is a canonical array index ('0', '1', ... but not '01' or '-1'). */
export function hasOnlyIndexKeys(value: UnknownRecord): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => CANONICAL_INDEX.test(k));
}

/**
 * The items of an array, or of an object with only index keys (what qs builds for indexed lists it
 * did not turn into an array), in index order; undefined for anything else.
 */
export function indexedItems(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && hasOnlyIndexKeys(value)) {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => value[k]);
  }
  return undefined;
}

export const joinPath = (parent: string | null, key: string): string => (parent ? `${parent}.${key}` : key);

/**
 * Strapi's `throwInvalidKey`: the message names the path only when it differs from the key
 * (`Invalid key secret_code` with details.path 'secret_code', `Invalid key $foo at title`), and
 * the validator of each parameter adds `source` and `param`.
 */
export function invalidKey(param: QueryParam, key: string, path: string | null, reason?: string): InvalidKeyError {
  const error = new InvalidKeyError(key, path === key ? null : path, 'query', param);
  error.details.path = path;
  if (reason) error.message = `${error.message}: ${reason}`;
  return error;
}

/** A malformed query value (as opposed to an unknown name, which is an InvalidKeyError). */
export function invalidQuery(param: QueryParam, message: string, extra: UnknownRecord = {}): ValidationError {
  return new ValidationError(message, { source: 'query', param, ...extra });
}

export function contentTypeTarget(schema: SchemaMeta, uid: string): Target | undefined {
  return hasOwn(schema.contentTypes, uid) ? { kind: 'contentType', uid, meta: schema.contentTypes[uid] } : undefined;
}

export function componentTarget(schema: SchemaMeta, uid: string): Target | undefined {
  return hasOwn(schema.components, uid) ? { kind: 'component', uid, meta: schema.components[uid] } : undefined;
}

export function ownAttribute(target: Target, name: string): Attribute | undefined {
  return hasOwn(target.meta.attributes, name) ? target.meta.attributes[name] : undefined;
}

/** Private attributes and passwords are invisible to queries: Invalid key wherever they appear. */
export const isHidden = (attribute: Attribute): boolean =>
  attribute.private || (attribute.kind === 'scalar' && attribute.type === 'password');

const CONTENT_TYPE_SYSTEM_FIELDS: Record<string, FieldRef> = {
  id: { name: 'id', column: SYSTEM_COLUMNS.id, type: 'id' },
  documentId: { name: 'documentId', column: SYSTEM_COLUMNS.documentId, type: 'documentId' },
  createdAt: { name: 'createdAt', column: SYSTEM_COLUMNS.createdAt, type: 'datetime' },
  updatedAt: { name: 'updatedAt', column: SYSTEM_COLUMNS.updatedAt, type: 'datetime' },
  publishedAt: { name: 'publishedAt', column: SYSTEM_COLUMNS.publishedAt, type: 'datetime' },
  locale: { name: 'locale', column: SYSTEM_COLUMNS.locale, type: 'locale' },
};

/**
 * System fields of a target: every content type has ids and timestamps (`publishedAt` even without
 * draft & publish, as Strapi returns it), `locale` only when localized; components only have `id`.
 */
export function systemField(target: Target, name: string): FieldRef | undefined {
  if (target.kind === 'component') return name === 'id' ? CONTENT_TYPE_SYSTEM_FIELDS.id : undefined;
  if (!hasOwn(CONTENT_TYPE_SYSTEM_FIELDS, name)) return undefined;
  if (name === 'locale' && !target.meta.localized) return undefined;
  return CONTENT_TYPE_SYSTEM_FIELDS[name];
}

export const idField = (): FieldRef => CONTENT_TYPE_SYSTEM_FIELDS.id;

/** Where a relation, media or component attribute leads; undefined for scalars and dynamic zones. */
export function traversalTarget(schema: SchemaMeta, attribute: Attribute): Target | undefined {
  switch (attribute.kind) {
    case 'relation':
      return contentTypeTarget(schema, attribute.target);
    case 'media':
      return contentTypeTarget(schema, FILE_UID);
    case 'component':
      return componentTarget(schema, attribute.component);
    default:
      return undefined;
  }
}

const BOOLEAN_TRUE: readonly unknown[] = [true, 'true', 't', '1', 1];
const BOOLEAN_FALSE: readonly unknown[] = [false, 'false', 'f', '0', 0];

/** Strapi's boolean-like values; undefined when `value` is not one. */
export function parseBooleanLike(value: unknown): boolean | undefined {
  if (BOOLEAN_TRUE.includes(value)) return true;
  if (BOOLEAN_FALSE.includes(value)) return false;
  return undefined;
}

/** Splits comma lists (`'a, b,,c'` → ['a', 'b', 'c']). */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
