// `fields`, `sort` and `populate` of the typed Document Service, in the notations the runtime
// validators accept (runtime/query/validate-fields.ts, validate-sort.ts, validate-populate.ts):
//   fields:   'title' | ['title', 'views'] | '*'
//   sort:     'title' | 'title:desc' | 'author.name:asc' | { title: 'desc' } | { author: { name: 'asc' } } | a list of those
//   populate: '*' | true | 'author' | 'author.articles' | ['author', 'seo'] |
//             { author: true | '*' | { fields, filters, sort, populate, count } } |
//             { sections: { on: { 'sections.cta': { populate: '*' } } } } | { sections: { populate: '*' } }
// Dotted strings are spelled out as unions, so they stop at a fixed depth (SortPath, PopulatePath
// below); the object notations nest without limit.
import type { Filters } from './typed-filters.js';
import type {
  ComponentKey,
  ContentTypeUid,
  DynamicZoneKey,
  LocalizationsKey,
  MediaKey,
  MorphKey,
  PopulatableKey,
  Registry,
  RelationKey,
  ScalarKey,
  SystemFields,
  TargetOf,
  TraversableKey,
} from './typed-registry.js';

/** Countdown for the depth of dotted-path unions: depth D allows D + 1 crossings. */
type Previous = [never, 0, 1, 2, 3];

// ---------------------------------------------------------------------------------------------
// fields

/** A field `fields` can name: a returnable scalar, a system field, or '*' (every field). */
export type FieldName<R extends Registry, U extends keyof R> = ScalarKey<R, U> | (keyof SystemFields<R, U> & string) | '*';

export type Fields<R extends Registry, U extends keyof R> = FieldName<R, U> | readonly FieldName<R, U>[];

// ---------------------------------------------------------------------------------------------
// sort

export type SortOrder = 'asc' | 'desc';

/** Scalars with an order: every returnable scalar but json and blocks, and the system fields. */
export type SortableKey<R extends Registry, U extends keyof R> =
  | {
      [K in ScalarKey<R, U>]: R[U]['scalars'][K]['type'] extends 'json' | 'blocks' ? never : K;
    }[ScalarKey<R, U>]
  | (keyof SystemFields<R, U> & string);

/**
 * 'title', 'author.name', 'categories.articles.author.name': a sortable field, reached through at
 * most three relations, media or components. Deeper paths use the object notation.
 */
export type SortPath<R extends Registry, U extends keyof R, D extends number = 2> =
  | SortableKey<R, U>
  | ([D] extends [never] ? never : { [K in TraversableKey<R, U>]: `${K}.${SortPath<R, TargetOf<R, U, K>, Previous[D]>}` }[TraversableKey<R, U>]);

export type SortString<R extends Registry, U extends keyof R> = SortPath<R, U> | `${SortPath<R, U>}:${SortOrder}`;

/** `{ title: 'desc', author: { name: 'asc' } }` (one mapped type, see PopulateObject). */
export type SortObject<R extends Registry, U extends keyof R> = {
  [K in SortableKey<R, U> | TraversableKey<R, U>]?: K extends TraversableKey<R, U> ? SortObject<R, TargetOf<R, U, K>> : SortOrder;
};

export type Sort<R extends Registry, U extends keyof R> =
  | SortString<R, U>
  | SortObject<R, U>
  | readonly (SortString<R, U> | SortObject<R, U>)[];

// ---------------------------------------------------------------------------------------------
// populate

/**
 * 'author', 'author.articles', 'sections.image': a populatable attribute, and up to four more
 * levels below it. Media end a path; a segment after a dynamic zone names an attribute of some
 * of its components (populated in those that have it).
 */
export type PopulatePath<R extends Registry, U extends keyof R, D extends number = 3> =
  | PopulatableKey<R, U>
  | ([D] extends [never]
      ? never
      :
          | {
              [K in RelationKey<R, U> | ComponentKey<R, U> | LocalizationsKey<R, U>]: `${K}.${PopulatePath<R, TargetOf<R, U, K>, Previous[D]>}`;
            }[RelationKey<R, U> | ComponentKey<R, U> | LocalizationsKey<R, U>]
          | {
              [K in DynamicZoneKey<R, U>]: `${K}.${ZonePath<R, R[U]['dynamicZones'][K]['components'], Previous[D]>}`;
            }[DynamicZoneKey<R, U>]);

/** Paths inside any component of a zone. */
type ZonePath<R extends Registry, C, D extends number> = C extends keyof R ? PopulatePath<R, C, D> : never;

/** A flag: populate with defaults (`true`, `'*'`), or leave out (`false`). */
export type PopulateFlag = boolean | '*';

/** Options of a populated relation (`count` only on to-many ones: `{ count }` instead of rows). */
export type RelationNode<R extends Registry, T extends keyof R, ToMany extends boolean> = {
  fields?: Fields<R, T>;
  filters?: Filters<R, T>;
  sort?: Sort<R, T>;
  populate?: Populate<R, T>;
} & (ToMany extends true ? { count?: boolean } : unknown);

/** Options of a populated component (and of `localizations`). */
export interface ComponentNode<R extends Registry, T extends keyof R> {
  fields?: Fields<R, T>;
  filters?: Filters<R, T>;
  sort?: Sort<R, T>;
  populate?: Populate<R, T>;
}

/** Media take no filters or sort (as Strapi). */
export interface MediaNode<R extends Registry, T extends keyof R> {
  fields?: Fields<R, T>;
  populate?: Populate<R, T>;
}

/** A dynamic zone: per-component options under `on` (keyed by component uid), or `populate: '*'`. */
export interface ZoneNode<R extends Registry, C extends string> {
  on?: { [K in C & keyof R]?: PopulateFlag | ComponentNode<R, K> };
  populate?: PopulateFlag;
}

/**
 * The owning side of a morph relation: per-type options under `on` (only the types named are
 * listed), or `count`.
 */
export interface MorphNode<R extends Registry> {
  on?: { [K in ContentTypeUid<R>]?: PopulateFlag | ComponentNode<R, K> };
  count?: boolean;
}

/**
 * The object notation: one entry per populatable attribute. One mapped type (not an intersection
 * per kind) so that TypeScript's weak-type check refuses values that share no key with it.
 */
export type PopulateObject<R extends Registry, U extends keyof R> = [PopulatableKey<R, U>] extends [never]
  ? never
  : { [K in PopulatableKey<R, U>]?: PopulateFlag | PopulateNodeOf<R, U, K> };

/** The option object of one populatable attribute, by its kind. */
type PopulateNodeOf<R extends Registry, U extends keyof R, K> = K extends RelationKey<R, U>
  ? RelationNode<R, R[U]['relations'][K]['target'], R[U]['relations'][K]['toMany']>
  : K extends MediaKey<R, U>
    ? MediaNode<R, TargetOf<R, U, K>>
    : K extends ComponentKey<R, U>
      ? ComponentNode<R, R[U]['components'][K]['component']>
      : K extends DynamicZoneKey<R, U>
        ? ZoneNode<R, R[U]['dynamicZones'][K]['components']>
        : K extends MorphKey<R, U>
          ? MorphNode<R>
          : ComponentNode<R, U>;

export type Populate<R extends Registry, U extends keyof R> =
  | '*'
  | true
  | PopulatePath<R, U>
  | PopulateObject<R, U>
  | readonly ('*' | PopulatePath<R, U> | PopulateObject<R, U>)[];
