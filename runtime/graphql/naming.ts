// GraphQL names of everything derived from a content type or component, as Strapi 5's GraphQL
// plugin spells them. The generator names the emitted types with these functions and the runtime
// uses the same ones to find them again (extension service, auth defaults), so both always agree.
import type { ComponentMeta, ContentTypeMeta } from '@cms-gen/core/model/types';

/** lodash `words` for the names Strapi feeds it: `i18n` → i,18,n; `seoPage` → seo,Page; `seo-page` → seo,page. */
function words(name: string): string[] {
  return name
    .split(/[^A-Za-z0-9]+/)
    .flatMap((part) => part.split(/(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/))
    .filter(Boolean);
}

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** lodash `upperFirst(camelCase(name))`: `users-permissions` → `UsersPermissions`, `i18n` → `I18N`. */
export function upperCamel(name: string): string {
  return words(name).map(capitalize).join('');
}

const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

/** `plugin::users-permissions.user` → `users-permissions`; api types have no plugin prefix. */
function pluginOf(uid: string): string {
  const match = /^plugin::([^.]+)\./.exec(uid);
  return match ? match[1] : '';
}

type Named = Pick<ContentTypeMeta, 'uid' | 'singularName' | 'pluralName'>;

/** `Article`, `UploadFile`, `UsersPermissionsUser`, `I18NLocale`. */
export function typeName(ct: Named): string {
  return `${upperCamel(pluginOf(ct.uid))}${upperCamel(ct.singularName)}`;
}

function pluralTypeName(ct: Named): string {
  return `${upperCamel(pluginOf(ct.uid))}${upperCamel(ct.pluralName)}`;
}

/** `shared.meta-social` → `ComponentSharedMetaSocial`. */
export function componentName(component: Pick<ComponentMeta, 'uid'>): string {
  const [category, name] = component.uid.split('.');
  return `Component${upperCamel(category)}${upperCamel(name ?? '')}`;
}

export const findOneQueryName = (ct: Named): string => lowerFirst(typeName(ct));
export const findQueryName = (ct: Named): string => lowerFirst(pluralTypeName(ct));
export const connectionQueryName = (ct: Named): string => `${findQueryName(ct)}_connection`;
export const createMutationName = (ct: Named): string => `create${typeName(ct)}`;
export const updateMutationName = (ct: Named): string => `update${typeName(ct)}`;
export const deleteMutationName = (ct: Named): string => `delete${typeName(ct)}`;

export const inputName = (base: string): string => `${base}Input`;
export const filtersInputName = (base: string): string => `${base}FiltersInput`;
export const entityName = (ct: Named): string => `${typeName(ct)}Entity`;
export const entityResponseName = (ct: Named): string => `${typeName(ct)}EntityResponse`;
export const entityResponseCollectionName = (ct: Named): string => `${typeName(ct)}EntityResponseCollection`;
export const relationResponseCollectionName = (ct: Named): string => `${typeName(ct)}RelationResponseCollection`;

/** Strapi's union of every type a morph relation's entry may be (`morphToMany` → `[GenericMorph]`). */
export const GENERIC_MORPH = 'GenericMorph';

/** `ArticleSectionsDynamicZone` (its write form: `ArticleSectionsDynamicZoneInput`). */
export function dynamicZoneName(ownerTypeName: string, attribute: string): string {
  return `${ownerTypeName}${upperCamel(attribute)}DynamicZone`;
}

/** `ENUM_ARTICLE_KIND` (Strapi: type name and attribute name upper-cased). */
export function enumName(ownerTypeName: string, attribute: string): string {
  return `ENUM_${ownerTypeName.toUpperCase()}_${attribute.toUpperCase()}`;
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * GraphQL names for enumeration values, or undefined when they cannot all be represented (the
 * attribute is then typed String). Like Strapi, characters a GraphQL name cannot hold become `_`.
 */
export function enumValueNames(values: readonly string[]): string[] | undefined {
  const names = values.map((value) => {
    const replaced = value.replace(/[^_0-9A-Za-z]/g, '_');
    return /^[0-9]/.test(replaced) ? `_${replaced}` : replaced;
  });
  const reserved = new Set(['true', 'false', 'null']);
  if (names.length === 0 || names.some((n) => !GRAPHQL_NAME.test(n) || reserved.has(n)) || new Set(names).size !== names.length) return undefined;
  return names;
}
