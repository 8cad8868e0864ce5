// `filters` of the typed Document Service: which operators each field accepts and what values,
// following the runtime validator exactly (runtime/query/validate-filters.ts, validate-values.ts):
// - json and blocks accept only $null / $notNull (no comparable value; no bare value or list either);
// - the text operators ($eqi, $nei, $contains… $endsWithi) only on text-like fields
//   (string, text, richtext, enumeration, email, uid, documentId, locale);
// - every other operator ($eq $ne $lt $lte $gt $gte $in $notIn $between $null $notNull) on every
//   other field, with the value type the runtime coerces to;
// - a bare value means $eq, a bare list means $in; $not/$and/$or nest on a level and on a field;
// - relations, media and components are crossed into their target; under them a bare value, a list
//   or a bare comparison operator compares the target's id. Dynamic zones cannot be filtered.
// Private attributes and passwords are not in the registry's `scalars`, so naming one is an error.
import type { Registry, ScalarType, SystemFields, TargetOf, TraversableKey } from './typed-registry.js';

/** A field's Strapi type as the filter validator sees it (system fields have their own). */
export type FilterFieldType = ScalarType | 'id' | 'documentId' | 'locale';

/** A filterable field: an attribute's spec, or a system field's. */
export interface FieldSpec {
  type: FilterFieldType;
  value: unknown;
}

/** Field types whose values are text: the only ones the text operators apply to. */
export type TextFieldType = 'string' | 'text' | 'richtext' | 'enumeration' | 'email' | 'uid' | 'documentId' | 'locale';

/** Field types with no comparable value: presence checks only. */
export type PresenceOnlyFieldType = 'json' | 'blocks';

/**
 * The operand a field accepts: what the runtime can coerce without guessing. Numbers for integer,
 * float and id; exact decimal text or a number for biginteger and decimal; epoch milliseconds or ISO
 * text for datetimes; the enumeration's own values for equality on an enumeration.
 */
export type FilterOperand<S extends FieldSpec> = S['type'] extends 'integer' | 'float' | 'id'
  ? number
  : S['type'] extends 'biginteger' | 'decimal'
    ? number | string
    : S['type'] extends 'boolean'
      ? boolean
      : S['type'] extends 'datetime' | 'timestamp'
        ? string | number
        : S['type'] extends 'enumeration'
          ? Extract<NonNullable<S['value']>, string>
          : string;

/**
 * $null / $notNull take a flag; $not / $and / $or nest conditions of the same field. The operator
 * interfaces take the field's spec (not its value type) so that error messages name them once
 * instead of unrolling the nesting.
 */
export interface PresenceOperators<S extends FieldSpec> {
  $null?: boolean;
  $notNull?: boolean;
  $not?: FieldCondition<S>;
  $and?: FieldCondition<S> | readonly FieldCondition<S>[];
  $or?: FieldCondition<S> | readonly FieldCondition<S>[];
}

/** Operators every field with a comparable value has. */
export interface ComparisonOperators<S extends FieldSpec> extends PresenceOperators<S> {
  /** `null` is IS NULL (and `$ne: null` IS NOT NULL); no other operator takes null. */
  $eq?: FilterOperand<S> | null;
  $ne?: FilterOperand<S> | null;
  $lt?: FilterOperand<S>;
  $lte?: FilterOperand<S>;
  $gt?: FilterOperand<S>;
  $gte?: FilterOperand<S>;
  $in?: readonly FilterOperand<S>[];
  $notIn?: readonly FilterOperand<S>[];
  $between?: readonly [FilterOperand<S>, FilterOperand<S>];
}

/** LIKE and case-insensitive equality: any text (a partial value, not a whole enumeration value). */
export interface TextOperators {
  $eqi?: string;
  $nei?: string;
  $contains?: string;
  $notContains?: string;
  $containsi?: string;
  $notContainsi?: string;
  $startsWith?: string;
  $startsWithi?: string;
  $endsWith?: string;
  $endsWithi?: string;
}

/** The operator object of one field, by its type. */
export type FieldOperators<S extends FieldSpec> = S['type'] extends PresenceOnlyFieldType
  ? PresenceOperators<S>
  : S['type'] extends TextFieldType
    ? ComparisonOperators<S> & TextOperators
    : ComparisonOperators<S>;

/** What may stand under a field name: a value ($eq), a list ($in), or an operator object. */
export type FieldCondition<S extends FieldSpec> = S['type'] extends PresenceOnlyFieldType
  ? FieldOperators<S>
  : FilterOperand<S> | null | readonly FilterOperand<S>[] | FieldOperators<S>;

/** Specs of the system fields (their values are fixed by the runtime, not the schema). */
interface SystemSpecs {
  id: { type: 'id'; value: number };
  documentId: { type: 'documentId'; value: string };
  datetime: { type: 'datetime'; value: string };
  locale: { type: 'locale'; value: string };
}

type SystemSpec<T> = T extends keyof SystemSpecs ? SystemSpecs[T] : never;

/** Names a filter level can use: scalars, system fields, and attributes it can cross. */
type FilterKey<R extends Registry, U extends keyof R> = keyof R[U]['scalars'] | keyof SystemFields<R, U> | TraversableKey<R, U>;

/**
 * One level of filters on `U`: its fields, the attributes it can cross, and the logical operators.
 * The names are one mapped type (not an intersection per kind), so TypeScript's weak-type check
 * refuses a value that shares no key with it.
 */
export type FilterLevel<R extends Registry, U extends keyof R> = {
  [K in FilterKey<R, U>]?: K extends keyof R[U]['scalars']
    ? FieldCondition<R[U]['scalars'][K]>
    : K extends keyof SystemFields<R, U>
      ? FieldCondition<SystemSpec<SystemFields<R, U>[K]>>
      : TraversalFilter<R, TargetOf<R, U, K>>;
} & LogicalOperators<R, U>;

export interface LogicalOperators<R extends Registry, U extends keyof R> {
  $and?: readonly Filters<R, U>[];
  $or?: readonly Filters<R, U>[];
  $not?: Filters<R, U>;
}

type IdSpec = SystemSpecs['id'];

/**
 * Under a relation, media or component: the target's own filters, or its id compared directly
 * (`author: 3`, `author: [1, 2]`, `author: { $null: true }`).
 */
export type TraversalFilter<R extends Registry, T extends keyof R> =
  | (FilterLevel<R, T> & Omit<ComparisonOperators<IdSpec>, '$not' | '$and' | '$or'>)
  | number
  | readonly number[];

/** `filters` of `U`: one level, or a list of levels meaning AND. */
export type Filters<R extends Registry, U extends keyof R> = FilterLevel<R, U> | readonly Filters<R, U>[];
