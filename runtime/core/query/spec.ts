// The compiled query table of one query target (a content type or a component): every name a
// query may use there and what it is. compileQuerySpecs builds them from SchemaMeta when an app
// starts (each api:: type's compiler, src/api/<api>/query.ts, parses against them). The validators read
// only these tables, so a request never looks an attribute up in the schema metadata.
//
// Targets reference each other (article → author → article), so links are getters: a getter is
// evaluated when a query crosses the link, after every spec exists, which makes cycles work
// without a registry lookup per hop or a uid string that could name nothing.
import type { FieldRef } from './ast';

/**
 * Which comparison operators a field accepts: `text` all of them, `value` all but the text ones
 * ($eqi, $contains, $startsWith…), `presence` only $null/$notNull (json, blocks).
 */
export type OperatorFamily = 'text' | 'value' | 'presence';

/** A field filters and sort can address: a scalar attribute, or a system field (id, timestamps…). */
export interface FieldEntry {
  readonly kind: 'field';
  readonly field: FieldRef;
  readonly operators: OperatorFamily;
  /** json and blocks have no order. */
  readonly sortable: boolean;
  /** Not an attribute: populate and dynamic-zone paths do not know it. */
  readonly system?: true;
}

/** A private attribute or a password: named in errors like any other, usable nowhere. */
export interface HiddenEntry {
  readonly kind: 'hidden';
}

export interface RelationEntry {
  readonly kind: 'relation';
  readonly toMany: boolean;
  readonly target: ContentTypeQuerySpec;
}

/**
 * The owning side of a polymorphic relation (morphToOne/morphToMany, runtime/model MorphAttribute):
 * its entries may be of any content type, so it is populated only (true, '*', `on` per type, count)
 * and never filtered or sorted on (Strapi answers `Invalid key`). The inverse side (morphOne/
 * morphMany) lists owners of one type and is a RelationEntry to that type.
 */
export interface MorphEntry {
  readonly kind: 'morph';
  readonly toMany: boolean;
}

/** Media attributes traverse and populate the upload plugin's File records. */
export interface MediaEntry {
  readonly kind: 'media';
  readonly target: ContentTypeQuerySpec;
}

export interface ComponentEntry {
  readonly kind: 'component';
  readonly target: ComponentQuerySpec;
}

/** Populated per component (`on`); never filtered or sorted on. */
export interface DynamicZoneEntry {
  readonly kind: 'dynamiczone';
  /** In schema order. */
  readonly components: readonly ComponentQuerySpec[];
}

export type QueryEntry = FieldEntry | HiddenEntry | RelationEntry | MorphEntry | MediaEntry | ComponentEntry | DynamicZoneEntry;

interface QuerySpecBase {
  readonly uid: string;
  /** System fields first, then the attributes in schema order. */
  readonly entries: Readonly<Record<string, QueryEntry>>;
}

export interface ContentTypeQuerySpec extends QuerySpecBase {
  readonly kind: 'contentType';
  /** Localized types accept `locale` and populate `localizations` (themselves, in other locales). */
  readonly localized: boolean;
  /** The permission a caller needs to see this type through a relation (`<actionPrefix>.find`). */
  readonly readAction: string;
  /** Relations the content API never reads (ContentTypeMeta.unexposed): populate skips them silently. */
  readonly unexposed?: readonly string[];
}

export interface ComponentQuerySpec extends QuerySpecBase {
  readonly kind: 'component';
}

export type QuerySpec = ContentTypeQuerySpec | ComponentQuerySpec;

/** Every query target of an app by uid (content types and components share one namespace). */
export type QuerySpecs = Readonly<Record<string, QuerySpec>>;

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/** The entry `name` of `spec`; own properties only, so `constructor` or `__proto__` name nothing. */
export function entryOf(spec: QuerySpec, name: string): QueryEntry | undefined {
  return hasOwn(spec.entries, name) ? spec.entries[name] : undefined;
}

/** The entry of an attribute (not a system field) named `name`. */
export function attributeEntry(spec: QuerySpec, name: string): QueryEntry | undefined {
  const entry = entryOf(spec, name);
  return entry && !(entry.kind === 'field' && entry.system) ? entry : undefined;
}

/** The spec of `uid`, if the app has such a query target. */
export function specOf(specs: QuerySpecs, uid: string): QuerySpec | undefined {
  return hasOwn(specs, uid) ? specs[uid] : undefined;
}
