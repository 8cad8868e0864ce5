// The shape of a typed registry: what the generated `src/content-types.ts` says about each content
// type and component, so the typed Document Service (typed-service.ts) can check queries and shape
// results at compile time. Type-only: nothing here exists at run time.
//
// A registry `R` maps every uid a query can reach (api:: and plugin:: content types, components) to
// an entry. Attributes are split by kind because each kind is filtered, populated and written
// differently; private attributes and passwords are left out of every query-side map by the
// generator (they can only be written, see `writeOnly`).

/** A scalar attribute's Strapi type (the model's, runtime/model/types.ts re-exports it from here). */
export type ScalarType =
  | 'string'
  | 'text'
  | 'richtext'
  | 'blocks'
  | 'enumeration'
  | 'email'
  | 'password'
  | 'uid'
  | 'date'
  | 'time'
  | 'datetime'
  | 'timestamp'
  | 'integer'
  | 'biginteger'
  | 'float'
  | 'decimal'
  | 'boolean'
  | 'json';

/** One scalar attribute: its Strapi type (drives operators) and its value as the API returns it. */
export interface ScalarSpec {
  type: ScalarType;
  /** The value in a response (nullable unless the attribute is required). */
  value: unknown;
}

export interface RelationSpec {
  /** Target content-type uid. */
  target: string;
  toMany: boolean;
  /** The inverse side of a morph relation (morphOne/morphMany): read like a relation, never written. */
  readOnly?: true;
}

export interface MediaSpec {
  multiple: boolean;
}

export interface ComponentSpec {
  component: string;
  repeatable: boolean;
}

/** The owning side of a morph relation (morphToOne/morphToMany): entries of any content type. */
export interface MorphSpec {
  toMany: boolean;
}

export interface DynamicZoneSpec {
  /** Union of the component uids the zone accepts. */
  components: string;
}

/** What every entry has: the attributes a query can see, split by kind. */
interface EntryBase {
  /** Returnable, filterable scalars (no private ones, no passwords). */
  scalars: Record<string, ScalarSpec>;
  relations: Record<string, RelationSpec>;
  media: Record<string, MediaSpec>;
  components: Record<string, ComponentSpec>;
  dynamicZones: Record<string, DynamicZoneSpec>;
  /** Owning sides of morph relations; emitted only by types that have some. */
  morphs?: Record<string, MorphSpec>;
  /** Private scalars (passwords, tokens): accepted in `data`, invisible to every query. */
  writeOnly: Record<string, ScalarSpec>;
  /** Attributes a create must send (required, without a default); a union of names or never. */
  requiredOnCreate: string;
}

export interface ContentTypeEntry extends EntryBase {
  kind: 'collectionType' | 'singleType';
  draftAndPublish: boolean;
  localized: boolean;
}

export interface ComponentEntry extends EntryBase {
  kind: 'component';
}

export type RegistryEntry = ContentTypeEntry | ComponentEntry;

/** A registry: every uid a query can reach. */
export type Registry = Record<string, RegistryEntry>;

// ---------------------------------------------------------------------------------------------
// Key helpers shared by the query, data and result types

/** Content-type uids of a registry (components excluded): what `documents(uid)` accepts. */
export type ContentTypeUid<R extends Registry> = {
  [U in keyof R & string]: R[U] extends ContentTypeEntry ? U : never;
}[keyof R & string];

export type ScalarKey<R extends Registry, U extends keyof R> = keyof R[U]['scalars'] & string;
export type RelationKey<R extends Registry, U extends keyof R> = keyof R[U]['relations'] & string;
/** Relations `data` may write (all but the inverse sides of morph relations). */
export type WritableRelationKey<R extends Registry, U extends keyof R> = {
  [K in RelationKey<R, U>]: R[U]['relations'][K] extends { readOnly: true } ? never : K;
}[RelationKey<R, U>];
export type MediaKey<R extends Registry, U extends keyof R> = keyof R[U]['media'] & string;
export type ComponentKey<R extends Registry, U extends keyof R> = keyof R[U]['components'] & string;
export type DynamicZoneKey<R extends Registry, U extends keyof R> = keyof R[U]['dynamicZones'] & string;
export type MorphKey<R extends Registry, U extends keyof R> = R[U] extends { morphs: infer M } ? keyof M & string : never;

/** Whether a morph attribute holds many entries. */
export type MorphToMany<R extends Registry, U extends keyof R, K> = R[U] extends { morphs: infer M } ? (K extends keyof M ? (M[K] extends { toMany: true } ? true : false) : never) : never;

/** The i18n pseudo-relation to the other locales exists on localized content types only. */
export type LocalizationsKey<R extends Registry, U extends keyof R> = R[U] extends { localized: true } ? 'localizations' : never;

/** Attributes a filter or sort can cross to reach another type (dynamic zones cannot be crossed). */
export type TraversableKey<R extends Registry, U extends keyof R> = RelationKey<R, U> | MediaKey<R, U> | ComponentKey<R, U>;

/** Everything `populate` can name. */
export type PopulatableKey<R extends Registry, U extends keyof R> =
  | TraversableKey<R, U>
  | DynamicZoneKey<R, U>
  | MorphKey<R, U>
  | LocalizationsKey<R, U>;

/** The uid a traversable or populatable attribute leads to (media lead to the upload file type). */
export type TargetOf<R extends Registry, U extends keyof R, K> = K extends RelationKey<R, U>
  ? R[U]['relations'][K]['target']
  : K extends MediaKey<R, U>
    ? FileUid
    : K extends ComponentKey<R, U>
      ? R[U]['components'][K]['component']
      : K extends LocalizationsKey<R, U>
        ? U
        : never;

/** Content type of media files (runtime/query/validate-common.ts FILE_UID). */
export type FileUid = 'plugin::upload.file';

/**
 * System fields a query can address besides the attributes, with their Strapi type (as the
 * runtime's `systemField`): ids and timestamps on content types, `locale` on localized ones,
 * only `id` on components.
 */
export type SystemFields<R extends Registry, U extends keyof R> = R[U] extends ComponentEntry
  ? { id: 'id' }
  : { id: 'id'; documentId: 'documentId'; createdAt: 'datetime'; updatedAt: 'datetime'; publishedAt: 'datetime' } & (R[U] extends { localized: true }
      ? { locale: 'locale' }
      : unknown);

/** Values of the system fields in a response. */
export interface SystemValues {
  id: number;
  documentId: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  locale: string;
}
