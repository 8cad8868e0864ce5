// The i18n plugin's locales over GraphQL, Strapi 5's shape: `I18NLocale`, its lists and the
// `i18NLocale`, `i18NLocales` and `i18NLocales_connection` queries. The locale content type is
// built in and no schema extends it, so one set serves every app; the v4 shape's own types, with
// the same names, are in locale-types-v4.ts (only one shape is in a schema). The build describes
// them for the printed SDL (generator/emitters/graphql-build.ts), and the generated resolver lists
// import the root resolver. Decorators are called: this package is compiled without them.
import { GraphQLBoolean, GraphQLID, GraphQLString, type GraphQLResolveInfo } from 'graphql';
import type { Document } from '@cms-gen/core/engine/types';
import { DateTimeFilterInput, IDFilterInput, PaginationArg, PaginationGql, PublicationFilter, PublicationStatus, StringFilterInput } from './common-types';
import type { GraphqlContext } from './context';
import { graphqlClass, queryResolver, type ArgSpec, type FieldSpec } from './graphql-class';
import type { Connection } from './results';
import { DateTimeScalar } from './scalars';

export const LOCALE_UID = 'plugin::i18n.locale';

/** The filters of a locale list, the same in both shapes. */
export const I18NLocaleFiltersInput = graphqlClass<I18NLocaleFiltersInput>('input', 'I18NLocaleFiltersInput', (self) => [
  ['documentId', () => IDFilterInput, true],
  ['name', () => StringFilterInput, true],
  ['code', () => StringFilterInput, true],
  ...['createdAt', 'updatedAt', 'publishedAt'].map((name): FieldSpec => [name, () => DateTimeFilterInput, true]),
  ['and', () => [self], 'itemsAndList'],
  ['or', () => [self], 'itemsAndList'],
  ['not', () => self, true],
]);
export interface I18NLocaleFiltersInput {
  documentId?: IDFilterInput | null;
  name?: StringFilterInput | null;
  code?: StringFilterInput | null;
  createdAt?: DateTimeFilterInput | null;
  updatedAt?: DateTimeFilterInput | null;
  publishedAt?: DateTimeFilterInput | null;
  and?: (I18NLocaleFiltersInput | null)[] | null;
  or?: (I18NLocaleFiltersInput | null)[] | null;
  not?: I18NLocaleFiltersInput | null;
}

/** A locale's attributes and timestamps (both shapes; Strapi 5's adds `documentId` before them). */
export const LOCALE_FIELDS: FieldSpec[] = [
  ['name', () => GraphQLString, true],
  ['code', () => GraphQLString, true],
  ...['createdAt', 'updatedAt', 'publishedAt'].map((name): FieldSpec => [name, () => DateTimeScalar, true]),
];

export const I18NLocale = graphqlClass<I18NLocale>('object', 'I18NLocale', () => [['documentId', () => GraphQLID], ...LOCALE_FIELDS]);
export interface I18NLocale {
  documentId: string;
  name?: string | null;
  code?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  publishedAt?: string | null;
}

/** A to-many relation's `_connection` to locales (in a schema when a content type has one). */
export const I18NLocaleRelationResponseCollection = graphqlClass<I18NLocaleRelationResponseCollection>('object', 'I18NLocaleRelationResponseCollection', () => [['nodes', () => [I18NLocale]]]);
export interface I18NLocaleRelationResponseCollection {
  nodes: I18NLocale[];
}

export const I18NLocaleEntityResponseCollection = graphqlClass<I18NLocaleEntityResponseCollection>('object', 'I18NLocaleEntityResponseCollection', () => [
  ['nodes', () => [I18NLocale]],
  ['pageInfo', () => PaginationGql],
]);
export interface I18NLocaleEntityResponseCollection {
  nodes: I18NLocale[];
  pageInfo: PaginationGql;
}

/** The list arguments of a locale query (both shapes). */
export const LOCALE_LIST_ARGS: ArgSpec[] = [
  ['filters', () => I18NLocaleFiltersInput, true],
  ['pagination', () => PaginationArg, true, {}],
  ['sort', () => [GraphQLString], 'itemsAndList', []],
];

const READING_ARGS: ArgSpec[] = [
  ['status', () => PublicationStatus, true, PublicationStatus.PUBLISHED],
  ['hasPublishedVersion', () => GraphQLBoolean, true],
  ['publicationFilter', () => PublicationFilter, true],
];

type Maybe<T> = T | null | undefined;
type Filters = Maybe<I18NLocaleFiltersInput>;
type Pagination = Maybe<PaginationArg>;
type SortArg = Maybe<(string | null)[]>;
type Status = Maybe<PublicationStatus>;
type HasPublished = Maybe<boolean>;
type PublicationFilterArg = Maybe<PublicationFilter>;

/** The locale queries, over the Document Service as every content type's. */
export class I18NLocaleRootResolver {
  i18NLocale(documentId: string, status: Status, hasPublishedVersion: HasPublished, publicationFilter: PublicationFilterArg, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Document | null> {
    return ctx.cms.findOne(LOCALE_UID, documentId, { status, hasPublishedVersion, publicationFilter }, info);
  }

  i18NLocales(filters: Filters, pagination: Pagination, sort: SortArg, status: Status, hasPublishedVersion: HasPublished, publicationFilter: PublicationFilterArg, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Document[]> {
    return ctx.cms.findMany(LOCALE_UID, { filters, pagination, sort, status, hasPublishedVersion, publicationFilter }, info);
  }

  i18NLocales_connection(filters: Filters, pagination: Pagination, sort: SortArg, status: Status, hasPublishedVersion: HasPublished, publicationFilter: PublicationFilterArg, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Connection> {
    return ctx.cms.findConnection(LOCALE_UID, { filters, pagination, sort, status, hasPublishedVersion, publicationFilter }, info);
  }
}

queryResolver(I18NLocaleRootResolver, () => I18NLocale, [
  { name: 'i18NLocale', type: () => I18NLocale, nullable: true, args: [['documentId', () => GraphQLID], ...READING_ARGS] },
  { name: 'i18NLocales', type: () => [I18NLocale], nullable: 'items', args: [...LOCALE_LIST_ARGS, ...READING_ARGS] },
  { name: 'i18NLocales_connection', type: () => I18NLocaleEntityResponseCollection, nullable: true, args: [...LOCALE_LIST_ARGS, ...READING_ARGS] },
]);
