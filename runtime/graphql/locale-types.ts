// The i18n plugin's locales over GraphQL: `I18NLocale`, its filters and lists and the locale
// queries, the same in every app (the locale content type is built in and no schema extends it).
// Strapi 4's shape is in v4-types.ts. The build describes them for the printed SDL
// (generator/emitters/graphql-build.ts) and the generated resolver lists import the resolver.
import { builtinFilters, v4Types, v5Types, type BuiltinFiltersInput, type BuiltinType } from './builtin-types';

const LOCALE: BuiltinType = {
  uid: 'plugin::i18n.locale',
  name: 'I18NLocale',
  one: 'i18NLocale',
  many: 'i18NLocales',
  attributes: [
    ['name', 'String'],
    ['code', 'String'],
  ],
};

export const I18NLocaleFiltersInput = builtinFilters(LOCALE);
export type I18NLocaleFiltersInput = BuiltinFiltersInput;

const v5 = v5Types(LOCALE, I18NLocaleFiltersInput);
export const I18NLocale = v5.object;
export const I18NLocaleRelationResponseCollection = v5.relationCollection;
export const I18NLocaleEntityResponseCollection = v5.collection;
export const I18NLocaleRootResolver = v5.resolver;

/** Strapi 4's shape (v4-types.ts exports it). */
export const localeV4 = v4Types(LOCALE, I18NLocaleFiltersInput);
