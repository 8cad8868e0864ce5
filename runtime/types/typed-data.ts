// `data` of create and update, typed as the runtime's write path accepts it
// (runtime/engine/write/plan.ts, scalar-rules.ts, relation-input.ts):
// - scalars with their value type; a create must send the attributes that are required and have no
//   default (the registry's `requiredOnCreate`); private scalars (passwords) can be written;
// - relations as a documentId (or numeric id), a list of them (the new set), or
//   `{ connect, disconnect, set }` whose items may carry a locale and a position;
// - media as file ids (`{ id }` objects too), or `{ connect, disconnect, set }` of them;
// - components as objects (written whole, so their own required attributes are required; `id`
//   keeps an existing row), dynamic-zone entries as component objects with `__component`;
// - morph relations as `{ __type, documentId }` entries (a list, one entry, or `{ connect, … }`).
import type { ComponentKey, ContentTypeUid, DynamicZoneKey, MediaKey, MorphKey, MorphToMany, Registry, ScalarSpec, WritableRelationKey } from './typed-registry.js';

/** A scalar value as a write accepts it. */
export type ScalarInput<S extends ScalarSpec> = S['type'] extends 'integer' | 'float'
  ? number
  : S['type'] extends 'biginteger' | 'decimal'
    ? number | string
    : S['type'] extends 'boolean'
      ? boolean
      : S['type'] extends 'datetime' | 'timestamp'
        ? string | number
        : S['type'] extends 'json'
          ? unknown
          : S['type'] extends 'blocks'
            ? NonNullable<S['value']>
            : S['type'] extends 'enumeration'
              ? Extract<NonNullable<S['value']>, string>
              : string;

/** One related document: its documentId, its numeric id, or either with a locale and a position. */
export type RelationRefInput =
  | string
  | number
  | ({ documentId: string } & RelationRefOptions)
  | ({ id: number } & RelationRefOptions);

export interface RelationRefOptions {
  /** Locale of a localized target. */
  locale?: string;
  /** Where to place the link among the owner's links. */
  position?: { before?: RelationRefInput; after?: RelationRefInput; start?: boolean; end?: boolean };
}

/** `{ connect, disconnect, set }` (each a ref or a list of refs; `set: null` empties the relation). */
export interface RelationChanges {
  connect?: RelationRefInput | readonly RelationRefInput[];
  disconnect?: RelationRefInput | readonly RelationRefInput[];
  set?: RelationRefInput | readonly RelationRefInput[] | null;
}

export type RelationInput<ToMany extends boolean> = ToMany extends true
  ? RelationRefInput | readonly RelationRefInput[] | RelationChanges | null
  : RelationRefInput | RelationChanges | null;

/** One entry of a morph relation: its content type (`__type`) and document (engine/write/morph-input.ts). */
export type MorphRefInput<R extends Registry> = { __type: ContentTypeUid<R> } & (({ documentId: string } & RelationRefOptions) | ({ id: number } & RelationRefOptions));

/** `{ connect, disconnect, set }` of morph entries. */
export interface MorphChanges<R extends Registry> {
  connect?: MorphRefInput<R> | readonly MorphRefInput<R>[];
  disconnect?: MorphRefInput<R> | readonly MorphRefInput<R>[];
  set?: MorphRefInput<R> | readonly MorphRefInput<R>[];
}

/** A morph relation's write form: the new list (or entry), or changes; null is refused, as in Strapi. */
export type MorphInput<R extends Registry, ToMany> = ToMany extends true
  ? readonly MorphRefInput<R>[] | MorphChanges<R>
  : MorphRefInput<R> | MorphChanges<R>;

/** A file id (or `{ id }`, as a file record read back from the API). */
export type FileRefInput = number | { id: number };

/** Changes to a media list, as Strapi 5.54 takes them: files connected at the end, disconnected, or the whole list. */
export interface MediaChanges {
  connect?: FileRefInput | readonly FileRefInput[];
  disconnect?: FileRefInput | readonly FileRefInput[];
  set?: FileRefInput | readonly FileRefInput[];
}

export type MediaInput<Multiple extends boolean> = Multiple extends true ? FileRefInput | readonly FileRefInput[] | MediaChanges | null : FileRefInput | MediaChanges | null;

/** A component's values: written whole, as a create of the component. */
export type ComponentInput<R extends Registry, C extends keyof R> = Data<R, C, 'create'> & { id?: number };

/** A dynamic-zone entry: one of the zone's components, named by `__component`. */
export type ZoneEntryInput<R extends Registry, C> = C extends keyof R & string ? { __component: C } & ComponentInput<R, C> : never;

/** Input of every attribute of `U`, by name. */
type AttributeInputs<R extends Registry, U extends keyof R> = {
  [K in keyof R[U]['scalars']]: ScalarInput<R[U]['scalars'][K]>;
} & {
  [K in keyof R[U]['writeOnly']]: ScalarInput<R[U]['writeOnly'][K]>;
} & {
  [K in WritableRelationKey<R, U>]: RelationInput<R[U]['relations'][K]['toMany']>;
} & {
  [K in MediaKey<R, U>]: MediaInput<R[U]['media'][K]['multiple']>;
} & {
  [K in ComponentKey<R, U>]: R[U]['components'][K]['repeatable'] extends true
    ? readonly ComponentInput<R, R[U]['components'][K]['component']>[] | null
    : ComponentInput<R, R[U]['components'][K]['component']> | null;
} & {
  [K in DynamicZoneKey<R, U>]: readonly ZoneEntryInput<R, R[U]['dynamicZones'][K]['components']>[] | null;
} & {
  [K in MorphKey<R, U>]: MorphInput<R, MorphToMany<R, U, K>>;
};

type Writable<R extends Registry, U extends keyof R> =
  | keyof R[U]['scalars']
  | keyof R[U]['writeOnly']
  | WritableRelationKey<R, U>
  | MediaKey<R, U>
  | ComponentKey<R, U>
  | DynamicZoneKey<R, U>
  | MorphKey<R, U>;

/**
 * Every attribute in `Keys` optional; null clears one, except those a document cannot be without.
 * Invariant in R and U, declared rather than measured (measuring took seconds of every type check
 * relating two instantiations; see TypedCollectionService in @cms-gen/server's core-types.ts).
 */
type Optional<in out R extends Registry, in out U extends keyof R, Keys> = {
  [K in Writable<R, U> & Keys]?: K extends R[U]['requiredOnCreate'] | MorphKey<R, U> ? NonNullable<AttributeInputs<R, U>[K]> : AttributeInputs<R, U>[K] | null;
};

/**
 * `data` of a create (`'create'`: the attributes in `requiredOnCreate` must be sent) or an update
 * (`'update'`: everything optional). null clears a value, except a required one's. A type without
 * required attributes gets the optional object alone: intersected with an empty object type it
 * would lose TypeScript's weak-type check and accept any value.
 */
export type Data<R extends Registry, U extends keyof R, Mode extends 'create' | 'update' = 'update'> = Mode extends 'create'
  ? [Writable<R, U> & R[U]['requiredOnCreate']] extends [never]
    ? Optional<R, U, Writable<R, U>>
    : {
        [K in Writable<R, U> & R[U]['requiredOnCreate']]: NonNullable<AttributeInputs<R, U>[K]>;
      } & Optional<R, U, Exclude<Writable<R, U>, R[U]['requiredOnCreate']>>
  : Optional<R, U, Writable<R, U>>;
