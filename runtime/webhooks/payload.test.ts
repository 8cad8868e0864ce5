// The webhook body: Strapi's payload shape for entry and media events, serialized once, and no
// attribute the schema marks private at any depth (relations, media, components, dynamic zones).
import type { Attribute, SchemaMeta } from '@cms-gen/core/model/types';
import { schema as blogSchema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { sendsWebhooks, webhookBody } from './payload';

const base = { required: false, localized: false };
const scalar = (name: string, isPrivate = false, type: 'string' | 'password' | 'json' = 'string'): Attribute => ({ ...base, name, kind: 'scalar', type, column: name, unique: false, private: isPrivate });

/** A small schema: a page with a private field, an owner relation, a component, a dynamic zone and media. */
const schema: SchemaMeta = {
  contentTypes: {
    'api::page.page': {
      uid: 'api::page.page', kind: 'collectionType', singularName: 'page', pluralName: 'pages', displayName: 'Page', table: 'pages', draftAndPublish: true, localized: true, actionPrefix: 'api::page.page',
      attributes: {
        title: scalar('title'),
        internal: scalar('internal', true),
        data: scalar('data', false, 'json'),
        owner: { ...base, name: 'owner', kind: 'relation', relation: 'manyToOne', target: 'api::person.person', toMany: false, owner: true, linkTable: 'pages_owner_lnk', private: false },
        hidden: { ...base, name: 'hidden', kind: 'relation', relation: 'oneWay', target: 'api::person.person', toMany: false, owner: true, linkTable: 'pages_hidden_lnk', private: true },
        seo: { ...base, name: 'seo', kind: 'component', component: 'shared.seo', repeatable: false, private: false },
        blocks: { ...base, name: 'blocks', kind: 'dynamiczone', components: ['shared.seo'], private: false },
        cover: { ...base, name: 'cover', kind: 'media', multiple: false, allowedTypes: ['images'], private: false },
      },
    },
    'api::person.person': {
      uid: 'api::person.person', kind: 'collectionType', singularName: 'person', pluralName: 'people', displayName: 'Person', table: 'people', draftAndPublish: false, localized: false, actionPrefix: 'api::person.person',
      // `pin` is a password attribute the schema forgot to mark private: it is dropped all the same.
      attributes: { name: scalar('name'), password: scalar('password', true, 'password'), pin: scalar('pin', false, 'password') },
    },
    'plugin::upload.file': {
      uid: 'plugin::upload.file', kind: 'collectionType', singularName: 'file', pluralName: 'files', displayName: 'File', table: 'files', draftAndPublish: false, localized: false, actionPrefix: 'plugin::upload.file',
      attributes: { url: scalar('url'), folderPath: scalar('folderPath', true) },
    },
  },
  components: {
    'shared.seo': { uid: 'shared.seo', category: 'shared', displayName: 'Seo', table: 'components_shared_seos', attributes: { metaTitle: scalar('metaTitle'), token: scalar('token', true) } },
  },
};

const AT = new Date('2026-11-24T10:00:00.000Z');

describe('webhookBody', () => {
  it("sends an entry event in Strapi's shape: event, createdAt, model, uid, entry", () => {
    const entry = { id: 3, documentId: 'abc', title: 'Hello', createdAt: '2026-11-24T09:59:00.000Z' };
    const body = webhookBody({ event: 'entry.create', uid: 'api::page.page', model: 'page', entry }, schema, AT);
    expect(Object.keys(JSON.parse(body))).toEqual(['event', 'createdAt', 'model', 'uid', 'entry']);
    expect(JSON.parse(body)).toEqual({ event: 'entry.create', createdAt: '2026-11-24T10:00:00.000Z', model: 'page', uid: 'api::page.page', entry });
  });

  it("sends a media event as { event, createdAt, media }", () => {
    const body = JSON.parse(webhookBody({ event: 'media.delete', media: { id: 1, url: '/uploads/a.png', folderPath: '/1' } }, schema, AT));
    expect(body).toEqual({ event: 'media.delete', createdAt: '2026-11-24T10:00:00.000Z', media: { id: 1, url: '/uploads/a.png' } });
  });

  it('drops private attributes at every depth and keeps json values as they are', () => {
    const entry = {
      id: 1,
      title: 'T',
      internal: 'secret',
      data: { internal: 'mine', password: 'also mine' },
      owner: { id: 2, name: 'Ann', password: '$2b$10$hash', pin: '1234' },
      hidden: { id: 3, name: 'Bob' },
      seo: { id: 4, metaTitle: 'M', token: 't0k' },
      blocks: [{ __component: 'shared.seo', id: 5, metaTitle: 'B', token: 't1k' }],
      cover: { id: 6, url: '/uploads/c.png', folderPath: '/1' },
      localizations: [{ id: 7, title: 'T fr', internal: 'secret fr' }],
    };
    const sent = JSON.parse(webhookBody({ event: 'entry.update', uid: 'api::page.page', model: 'page', entry }, schema, AT)).entry;
    expect(sent).toEqual({
      id: 1,
      title: 'T',
      data: { internal: 'mine', password: 'also mine' },
      owner: { id: 2, name: 'Ann' },
      seo: { id: 4, metaTitle: 'M' },
      blocks: [{ __component: 'shared.seo', id: 5, metaTitle: 'B' }],
      cover: { id: 6, url: '/uploads/c.png' },
      localizations: [{ id: 7, title: 'T fr' }],
    });
    // The emitter's object is left alone.
    expect(entry.owner.password).toBe('$2b$10$hash');
  });

  it("drops the fixture's private article field and the private folderPath of populated media", () => {
    const article = JSON.parse(webhookBody({ event: 'entry.create', uid: 'api::article.article', model: 'article', entry: { id: 1, title: 'A', secret_code: 'x' } }, blogSchema, AT)).entry;
    expect(article).toEqual({ id: 1, title: 'A' });
    const author = { id: 1, name: 'Ann', avatar: { id: 9, url: '/u.png', folderPath: '/1' } };
    expect(JSON.parse(webhookBody({ event: 'entry.update', uid: 'api::author.author', model: 'author', entry: author }, blogSchema, AT)).entry).toEqual({ id: 1, name: 'Ann', avatar: { id: 9, url: '/u.png' } });
  });

  it('sends big integers as strings', () => {
    expect(JSON.parse(webhookBody({ event: 'entry.create', uid: 'api::page.page', model: 'page', entry: { id: 1, views: 12345678901234567890n } }, schema, AT)).entry.views).toBe('12345678901234567890');
  });

  it('stops walking at an absurd depth instead of recursing without end', () => {
    let deep: Record<string, unknown> = { id: 0 };
    for (let i = 1; i < 100; i++) deep = { id: i, name: 'n', localizations: [deep] };
    let level = JSON.parse(webhookBody({ event: 'entry.create', uid: 'api::person.person', model: 'person', entry: deep }, schema, AT)).entry;
    let depth = 0;
    while (level?.localizations) [level, depth] = [level.localizations[0], depth + 1];
    // 32 levels are walked; the 33rd is replaced by null.
    expect([level, depth]).toEqual([null, 33]);
  });
});

describe('sendsWebhooks', () => {
  it('leaves users & permissions types out, as Strapi does for users', () => {
    expect(sendsWebhooks({ event: 'entry.create', uid: 'plugin::users-permissions.user', model: 'user', entry: {} })).toBe(false);
    expect(sendsWebhooks({ event: 'entry.create', uid: 'api::page.page', model: 'page', entry: {} })).toBe(true);
    expect(sendsWebhooks({ event: 'media.create', media: {} })).toBe(true);
  });
});
