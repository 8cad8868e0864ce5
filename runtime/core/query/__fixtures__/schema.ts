// A hand-built SchemaMeta shaped like the strapi-blog fixture (shared/fixtures/strapi-blog), plus
// a few extras the validators must refuse: a private scalar and a private relation on article,
// a private scalar in a component and on files, and a relation to a type the test caller cannot read.
import type {
  Attribute,
  ComponentAttribute,
  ComponentMeta,
  ContentTypeMeta,
  DynamicZoneAttribute,
  MediaAttribute,
  RelationAttribute,
  RelationKind,
  ScalarAttribute,
  ScalarType,
  SchemaMeta,
} from '../../model/types';

const base = { required: false, private: false, localized: true };

function scalar(name: string, type: ScalarType, extra: Partial<ScalarAttribute> = {}): ScalarAttribute {
  return { ...base, kind: 'scalar', name, type, column: name, unique: false, ...(type === 'password' ? { private: true } : {}), ...extra };
}

function relation(name: string, relationKind: RelationKind, target: string, extra: Partial<RelationAttribute> = {}): RelationAttribute {
  const toMany = relationKind === 'oneToMany' || relationKind === 'manyToMany' || relationKind === 'manyWay';
  return { ...base, kind: 'relation', name, relation: relationKind, target, toMany, owner: true, linkTable: `${name}_lnk`, ...extra };
}

function media(name: string, multiple: boolean): MediaAttribute {
  return { ...base, kind: 'media', name, multiple, allowedTypes: ['images', 'files', 'videos', 'audios'] };
}

function component(name: string, uid: string, repeatable: boolean): ComponentAttribute {
  return { ...base, kind: 'component', name, component: uid, repeatable };
}

function zone(name: string, components: string[]): DynamicZoneAttribute {
  return { ...base, kind: 'dynamiczone', name, components };
}

function attributes(list: Attribute[]): Record<string, Attribute> {
  return Object.fromEntries(list.map((a) => [a.name, a]));
}

function contentType(uid: string, singularName: string, pluralName: string, list: Attribute[], options: Partial<ContentTypeMeta> = {}): ContentTypeMeta {
  return {
    uid,
    kind: 'collectionType',
    singularName,
    pluralName,
    displayName: singularName,
    table: pluralName.replace(/-/g, '_'),
    draftAndPublish: false,
    localized: false,
    attributes: attributes(list),
    actionPrefix: uid,
    ...options,
  };
}

function componentMeta(uid: string, list: Attribute[]): ComponentMeta {
  const [category, name] = uid.split('.');
  return { uid, category, displayName: name, table: `components_${category}_${name.replace(/-/g, '_')}`, attributes: attributes(list) };
}

export const ARTICLE = 'api::article.article';
export const AUTHOR = 'api::author.author';
export const CATEGORY = 'api::category.category';
export const SEO_PAGE = 'api::seo-page.seo-page';
export const PRIVATE_NOTE = 'api::private-note.private-note';
export const FILE = 'plugin::upload.file';

export const schema: SchemaMeta = {
  contentTypes: {
    [ARTICLE]: contentType(
      ARTICLE,
      'article',
      'articles',
      [
        scalar('title', 'string', { required: true, maxLength: 200 }),
        scalar('slug', 'uid', { targetField: 'title' }),
        scalar('summary', 'text'),
        scalar('body', 'richtext'),
        scalar('content', 'blocks'),
        scalar('kind', 'enumeration', { enum: ['news', 'tutorial', 'opinion', 'review'], default: 'news' }),
        scalar('contact_email', 'email'),
        scalar('secret_code', 'password'),
        scalar('internal_notes', 'text', { private: true }),
        scalar('publish_date', 'date'),
        scalar('publish_time', 'time'),
        scalar('event_at', 'datetime'),
        scalar('stamp', 'timestamp'),
        scalar('views', 'integer', { min: 0, default: 0 }),
        scalar('big_counter', 'biginteger'),
        scalar('rating', 'float'),
        scalar('price', 'decimal'),
        scalar('featured', 'boolean', { default: false }),
        scalar('metadata', 'json'),
        media('cover', false),
        media('gallery', true),
        relation('author', 'manyToOne', AUTHOR, { inverse: 'articles' }),
        relation('categories', 'manyToMany', CATEGORY, { inverse: 'articles' }),
        relation('seo_page', 'oneToOne', SEO_PAGE, { inverse: 'article' }),
        relation('reviewer', 'manyToOne', AUTHOR, { private: true }),
        relation('notes', 'manyWay', PRIVATE_NOTE),
        component('seo', 'shared.seo', false),
        component('blocks_list', 'shared.quote', true),
        zone('sections', ['sections.hero', 'sections.rich-text', 'sections.cta']),
      ],
      { draftAndPublish: true },
    ),
    [AUTHOR]: contentType(AUTHOR, 'author', 'authors', [
      scalar('name', 'string', { required: true }),
      scalar('email', 'email'),
      scalar('bio', 'text'),
      media('avatar', false),
      relation('articles', 'oneToMany', ARTICLE, { owner: false, inverse: 'author', ownerType: ARTICLE, ownerAttribute: 'author', linkTable: 'author_lnk' }),
    ]),
    [CATEGORY]: contentType(
      CATEGORY,
      'category',
      'categories',
      [
        scalar('name', 'string', { required: true }),
        scalar('slug', 'uid', { targetField: 'name' }),
        scalar('description', 'text'),
        scalar('position', 'integer', { localized: false }),
        relation('articles', 'manyToMany', ARTICLE, { owner: false, inverse: 'categories', ownerType: ARTICLE, ownerAttribute: 'categories', linkTable: 'categories_lnk' }),
      ],
      { localized: true },
    ),
    [SEO_PAGE]: contentType(SEO_PAGE, 'seo-page', 'seo-pages', [
      scalar('path', 'string', { required: true, unique: true }),
      scalar('canonical_url', 'string'),
      scalar('noindex', 'boolean'),
      relation('article', 'oneToOne', ARTICLE, { owner: false, inverse: 'seo_page', ownerType: ARTICLE, ownerAttribute: 'seo_page', linkTable: 'seo_page_lnk' }),
    ]),
    [PRIVATE_NOTE]: contentType(PRIVATE_NOTE, 'private-note', 'private-notes', [scalar('title', 'string', { required: true }), scalar('body', 'text')]),
    [FILE]: contentType(FILE, 'file', 'files', [
      scalar('name', 'string'),
      scalar('alternativeText', 'string'),
      scalar('caption', 'string'),
      scalar('width', 'integer'),
      scalar('height', 'integer'),
      scalar('formats', 'json'),
      scalar('hash', 'string'),
      scalar('ext', 'string'),
      scalar('mime', 'string'),
      scalar('size', 'decimal'),
      scalar('url', 'string'),
      scalar('folderPath', 'string', { private: true }),
    ]),
  },
  components: {
    'shared.seo': componentMeta('shared.seo', [
      scalar('meta_title', 'string', { required: true }),
      scalar('meta_description', 'text'),
      scalar('keywords', 'string'),
      scalar('prevent_indexing', 'boolean'),
      scalar('internal_score', 'integer', { private: true }),
      media('share_image', false),
      component('meta_social', 'shared.meta-social', true),
    ]),
    'shared.meta-social': componentMeta('shared.meta-social', [
      scalar('social_network', 'enumeration', { enum: ['Facebook', 'Twitter', 'LinkedIn'] }),
      scalar('title', 'string'),
      scalar('description', 'string'),
    ]),
    'shared.quote': componentMeta('shared.quote', [scalar('title', 'string'), scalar('body', 'text'), scalar('position', 'integer')]),
    'sections.hero': componentMeta('sections.hero', [scalar('title', 'string'), scalar('subtitle', 'string'), media('image', false)]),
    'sections.rich-text': componentMeta('sections.rich-text', [scalar('body', 'richtext')]),
    'sections.cta': componentMeta('sections.cta', [scalar('label', 'string'), scalar('url', 'string'), relation('category', 'oneWay', CATEGORY)]),
  },
};

/** The test caller: may read everything but private notes. */
export const canRead = (target: { uid: string }): boolean => target.uid !== PRIVATE_NOTE;
