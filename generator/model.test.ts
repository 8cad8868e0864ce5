import { join } from 'node:path';
import type { SchemaMeta } from '../runtime/core/model/types';
import { loadSchemas } from './load';
import { buildModel } from './model';
import { snakeCase } from './storage-names';
import { validateSchemas } from './validate';

const modelOf = (dir: string): SchemaMeta => buildModel(validateSchemas(loadSchemas(dir)));
const blog = modelOf(join(__dirname, '..', 'fixtures', 'strapi-blog'));
const flat = modelOf(join(__dirname, '__fixtures__', 'flat-blog'));

const BUILTINS = [
  'plugin::i18n.locale',
  'plugin::upload.file',
  'plugin::upload.folder',
  'plugin::users-permissions.api-token',
  'plugin::users-permissions.permission',
  'plugin::users-permissions.role',
  'plugin::users-permissions.session',
  'plugin::users-permissions.setting',
  'plugin::users-permissions.user',
];

describe('snakeCase', () => {
  it.each([
    ['metaTitle', 'meta_title'],
    ['meta_title', 'meta_title'],
    ['title', 'title'],
    ['alternativeText', 'alternative_text'],
    ['URLPath', 'url_path'],
    ['provider_metadata', 'provider_metadata'],
    ['field2Name', 'field2_name'],
  ])('%s → %s', (name, column) => expect(snakeCase(name)).toBe(column));
});

describe('buildModel on the strapi-blog fixture', () => {
  it('holds every content type (built-ins included) and component, sorted by uid', () => {
    expect(Object.keys(blog.contentTypes)).toEqual([
      'admin::login-attempt',
      'admin::permission',
      'admin::role',
      'admin::session',
      'admin::user',
      'api::article.article',
      'api::author.author',
      'api::category.category',
      'api::homepage.homepage',
      'api::private-note.private-note',
      'api::seo-page.seo-page',
      ...BUILTINS,
    ]);
    expect(Object.keys(blog.components)).toEqual(['sections.cta', 'sections.hero', 'sections.rich-text', 'shared.meta-social', 'shared.quote', 'shared.seo']);
  });

  it('describes a content type', () => {
    const { attributes, ...article } = blog.contentTypes['api::article.article'];
    expect(article).toEqual({
      uid: 'api::article.article',
      kind: 'collectionType',
      singularName: 'article',
      pluralName: 'articles',
      displayName: 'Article',
      table: 'articles',
      draftAndPublish: true,
      localized: false,
      actionPrefix: 'api::article.article',
    });
    expect(Object.keys(attributes)).toEqual([
      'title', 'slug', 'summary', 'body', 'content', 'kind', 'contact_email', 'secret_code', 'publish_date', 'publish_time',
      'event_at', 'views', 'big_counter', 'rating', 'price', 'featured', 'metadata', 'cover', 'gallery', 'author', 'categories',
      'seo_page', 'seo', 'blocks_list', 'sections',
    ]);
    expect(blog.contentTypes['api::homepage.homepage']).toMatchObject({ kind: 'singleType', draftAndPublish: true, localized: false });
    expect(blog.contentTypes['api::category.category']).toMatchObject({ localized: true, draftAndPublish: false, table: 'categories' });
  });

  it('normalizes scalar attributes', () => {
    const a = blog.contentTypes['api::article.article'].attributes;
    expect(a.title).toEqual({ name: 'title', kind: 'scalar', type: 'string', column: 'title', unique: false, maxLength: 200, required: true, private: false, localized: true });
    expect(a.slug).toMatchObject({ type: 'uid', targetField: 'title' });
    expect(a.kind).toMatchObject({ type: 'enumeration', enum: ['news', 'tutorial', 'opinion', 'review'], default: 'news' });
    expect(a.views).toMatchObject({ type: 'integer', min: 0, default: 0 });
    expect(a.featured).toMatchObject({ type: 'boolean', default: false });
    // Passwords are private whatever the schema says.
    expect(a.secret_code).toMatchObject({ type: 'password', private: true });
    expect(blog.contentTypes['api::seo-page.seo-page'].attributes.path).toMatchObject({ unique: true, required: true });
  });

  it('names columns in snake_case and moves component attributes off the component system columns', () => {
    expect(flat.contentTypes['api::post.post'].attributes.metaTitle).toMatchObject({ column: 'meta_title' });
    expect(blog.components['shared.seo'].attributes.meta_title).toMatchObject({ column: 'meta_title' });
    expect(blog.components['shared.quote'].attributes.position).toMatchObject({ column: 'position_value' });
    // On a content type `position` is not a system column.
    expect(blog.contentTypes['api::category.category'].attributes.position).toMatchObject({ column: 'position' });
  });

  it('marks attributes of localized types not localized only when the schema says so', () => {
    const c = blog.contentTypes['api::category.category'].attributes;
    expect([c.name.localized, c.slug.localized, c.description.localized, c.position.localized, c.articles.localized]).toEqual([true, true, true, false, true]);
    expect(Object.values(blog.contentTypes['api::article.article'].attributes).every((a) => a.localized)).toBe(true);
  });

  it('normalizes both sides of two-sided relations onto one link table', () => {
    const article = blog.contentTypes['api::article.article'].attributes;
    expect(article.author).toEqual({
      name: 'author', kind: 'relation', relation: 'manyToOne', target: 'api::author.author', toMany: false,
      owner: true, inverse: 'articles', linkTable: 'articles_author_lnk', required: false, private: false, localized: true,
    });
    expect(blog.contentTypes['api::author.author'].attributes.articles).toEqual({
      name: 'articles', kind: 'relation', relation: 'oneToMany', target: 'api::article.article', toMany: true,
      owner: false, inverse: 'author', linkTable: 'articles_author_lnk', ownerType: 'api::article.article', ownerAttribute: 'author',
      required: false, private: false, localized: true,
    });
    expect(article.categories).toMatchObject({ relation: 'manyToMany', toMany: true, owner: true, inverse: 'articles', linkTable: 'articles_categories_lnk' });
    expect(blog.contentTypes['api::category.category'].attributes.articles).toMatchObject({
      relation: 'manyToMany', toMany: true, owner: false, inverse: 'categories', linkTable: 'articles_categories_lnk', ownerType: 'api::article.article', ownerAttribute: 'categories',
    });
    expect(article.seo_page).toMatchObject({ relation: 'oneToOne', toMany: false, owner: true, inverse: 'article', linkTable: 'articles_seo_page_lnk' });
    expect(blog.contentTypes['api::seo-page.seo-page'].attributes.article).toMatchObject({ owner: false, linkTable: 'articles_seo_page_lnk', ownerAttribute: 'seo_page' });
  });

  it('keeps one-sided relations as declared, owning, without an inverse', () => {
    const featured = blog.contentTypes['api::homepage.homepage'].attributes.featured_articles;
    expect(featured).toEqual({
      name: 'featured_articles', kind: 'relation', relation: 'oneToMany', target: 'api::article.article', toMany: true,
      owner: true, linkTable: 'homepages_featured_articles_lnk', required: false, private: false, localized: true,
    });
    expect(blog.components['sections.cta'].attributes.category).toMatchObject({
      relation: 'oneToOne', toMany: false, owner: true, linkTable: 'components_sections_ctas_category_lnk',
    });
    expect(flat.contentTypes['api::post.post'].attributes.writer).toMatchObject({ target: 'plugin::users-permissions.user', owner: true, linkTable: 'posts_writer_lnk' });
  });

  it('marks the two-way relations owned by a type without draft & publish and pointing at one with it', () => {
    // test/relation-kit: left-<dp> owns relations to right-<dp>, two-way (o2o, m2o, m2m) and one-way (way, ways).
    const kit = modelOf(join(__dirname, '..', 'test', 'relation-kit'));
    const marked = (uid: string) => Object.values(kit.contentTypes[uid].attributes).flatMap((a) => (a.kind === 'relation' && a.targetVersions ? [a.name] : []));
    expect(marked('api::left-off.left-off')).toEqual(['o2o_on', 'm2o_on', 'm2m_on']);
    expect(marked('api::left-on.left-on')).toEqual([]);
    expect(marked('api::right-on.right-on')).toEqual([]);
    expect(Object.values(blog.contentTypes).flatMap((ct) => Object.values(ct.attributes).filter((a) => a.kind === 'relation' && a.targetVersions))).toEqual([]);
  });

  it('normalizes media, components and dynamic zones', () => {
    const a = blog.contentTypes['api::article.article'].attributes;
    expect(a.cover).toEqual({ name: 'cover', kind: 'media', multiple: false, allowedTypes: ['images', 'files', 'videos', 'audios'], required: false, private: false, localized: true });
    expect(a.gallery).toMatchObject({ kind: 'media', multiple: true });
    expect(a.seo).toEqual({ name: 'seo', kind: 'component', component: 'shared.seo', repeatable: false, required: false, private: false, localized: true });
    expect(a.blocks_list).toMatchObject({ kind: 'component', component: 'shared.quote', repeatable: true });
    expect(a.sections).toEqual({ name: 'sections', kind: 'dynamiczone', components: ['sections.hero', 'sections.rich-text', 'sections.cta'], required: false, private: false, localized: true });
    const { attributes, ...seo } = blog.components['shared.seo'];
    expect(seo).toEqual({ uid: 'shared.seo', category: 'shared', displayName: 'Seo', table: 'components_shared_seos' });
    expect(attributes.meta_social).toMatchObject({ kind: 'component', component: 'shared.meta-social', repeatable: true });
  });

  it('derives collectionName from pluralName when a schema has none', () => {
    expect(flat.contentTypes['api::post.post'].table).toBe('posts');
    expect(flat.contentTypes['api::tag.tag'].table).toBe('blog_tags');
    expect(flat.components['shared.seo'].table).toBe('components_shared_seo');
  });
});

describe('built-in plugin types', () => {
  it('are added to every model with their tables and action prefixes', () => {
    for (const model of [blog, flat]) {
      const summary = BUILTINS.map((uid) => {
        const ct = model.contentTypes[uid];
        return [uid, ct.table, ct.singularName, ct.pluralName, ct.actionPrefix, ct.draftAndPublish, ct.localized];
      });
      expect(summary).toEqual([
        ['plugin::i18n.locale', 'i18n_locale', 'locale', 'locales', 'plugin::i18n.locales', false, false],
        ['plugin::upload.file', 'files', 'file', 'files', 'plugin::upload.content-api', false, false],
        ['plugin::upload.folder', 'upload_folders', 'folder', 'folders', 'plugin::upload.folder', false, false],
        ['plugin::users-permissions.api-token', 'strapi_api_tokens', 'api-token', 'api-tokens', 'plugin::users-permissions.api-token', false, false],
        ['plugin::users-permissions.permission', 'up_permissions', 'permission', 'permissions', 'plugin::users-permissions.permission', false, false],
        ['plugin::users-permissions.role', 'up_roles', 'role', 'roles', 'plugin::users-permissions.role', false, false],
        ['plugin::users-permissions.session', 'up_sessions', 'up-session', 'up-sessions', 'plugin::users-permissions.session', false, false],
        ['plugin::users-permissions.setting', 'up_settings', 'up-setting', 'up-settings', 'plugin::users-permissions.setting', false, false],
        ['plugin::users-permissions.user', 'up_users', 'user', 'users', 'plugin::users-permissions.user', false, false],
      ]);
    }
  });

  it('describe the upload file record', () => {
    const file = blog.contentTypes['plugin::upload.file'].attributes;
    expect(Object.values(file).map((a) => (a.kind === 'scalar' ? `${a.name}:${a.type}:${a.column}${a.required ? '!' : ''}${a.private ? ' private' : ''}` : a.name))).toEqual([
      'name:string:name', 'alternativeText:string:alternative_text', 'caption:string:caption', 'focalPoint:json:focal_point', 'width:integer:width', 'height:integer:height',
      'formats:json:formats', 'hash:string:hash!', 'ext:string:ext', 'mime:string:mime', 'size:decimal:size', 'url:string:url!',
      'previewUrl:string:preview_url', 'provider:string:provider!', 'provider_metadata:json:provider_metadata', 'folderPath:string:folder_path private', 'folder',
    ]);
    expect(file.folder).toMatchObject({ kind: 'relation', relation: 'manyToOne', target: 'plugin::upload.folder', private: true, owner: true, linkTable: 'files_folder_lnk' });
    const folder = blog.contentTypes['plugin::upload.folder'].attributes;
    expect(Object.keys(folder)).toEqual(['name', 'pathId', 'path', 'files']);
    expect(folder.files).toMatchObject({ relation: 'oneToMany', owner: false, private: true, linkTable: 'files_folder_lnk' });
  });

  it('relate users, roles and permissions on both sides', () => {
    const user = blog.contentTypes['plugin::users-permissions.user'].attributes;
    const role = blog.contentTypes['plugin::users-permissions.role'].attributes;
    const permission = blog.contentTypes['plugin::users-permissions.permission'].attributes;
    expect(Object.keys(user)).toEqual(['username', 'email', 'provider', 'password', 'resetPasswordToken', 'confirmationToken', 'confirmed', 'blocked', 'role']);
    expect(user.username).toMatchObject({ required: true, unique: true, minLength: 3 });
    expect(user.email).toMatchObject({ type: 'email', required: true, minLength: 6 });
    expect(user.password).toMatchObject({ type: 'password', private: true, minLength: 6 });
    expect([user.resetPasswordToken.private, user.confirmationToken.private]).toEqual([true, true]);
    expect(user.confirmed).toMatchObject({ type: 'boolean', default: false });
    expect(user.role).toMatchObject({ relation: 'manyToOne', target: 'plugin::users-permissions.role', owner: true, inverse: 'users', linkTable: 'up_users_role_lnk' });
    expect(role.users).toMatchObject({ relation: 'oneToMany', owner: false, linkTable: 'up_users_role_lnk', ownerType: 'plugin::users-permissions.user' });
    expect(role.permissions).toMatchObject({ relation: 'oneToMany', owner: false, linkTable: 'up_permissions_role_lnk', ownerAttribute: 'role' });
    expect(role.name).toMatchObject({ required: true, minLength: 3 });
    expect(role.type).toMatchObject({ unique: true });
    expect(permission.role).toMatchObject({ relation: 'manyToOne', owner: true, inverse: 'permissions', linkTable: 'up_permissions_role_lnk' });
    expect(blog.contentTypes['plugin::i18n.locale'].attributes.isDefault).toMatchObject({ type: 'boolean', default: false, column: 'is_default' });
  });
});

describe('determinism', () => {
  it('builds the same model, key order included, every time', () => {
    const again = modelOf(join(__dirname, '..', 'fixtures', 'strapi-blog'));
    expect(JSON.stringify(again)).toBe(JSON.stringify(blog));
  });
});
