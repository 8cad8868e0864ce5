// The schema metadata every generated app hands to the runtime: plain data, no behaviour.
// The generator normalizes Strapi schema files into exactly this shape (generator/model),
// emits it as a typed constant, and the runtime interprets it. Nothing in runtime/ knows
// any one schema; everything it needs about a content type is here.

// Defined with the typed Document Service types, which must import nothing outside their set
// (the generator copies them into the client SDK).
import type { ScalarType } from '@cms-gen/types/typed-registry';

export type { ScalarType };

/** Strapi's relation kinds; `oneWay`/`manyWay` are one-sided (no inverse attribute). */
export type RelationKind = 'oneToOne' | 'oneToMany' | 'manyToOne' | 'manyToMany' | 'oneWay' | 'manyWay';

interface AttributeBase {
  /** Attribute name as written in the schema (the API field name). */
  name: string;
  required: boolean;
  /** Private attributes are never returned, filtered, sorted or populated. Passwords are always private. */
  private: boolean;
  /** i18n: false when `pluginOptions.i18n.localized === false` on a localized type (shared across locales). */
  localized: boolean;
  /**
   * A conditional field's `conditions.visible`: a JSON Logic rule over the other values of its
   * object (`{ "==": [{ "var": "type" }, "external"] }`). Where it is false the field is hidden,
   * and Strapi 5 does not require it (write-plan.ts, publish-check.ts).
   */
  visibleWhen?: Readonly<Record<string, unknown>>;
  /**
   * An attribute of the users-permissions plugin that the project's extension leaves out: Strapi
   * drops it, so the content API knows no such name (queries answer `Invalid key` as for any
   * unknown name); cms-gen keeps it, private, for the plugin's own code (sign-in reads `blocked`).
   */
  undeclared?: true;
}

export interface ScalarAttribute extends AttributeBase {
  kind: 'scalar';
  type: ScalarType;
  /** Database column name. */
  column: string;
  unique: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  /** Enumeration values (only for `enumeration`). */
  enum?: string[];
  default?: unknown;
  /** uid attributes: the attribute the uid derives from. */
  targetField?: string;
  /** false when the schema says `searchable: false`: `_q` does not look at it. */
  searchable?: false;
  /** The column this attribute had under its previous name (`pluginOptions["cms-gen"].renamedFrom`); migrations rename it. */
  renamedFrom?: string;
  /**
   * A component's own `createdAt` or `updatedAt` (a date, datetime or time attribute): as in
   * Strapi, a new component row takes the current time when the value is left out, and an
   * `updatedAt` takes it on every write of an existing row.
   */
  timestamp?: 'createdAt' | 'updatedAt';
}

export interface RelationAttribute extends AttributeBase {
  kind: 'relation';
  relation: RelationKind;
  /** Target content type uid, e.g. `api::author.author`. */
  target: string;
  /** True when the attribute holds many targets (oneToMany, manyToMany, manyWay). */
  toMany: boolean;
  /** The owning side stores the link rows; the inverse side (mappedBy) reads the owner's link table. */
  owner: boolean;
  /** The attribute on the other side (inversedBy / mappedBy), when the relation is two-sided. */
  inverse?: string;
  /**
   * Link table of the owning side (same value on both sides of a two-sided relation).
   * Columns: id, source_id (row id of the owner version), target_document_id, target_locale,
   * position (order among the owner's targets), inverse_position (order among the target's owners).
   */
  linkTable: string;
  /** For the inverse side: the owning content type uid and attribute. */
  ownerType?: string;
  ownerAttribute?: string;
  /**
   * Set on the owning side of a two-way relation from a content type without draft & publish to
   * one with it. The target's side writes one of its versions at a time (a draft edit of
   * `category.articles` is not the published category's), and the owner has a single row, so its
   * links say which versions of the target they join: `target_is_draft` NULL for both, TRUE for the
   * draft only, FALSE for the published version only (LINK_TARGET_IS_DRAFT).
   */
  targetVersions?: true;
}

/** Column of the link tables of relations with `targetVersions`. */
export const LINK_TARGET_IS_DRAFT = 'target_is_draft';

/** Strapi's polymorphic relation kinds: morphToOne/morphToMany own the links, morphOne/morphMany read them. */
export type MorphRelationKind = 'morphToOne' | 'morphToMany' | 'morphOne' | 'morphMany';

/**
 * A polymorphic relation. The owning side (morphToOne/morphToMany) stores links to documents of
 * any content type; the inverse side (morphOne/morphMany, `morphBy`) lists the owners whose links
 * point at its document. Entries are returned with `__type` (the target's uid).
 */
export interface MorphAttribute extends AttributeBase {
  kind: 'morph';
  relation: MorphRelationKind;
  /** morphToMany and morphMany hold many entries. */
  toMany: boolean;
  owner: boolean;
  /**
   * Link table of the owning attribute (same value on both sides). Columns: id, source_id (row id
   * of the owner version), target_type (uid), target_document_id, target_locale, position.
   */
  linkTable: string;
  /** For the inverse side: the owning content type uid (Strapi's `target`) and attribute (`morphBy`). */
  ownerType?: string;
  ownerAttribute?: string;
}

export interface MediaAttribute extends AttributeBase {
  kind: 'media';
  multiple: boolean;
  allowedTypes: string[];
}

export interface ComponentAttribute extends AttributeBase {
  kind: 'component';
  /** Component uid `<category>.<name>`. */
  component: string;
  repeatable: boolean;
  min?: number;
  max?: number;
}

export interface DynamicZoneAttribute extends AttributeBase {
  kind: 'dynamiczone';
  components: string[];
  min?: number;
  max?: number;
}

export type Attribute = ScalarAttribute | RelationAttribute | MorphAttribute | MediaAttribute | ComponentAttribute | DynamicZoneAttribute;

export interface ContentTypeMeta {
  /** `api::<api>.<name>` or `plugin::<plugin>.<name>`. */
  uid: string;
  kind: 'collectionType' | 'singleType';
  singularName: string;
  pluralName: string;
  displayName: string;
  /** Table holding one row per document version (status x locale). */
  table: string;
  draftAndPublish: boolean;
  localized: boolean;
  /** Attributes in schema order, keyed by name. */
  attributes: Record<string, Attribute>;
  /** Permission action prefix, e.g. `api::article.article` (actions: find, findOne, create, update, delete). */
  actionPrefix: string;
  /**
   * Relations the schema declares that the content API never reads or writes (one to the admin
   * users, a mappedBy side nothing owns): not attributes here; `populate` of one is skipped
   * without an error, as Strapi skips it.
   */
  unexposed?: string[];
  /**
   * The relations among `unexposed` that target admin::user (the admin users): stored in their link
   * tables and edited by the admin panel (runtime/admin/admin-relations.ts), never by the content API.
   */
  adminRelations?: Record<string, RelationAttribute>;
}

export interface ComponentMeta {
  /** `<category>.<name>` */
  uid: string;
  category: string;
  displayName: string;
  /**
   * Table of component rows. Besides `id` and attribute columns every component table has
   * owner_type (uid of the owning content type or component), owner_id (row id of the owner),
   * owner_field (attribute name) and position (order in a repeatable component or dynamic zone).
   */
  table: string;
  attributes: Record<string, Attribute>;
}

export interface SchemaMeta {
  contentTypes: Record<string, ContentTypeMeta>;
  components: Record<string, ComponentMeta>;
}

/** System columns of every content-type table (column names). */
export const SYSTEM_COLUMNS = {
  id: 'id',
  documentId: 'document_id',
  locale: 'locale',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  publishedAt: 'published_at',
  /** true on a draft row, false on a published one; part of every unique index (docs/architecture.md). */
  isDraft: 'is_draft',
  /** Strapi's creator fields (admin::user row ids); in apps whose schema has admin::user (runtime/admin). */
  createdById: 'created_by_id',
  updatedById: 'updated_by_id',
} as const;

/** Attribute names a schema may not declare because the runtime owns them. */
export const RESERVED_ATTRIBUTE_NAMES = [
  'id',
  'documentId',
  'document_id',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'created_at',
  'updated_at',
  'published_at',
  'locale',
  'localizations',
  'createdBy',
  'updatedBy',
  '__component',
  '__typename',
] as const;
