// The content the mock admin API serves: a blog with every attribute type the editor handles.
// Shaped like GET /admin/api/content-types and /components answer (docs/admin.md).
export interface Attr {
  type: string;
  required?: boolean;
  private?: boolean;
  unique?: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  enum?: string[];
  default?: unknown;
  multiple?: boolean;
  allowedTypes?: string[];
  relation?: string;
  target?: string;
  targetAttribute?: string;
  component?: string;
  repeatable?: boolean;
  components?: string[];
  targetField?: string;
  localized?: boolean;
}

export interface ContentType {
  uid: string;
  kind: 'collectionType' | 'singleType';
  singularName: string;
  pluralName: string;
  displayName: string;
  draftAndPublish: boolean;
  localized: boolean;
  mainField: string;
  attributes: Record<string, Attr>;
}

export interface Component {
  uid: string;
  category: string;
  displayName: string;
  attributes: Record<string, Attr>;
}

export const CONTENT_TYPES: ContentType[] = [
  {
    uid: 'api::article.article',
    kind: 'collectionType',
    singularName: 'article',
    pluralName: 'articles',
    displayName: 'Article',
    draftAndPublish: true,
    localized: true,
    mainField: 'title',
    attributes: {
      title: { type: 'string', required: true, maxLength: 80 },
      slug: { type: 'uid', targetField: 'title' },
      summary: { type: 'text', maxLength: 300 },
      body: { type: 'blocks' },
      notes: { type: 'richtext' },
      kind: { type: 'enumeration', enum: ['news', 'tutorial', 'opinion'], default: 'news' },
      views: { type: 'integer', min: 0, localized: false },
      rating: { type: 'decimal', min: 0, max: 5 },
      featured: { type: 'boolean', default: false },
      publishDate: { type: 'date' },
      publishTime: { type: 'time' },
      eventAt: { type: 'datetime' },
      extra: { type: 'json' },
      contact: { type: 'email' },
      secret: { type: 'password', private: true },
      cover: { type: 'media', multiple: false, allowedTypes: ['images'] },
      gallery: { type: 'media', multiple: true, allowedTypes: ['images', 'videos'] },
      category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category', targetAttribute: 'articles' },
      tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', targetAttribute: 'articles' },
      seo: { type: 'component', component: 'shared.seo', repeatable: false },
      links: { type: 'component', component: 'shared.link', repeatable: true },
      sections: { type: 'dynamiczone', components: ['blocks.quote', 'blocks.cta'] },
    },
  },
  {
    uid: 'api::category.category',
    kind: 'collectionType',
    singularName: 'category',
    pluralName: 'categories',
    displayName: 'Category',
    draftAndPublish: false,
    localized: false,
    mainField: 'name',
    attributes: {
      name: { type: 'string', required: true, unique: true },
      articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', targetAttribute: 'category' },
    },
  },
  {
    uid: 'api::tag.tag',
    kind: 'collectionType',
    singularName: 'tag',
    pluralName: 'tags',
    displayName: 'Tag',
    draftAndPublish: false,
    localized: false,
    mainField: 'label',
    attributes: {
      label: { type: 'string', required: true },
      articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', targetAttribute: 'tags' },
    },
  },
  {
    uid: 'api::homepage.homepage',
    kind: 'singleType',
    singularName: 'homepage',
    pluralName: 'homepages',
    displayName: 'Homepage',
    draftAndPublish: true,
    localized: false,
    mainField: 'headline',
    attributes: {
      headline: { type: 'string', required: true },
      intro: { type: 'text' },
      hero: { type: 'media', multiple: false },
    },
  },
];

export const COMPONENTS: Component[] = [
  { uid: 'shared.seo', category: 'shared', displayName: 'SEO', attributes: { metaTitle: { type: 'string', required: true, maxLength: 60 }, metaDescription: { type: 'text' } } },
  { uid: 'shared.link', category: 'shared', displayName: 'Link', attributes: { label: { type: 'string' }, url: { type: 'string' } } },
  { uid: 'blocks.quote', category: 'blocks', displayName: 'Quote', attributes: { text: { type: 'text', required: true }, author: { type: 'string' } } },
  { uid: 'blocks.cta', category: 'blocks', displayName: 'Call to action', attributes: { label: { type: 'string' }, url: { type: 'string' } } },
];
