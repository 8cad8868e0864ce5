import { componentName, connectionQueryName, dynamicZoneName, enumName, enumValueNames, findOneQueryName, findQueryName, typeName, upperCamel } from './naming';

const ct = (uid: string, singularName: string, pluralName: string) => ({ uid, singularName, pluralName });

describe('GraphQL naming (Strapi 5 plugin)', () => {
  it('camel-cases like lodash', () => {
    expect(upperCamel('seo-page')).toBe('SeoPage');
    expect(upperCamel('users-permissions')).toBe('UsersPermissions');
    expect(upperCamel('i18n')).toBe('I18N');
    expect(upperCamel('meta_social')).toBe('MetaSocial');
  });

  it('names content types, plugin types and their queries', () => {
    expect(typeName(ct('api::seo-page.seo-page', 'seo-page', 'seo-pages'))).toBe('SeoPage');
    expect(findQueryName(ct('api::private-note.private-note', 'private-note', 'private-notes'))).toBe('privateNotes');
    expect(findOneQueryName(ct('api::private-note.private-note', 'private-note', 'private-notes'))).toBe('privateNote');
    expect(typeName(ct('plugin::upload.file', 'file', 'files'))).toBe('UploadFile');
    expect(connectionQueryName(ct('plugin::upload.file', 'file', 'files'))).toBe('uploadFiles_connection');
    expect(typeName(ct('plugin::i18n.locale', 'locale', 'locales'))).toBe('I18NLocale');
    expect(findQueryName(ct('plugin::i18n.locale', 'locale', 'locales'))).toBe('i18NLocales');
    expect(typeName(ct('plugin::users-permissions.user', 'user', 'users'))).toBe('UsersPermissionsUser');
  });

  it('names components, zones and enums', () => {
    expect(componentName({ uid: 'shared.meta-social' })).toBe('ComponentSharedMetaSocial');
    expect(dynamicZoneName('Article', 'sections')).toBe('ArticleSectionsDynamicZone');
    expect(enumName('Article', 'kind')).toBe('ENUM_ARTICLE_KIND');
  });

  it('turns enumeration values into GraphQL names, or refuses', () => {
    expect(enumValueNames(['news', 'top story', '3d'])).toEqual(['news', 'top_story', '_3d']);
    expect(enumValueNames(['a b', 'a_b'])).toBeUndefined();
    expect(enumValueNames(['true'])).toBeUndefined();
    expect(enumValueNames([])).toBeUndefined();
  });
});
