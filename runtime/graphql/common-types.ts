// The GraphQL types every generated schema shares and no schema changes: pagination, the dynamic
// zone's Error member, the publication enums, the delete answer (v5) or collection meta (v4), and
// one filter input per scalar. Generated classes refer to them as `rt.<Name>`; TypeGraphQL puts in
// a schema only the ones its resolvers reach, so one set serves both shapes.
import { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLString, type GraphQLScalarType } from 'graphql';
import { registerEnumType } from 'type-graphql';
import { graphqlClass, type FieldSpec } from './graphql-class';
import { LIST_OPERATORS, scalarFilterName, VALUE_OPERATORS, type FilterableScalar } from './filter-operators';
import { DateScalar, DateTimeScalar, JSONScalar, LongScalar, TimeScalar } from './scalars';

export enum PublicationStatus {
  DRAFT = 'draft',
  PUBLISHED = 'published',
}
registerEnumType(PublicationStatus, { name: 'PublicationStatus' });

/** REST's publicationFilter values (PUBLICATION_FILTERS) as constants: never-published → NEVER_PUBLISHED. */
export enum PublicationFilter {
  NEVER_PUBLISHED = 'never-published',
  HAS_PUBLISHED_VERSION = 'has-published-version',
  MODIFIED = 'modified',
  UNMODIFIED = 'unmodified',
  NEVER_PUBLISHED_DOCUMENT = 'never-published-document',
  HAS_PUBLISHED_VERSION_DOCUMENT = 'has-published-version-document',
  PUBLISHED_WITHOUT_DRAFT = 'published-without-draft',
  PUBLISHED_WITH_DRAFT = 'published-with-draft',
}
registerEnumType(PublicationFilter, { name: 'PublicationFilter' });

/** The v4 shape's publication argument. */
export enum PublicationState {
  LIVE = 'live',
  PREVIEW = 'preview',
}
registerEnumType(PublicationState, { name: 'PublicationState' });

const int = (): GraphQLScalarType => GraphQLInt;

export const PaginationArg = graphqlClass<PaginationArg>('input', 'PaginationArg', () => ['page', 'pageSize', 'start', 'limit'].map((key): FieldSpec => [key, int, true]));
export interface PaginationArg {
  page?: number | null;
  pageSize?: number | null;
  start?: number | null;
  limit?: number | null;
}

/** `Pagination` (Gql: the runtime's `Pagination` is the Document Service's parameter). */
export const PaginationGql = graphqlClass<PaginationGql>('object', 'Pagination', () => ['total', 'page', 'pageSize', 'pageCount'].map((key): FieldSpec => [key, int]));
export interface PaginationGql {
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** `Error`, the member a dynamic zone answers for an entry it cannot type (Gql: not the JS Error). */
export const ErrorGql = graphqlClass<ErrorGql>('object', 'Error', () => [
  ['code', () => GraphQLString],
  ['message', () => GraphQLString, true],
]);
export interface ErrorGql {
  code: string;
  message?: string | null;
}

export const DeleteMutationResponse = graphqlClass<DeleteMutationResponse>('object', 'DeleteMutationResponse', () => [['documentId', () => GraphQLID]]);
export interface DeleteMutationResponse {
  documentId: string;
}

export const ResponseCollectionMeta = graphqlClass<ResponseCollectionMeta>('object', 'ResponseCollectionMeta', () => [['pagination', () => PaginationGql]]);
export interface ResponseCollectionMeta {
  pagination: PaginationGql;
}

type ValueOperator = (typeof VALUE_OPERATORS)[number];
type ListOperator = (typeof LIST_OPERATORS)[number] | 'and' | 'or';

/** A `<Scalar>FilterInput` value over values of type T. */
export type ScalarFilterInput<T> = { [K in ValueOperator]?: T | null } & { [K in ListOperator]?: (T | null)[] | null } & {
  not?: ScalarFilterInput<T> | null;
  null?: boolean | null;
  notNull?: boolean | null;
};

const SCALAR_TYPES: Record<FilterableScalar, GraphQLScalarType> = {
  ID: GraphQLID,
  Boolean: GraphQLBoolean,
  String: GraphQLString,
  Int: GraphQLInt,
  Long: LongScalar,
  Float: GraphQLFloat,
  Date: DateScalar,
  Time: TimeScalar,
  DateTime: DateTimeScalar,
  JSON: JSONScalar,
};

/** The filter input class of one scalar, its fields in Strapi's order. */
function scalarFilter<T>(scalar: FilterableScalar): new () => ScalarFilterInput<T> {
  const type = SCALAR_TYPES[scalar];
  return graphqlClass<ScalarFilterInput<T>>('input', scalarFilterName(scalar), (self) => [
    ['and', () => [type], 'itemsAndList'],
    ['or', () => [type], 'itemsAndList'],
    ['not', () => self, true],
    ...VALUE_OPERATORS.map((op): FieldSpec => [op, () => type, true]),
    ['null', () => GraphQLBoolean, true],
    ['notNull', () => GraphQLBoolean, true],
    ...LIST_OPERATORS.map((op): FieldSpec => [op, () => [type], 'itemsAndList']),
  ]);
}

export const IDFilterInput = scalarFilter<string>('ID');
export type IDFilterInput = ScalarFilterInput<string>;
export const BooleanFilterInput = scalarFilter<boolean>('Boolean');
export type BooleanFilterInput = ScalarFilterInput<boolean>;
export const StringFilterInput = scalarFilter<string>('String');
export type StringFilterInput = ScalarFilterInput<string>;
export const IntFilterInput = scalarFilter<number>('Int');
export type IntFilterInput = ScalarFilterInput<number>;
export const LongFilterInput = scalarFilter<string>('Long');
export type LongFilterInput = ScalarFilterInput<string>;
export const FloatFilterInput = scalarFilter<number>('Float');
export type FloatFilterInput = ScalarFilterInput<number>;
export const DateFilterInput = scalarFilter<string>('Date');
export type DateFilterInput = ScalarFilterInput<string>;
export const TimeFilterInput = scalarFilter<string>('Time');
export type TimeFilterInput = ScalarFilterInput<string>;
export const DateTimeFilterInput = scalarFilter<string>('DateTime');
export type DateTimeFilterInput = ScalarFilterInput<string>;
export const JSONFilterInput = scalarFilter<unknown>('JSON');
export type JSONFilterInput = ScalarFilterInput<unknown>;
