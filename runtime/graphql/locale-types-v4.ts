// The i18n plugin's locales over GraphQL, Strapi 4's shape (`v4CompatibilityMode`): entity
// wrappers and the `i18NLocale(id)` and `i18NLocales` queries. Their names are Strapi 5's
// (locale-types.ts), so the package exports them as the `v4` namespace; the filters input is
// the same in both shapes.
import { GraphQLID, type GraphQLResolveInfo } from 'graphql';
import { ResponseCollectionMeta, type PaginationArg } from './common-types';
import type { GraphqlContext } from './context';
import { graphqlClass, queryResolver } from './graphql-class';
import { LOCALE_FIELDS, LOCALE_LIST_ARGS, LOCALE_UID, type I18NLocaleFiltersInput } from './locale-types';
import type { EntityCollection, EntityResponse } from './results';

export const I18NLocale = graphqlClass<I18NLocale>('object', 'I18NLocale', () => LOCALE_FIELDS);
export interface I18NLocale {
  name?: string | null;
  code?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  publishedAt?: string | null;
}

export const I18NLocaleEntity = graphqlClass<I18NLocaleEntity>('object', 'I18NLocaleEntity', () => [
  ['id', () => GraphQLID, true],
  ['attributes', () => I18NLocale, true],
]);
export interface I18NLocaleEntity {
  id?: string | null;
  attributes?: I18NLocale | null;
}

export const I18NLocaleEntityResponse = graphqlClass<I18NLocaleEntityResponse>('object', 'I18NLocaleEntityResponse', () => [['data', () => I18NLocaleEntity, true]]);
export interface I18NLocaleEntityResponse {
  data?: I18NLocaleEntity | null;
}

export const I18NLocaleEntityResponseCollection = graphqlClass<I18NLocaleEntityResponseCollection>('object', 'I18NLocaleEntityResponseCollection', () => [
  ['data', () => [I18NLocaleEntity]],
  ['meta', () => ResponseCollectionMeta],
]);
export interface I18NLocaleEntityResponseCollection {
  data: I18NLocaleEntity[];
  meta: ResponseCollectionMeta;
}

/** A to-many relation to locales (in a schema when a content type has one). */
export const I18NLocaleRelationResponseCollection = graphqlClass<I18NLocaleRelationResponseCollection>('object', 'I18NLocaleRelationResponseCollection', () => [['data', () => [I18NLocaleEntity]]]);
export interface I18NLocaleRelationResponseCollection {
  data: I18NLocaleEntity[];
}

/** The locale queries, over the Document Service as every content type's. */
export class I18NLocaleRootResolver {
  i18NLocale(id: string | null | undefined, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<EntityResponse> {
    return ctx.cms.v4FindOne(LOCALE_UID, id, {}, info);
  }

  i18NLocales(
    filters: I18NLocaleFiltersInput | null | undefined,
    pagination: PaginationArg | null | undefined,
    sort: (string | null)[] | null | undefined,
    ctx: GraphqlContext,
    info: GraphQLResolveInfo,
  ): Promise<EntityCollection> {
    return ctx.cms.findEntities(LOCALE_UID, { filters, pagination, sort }, info);
  }
}

queryResolver(I18NLocaleRootResolver, () => I18NLocale, [
  { name: 'i18NLocale', type: () => I18NLocaleEntityResponse, nullable: true, args: [['id', () => GraphQLID, true]] },
  { name: 'i18NLocales', type: () => I18NLocaleEntityResponseCollection, nullable: true, args: LOCALE_LIST_ARGS },
]);
