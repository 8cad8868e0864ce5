// The type of a document returned by the typed Document Service, computed from the query:
// - `fields` narrows the scalars to those named, plus `id` and `documentId` (always returned);
// - each populated relation, media, component, dynamic zone or `localizations` is present and typed
//   by its own nested `fields` / `populate` (dynamic zones per component through `on`);
// - what is not populated is absent, so reading it is a compile error rather than an `undefined`.
//
// How populate is read: every notation is a set of "items" ('*', true, a dotted path, an object);
// a list is the union of its items. For each populated key the items give a union of "nodes"
// (`{}` for a bare flag, `{ populate: 'rest.of.path' }` for a dotted path, the option object
// otherwise), merged as the runtime merges them (runtime/query/validate-populate.ts mergeNodes):
// fields are the union (a node without fields means every field), nested populate items add up,
// `count` wins.
import type { Exact } from './typed-exact.js';
import type { Fields, Populate } from './typed-query.js';
import type { FileUid, PopulatableKey, Registry, RelationKey, MediaKey, ComponentKey, DynamicZoneKey, MorphKey, MorphToMany, ScalarKey, SystemFields, SystemValues } from './typed-registry.js';

/** Flattens an intersection into one object type (readable in editors, comparable in tests). */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

// ---------------------------------------------------------------------------------------------
// fields

type AllFieldNames<R extends Registry, U extends keyof R> = ScalarKey<R, U> | (keyof SystemFields<R, U> & string);

/** The names one `fields` value selects; '*' for every field (absent, '*', or an empty list). */
type FieldItems<F> = [F] extends [never] ? '*' : F extends readonly [] ? '*' : F extends readonly (infer E)[] ? E : F;

/** Field names selected by a union of nodes ('*' when any node selects every field). */
type NodeFields<N> = N extends unknown ? ('fields' extends keyof N ? FieldItems<Exclude<N['fields'], undefined>> : '*') : never;

type SelectedFields<R extends Registry, U extends keyof R, N> = '*' extends NodeFields<N> ? AllFieldNames<R, U> : NodeFields<N> & AllFieldNames<R, U>;

/** Scalars and system fields of a response; `id` and `documentId` are always there. */
type BaseFields<R extends Registry, U extends keyof R, Names> = {
  [K in (Names | 'id' | 'documentId') & keyof SystemFields<R, U> & keyof SystemValues]: SystemValues[K];
} & {
  [K in Names & ScalarKey<R, U>]: R[U]['scalars'][K]['value'];
};

// ---------------------------------------------------------------------------------------------
// populate

/** The items of one populate value: a list's members, or the value itself; `false` adds nothing. */
type PopulateItems<P> = Exclude<P extends readonly (infer E)[] ? E : P, false | undefined>;

/** Populate items of a union of nodes. */
type NodePopulate<N> = N extends unknown ? ('populate' extends keyof N ? PopulateItems<N['populate']> : never) : never;

type Head<S extends string> = S extends `${infer H}.${string}` ? H : S;

/** Which keys the items populate. */
type PopulatedKeys<R extends Registry, U extends keyof R, I> = I extends '*' | true
  ? PopulatableKey<R, U>
  : I extends string
    ? Head<I> & PopulatableKey<R, U>
    : I extends object
      ? { [K in keyof I]: I[K] extends false | undefined ? never : K }[keyof I] & PopulatableKey<R, U>
      : never;

/** The nodes the items give key `K`. */
type NodesFor<I, K extends string> = I extends '*' | true
  ? {}
  : I extends `${K}.${infer Rest}`
    ? { populate: Rest }
    : I extends K
      ? {}
      : I extends string
        ? never
        : K extends keyof I
          ? I[K] extends true | '*'
            ? {}
            : I[K] extends object
              ? I[K]
              : never
          : never;

type Populated<R extends Registry, U extends keyof R, I> = {
  [K in PopulatedKeys<R, U, I>]: PopulatedValue<R, U, K, NodesFor<I, K>>;
};

/** `count: true` on any node of a to-many relation returns `{ count }` instead of the rows. */
type Counted<N> = N extends { count: true } ? true : never;

type PopulatedValue<R extends Registry, U extends keyof R, K, N> = K extends RelationKey<R, U>
  ? true extends Counted<N>
    ? { count: number }
    : Many<ResultOf<R, R[U]['relations'][K]['target'], N>, R[U]['relations'][K]['toMany']>
  : K extends MediaKey<R, U>
    ? Many<ResultOf<R, FileUid, N>, R[U]['media'][K]['multiple']>
    : K extends ComponentKey<R, U>
      ? Many<ResultOf<R, R[U]['components'][K]['component'], N>, R[U]['components'][K]['repeatable']>
      : K extends DynamicZoneKey<R, U>
        ? ZoneEntry<R, R[U]['dynamicZones'][K]['components'], N>[]
        : K extends MorphKey<R, U>
          ? true extends Counted<N>
            ? { count: number }
            : Many<MorphEntry, MorphToMany<R, U, K>>
          : ResultOf<R, U, N>[];

/** One entry of a morph relation: a document of the content type its `__type` names. */
export type MorphEntry = { id: number; documentId: string; __type: string } & Record<string, unknown>;

/** A to-many value is a list, a to-one value the item or null. */
type Many<T, IsMany> = IsMany extends true ? T[] : T | null;

/** One entry of a dynamic zone: a union over the zone's components, told apart by `__component`. */
type ZoneEntry<R extends Registry, C, N> = C extends keyof R & string ? Simplify<{ __component: C } & ResultOf<R, C, ZoneComponentNodes<R, C, N>>> : never;

/** The nodes a zone's options give one of its components; components not named get their scalars. */
type ZoneComponentNodes<R extends Registry, C extends keyof R, N> = [ZoneNodes<R, C, N>] extends [never] ? {} : ZoneNodes<R, C, N>;

type ZoneNodes<R extends Registry, C extends keyof R, N> = N extends unknown
  ? // `on: { 'sections.cta': … }`
    | ('on' extends keyof N ? (C extends keyof N['on'] ? FlagNode<N['on'][C]> : never) : never)
      // `populate: '*'` populates every component one level; a dotted path the components that have it
      | ('populate' extends keyof N ? ZonePopulateNode<R, C, N['populate']> : never)
  : never;

type FlagNode<V> = V extends true | '*' ? {} : V extends object ? V : never;

type ZonePopulateNode<R extends Registry, C extends keyof R, P> = P extends true | '*'
  ? { populate: '*' }
  : P extends string
    ? Head<P> extends PopulatableKey<R, C>
      ? { populate: P }
      : never
    : never;

/**
 * A `fields` or `populate` typed as the whole parameter type (a variable annotated
 * `ArticlePopulate`, not a literal): what it selects is only known at run time, so the result says
 * so, with every field optional and populated attributes optional and `unknown`. Write the value
 * as a literal, or `as const satisfies ArticlePopulate`, to get the precise type.
 */
type Wide<N, Key extends 'fields' | 'populate', Whole> = N extends unknown ? (Key extends keyof N ? ([Whole] extends [Exclude<N[Key], undefined>] ? true : never) : never) : never;

type BaseOf<R extends Registry, U extends keyof R, N> = true extends Wide<N, 'fields', Fields<R, U>>
  ? BaseFields<R, U, 'id' | 'documentId'> & Partial<BaseFields<R, U, AllFieldNames<R, U>>>
  : BaseFields<R, U, SelectedFields<R, U, N>>;

type PopulatedOf<R extends Registry, U extends keyof R, N> = true extends Wide<N, 'populate', Populate<R, U>>
  ? { [K in PopulatableKey<R, U>]?: unknown }
  : Populated<R, U, NodePopulate<N>>;

/** A document of `U` as a union of query nodes returns it. */
export type ResultOf<R extends Registry, U extends keyof R, N> = Simplify<BaseOf<R, U, N> & PopulatedOf<R, U, N>>;

/**
 * A document of `U` as the query `Q` returns it (`Q` is the params object, or any object with
 * `fields` and `populate`): `Result<ContentTypes, 'api::article.article', { fields: ['title'] }>`.
 */
export type Result<R extends Registry, U extends keyof R, Q = {}> = ResultOf<R, U, Q>;

/**
 * `fields` and `populate` as inferred, with populate checked for names it does not have. The check
 * sits in a second member that takes no part in inference: intersected with `P` in one property,
 * TypeScript would infer `P` from a union-typed variable as one of its members.
 */
export type Selection<R extends Registry, U extends keyof R, F, P> = { fields?: F; populate?: P } & { populate?: NoInfer<Exact<P, Populate<R, U>>> };

/** The parameters a result type is computed from (what `Result` reads). */
export interface Selected<F, P> {
  fields: F;
  populate: P;
}
