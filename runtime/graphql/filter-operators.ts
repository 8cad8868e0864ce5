// The operators of a scalar filter input (`StringFilterInput` …), in Strapi's order. Plain data:
// the generator prints the SDL from it and common-types.ts builds the TypeGraphQL classes from it.

/**
 * Operators taking one value; `startsWithi`/`endsWithi` are REST operators Strapi's GraphQL lacks,
 * added so both transports filter alike.
 */
export const VALUE_OPERATORS = ['eq', 'eqi', 'ne', 'nei', 'startsWith', 'startsWithi', 'endsWith', 'endsWithi', 'contains', 'notContains', 'containsi', 'notContainsi', 'gt', 'gte', 'lt', 'lte'] as const;

/** Operators taking a list of values. */
export const LIST_OPERATORS = ['in', 'notIn', 'between'] as const;

/** Scalars a `<Scalar>FilterInput` exists for. */
export const FILTERABLE_SCALARS = ['ID', 'Boolean', 'String', 'Int', 'Long', 'Float', 'Date', 'Time', 'DateTime', 'JSON'] as const;

export type FilterableScalar = (typeof FILTERABLE_SCALARS)[number];

export const scalarFilterName = (scalar: string): string => `${scalar}FilterInput`;
