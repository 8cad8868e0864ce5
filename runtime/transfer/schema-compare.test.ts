// The archive's schemas against the app's: each difference named, what may be written per type.
import type { SchemaMeta, SchemaRecord } from './runtime-deps';
import { compareSchemas } from './schema-compare';

const app: SchemaMeta = {
  contentTypes: {
    'api::post.post': {
      uid: 'api::post.post',
      kind: 'collectionType',
      singularName: 'post',
      pluralName: 'posts',
      displayName: 'Post',
      table: 'posts',
      draftAndPublish: true,
      localized: false,
      actionPrefix: 'api::post.post',
      attributes: {
        title: { name: 'title', kind: 'scalar', type: 'string', column: 'title', unique: false, required: false, private: false, localized: true },
        body: { name: 'body', kind: 'scalar', type: 'text', column: 'body', unique: false, required: false, private: false, localized: true },
        likes: { name: 'likes', kind: 'scalar', type: 'integer', column: 'likes', unique: false, required: false, private: false, localized: true },
        seo: { name: 'seo', kind: 'component', component: 'shared.seo', repeatable: false, required: false, private: false, localized: true },
      },
    },
  },
  components: {
    'shared.seo': {
      uid: 'shared.seo',
      category: 'shared',
      displayName: 'Seo',
      table: 'components_shared_seos',
      attributes: { metaTitle: { name: 'metaTitle', kind: 'scalar', type: 'string', column: 'meta_title', unique: false, required: false, private: false, localized: true } },
    },
  },
};

const post = (attributes: SchemaRecord['attributes'], options = { draftAndPublish: true }): SchemaRecord => ({
  uid: 'api::post.post',
  modelType: 'contentType',
  modelName: 'post',
  globalId: 'Post',
  kind: 'collectionType',
  info: {},
  options,
  attributes: { ...attributes, createdAt: { type: 'datetime' }, publishedAt: { type: 'datetime' }, createdBy: { type: 'relation', relation: 'oneToOne', target: 'admin::user' } },
});
const seo: SchemaRecord = { uid: 'shared.seo', modelType: 'component', modelName: 'seo', globalId: 'ComponentSharedSeo', info: {}, attributes: { metaTitle: { type: 'string' } } };

describe('compareSchemas', () => {
  it('finds nothing to say about the same schemas, and ignores Strapi-added and admin attributes and types', () => {
    const adminUser: SchemaRecord = { uid: 'admin::user', modelType: 'contentType', modelName: 'user', globalId: 'AdminUser', info: {}, attributes: {} };
    const result = compareSchemas([post({ title: { type: 'string' }, body: { type: 'text' }, likes: { type: 'integer' }, seo: { type: 'component', component: 'shared.seo' } }), seo, adminUser], app);
    expect(result.mismatches).toEqual([]);
    expect(result.ignored).toEqual(['admin::user']);
    expect([...result.importable.get('api::post.post')!].sort()).toEqual(['body', 'likes', 'seo', 'title']);
  });

  it('names attributes and types on one side only, changed types, and draft & publish', () => {
    const result = compareSchemas(
      [post({ title: { type: 'richtext' }, likes: { type: 'string' }, extra: { type: 'json' }, seo: { type: 'component', component: 'shared.seo', repeatable: true } }, { draftAndPublish: false }), { ...seo, uid: 'shared.other' }],
      app,
    );
    expect(result.mismatches).toEqual([
      { path: 'api::post.post', problem: 'api::post.post has draft & publish off in the archive, on in the app' },
      { path: 'api::post.post.title', problem: 'attribute title is richtext in the archive, string in the app (the values fit: imported)' },
      { path: 'api::post.post.likes', problem: 'attribute likes is string in the archive, integer in the app' },
      { path: 'api::post.post.extra', problem: 'attribute extra (json) is not in the app' },
      { path: 'api::post.post.seo', problem: 'attribute seo is component shared.seo (repeatable) in the archive, component shared.seo in the app' },
      { path: 'api::post.post.body', problem: 'attribute body (text) is not in the archive (it stays empty)' },
      { path: 'shared.other', problem: 'component shared.other is not in the app' },
      { path: 'shared.seo', problem: 'component shared.seo is not in the archive' },
    ]);
    expect([...result.importable.get('api::post.post')!]).toEqual(['title']);
  });
});
