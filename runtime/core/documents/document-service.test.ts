// engine.documents(uid) on the strapi-blog schema in an in-memory SQLite database: Strapi 5's
// Document Service semantics (draft by default, publish / unpublish / discardDraft, count,
// locales, paging), lifecycles inside the write transaction and events after commit.
import { ApplicationError, ForbiddenError } from '../errors';
import type { EngineEvent } from '../engine/events';
import type { Document } from '../engine/types';
import { collectionOperations } from './operations';
import { memoryApp, type MemoryApp } from '@cms-gen/users-permissions/__fixtures__/memory-app';

const ARTICLE = 'api::article.article';
const AUTHOR = 'api::author.author';
const CATEGORY = 'api::category.category';

let app: MemoryApp;
let events: EngineEvent[];
let stopListening: () => void;

beforeEach(async () => {
  app = await memoryApp();
  events = [];
  stopListening = app.engine.events.on((event) => void events.push(event));
});
afterEach(async () => {
  stopListening();
  await app.close();
});

const docs = (uid: string) => app.engine.documents(uid);
const rows = async (sql: string, params: (string | number)[] = []) => app.db.query(sql, params);
const entryEvents = () => events.map((e) => ('uid' in e ? `${e.event} ${e.model} ${String(e.entry.publishedAt === null ? 'draft' : 'published')}` : e.event));

describe('Document Service semantics', () => {
  it('creates and reads drafts by default, and publishes with status published', async () => {
    const draft = await docs(ARTICLE).create({ data: { title: 'Draft only' } });
    expect(draft).toMatchObject({ title: 'Draft only', publishedAt: null });
    expect(await docs(ARTICLE).findMany()).toHaveLength(1);
    expect(await docs(ARTICLE).findMany({ status: 'published' })).toHaveLength(0);
    expect(await docs(ARTICLE).count({ status: 'published' })).toBe(0);

    const live = await docs(ARTICLE).create({ data: { title: 'Live' }, status: 'published' });
    expect(live.publishedAt).toEqual(expect.any(String));
    expect(await docs(ARTICLE).count()).toBe(2);
    expect(await docs(ARTICLE).count({ status: 'published' })).toBe(1);
    expect(await docs(ARTICLE).count({ filters: { title: { $startsWith: 'Dra' } } })).toBe(1);
    expect(entryEvents()).toEqual(['entry.create article draft', 'entry.create article draft', 'entry.publish article published']);
  });

  it('publish copies the draft with its relations and components; discardDraft brings them back; unpublish removes the published version', async () => {
    const ada = await docs(AUTHOR).create({ data: { name: 'Ada' } });
    const bob = await docs(AUTHOR).create({ data: { name: 'Bob' } });
    const created = await docs(ARTICLE).create({ data: { title: 'v1', author: ada.documentId, seo: { meta_title: 'seo v1' } } });
    const documentId = String(created.documentId);
    const populate = { author: { fields: ['name'] }, seo: true };

    const published = await docs(ARTICLE).publish({ documentId, populate });
    expect(published.documentId).toBe(documentId);
    expect(published.entries).toEqual([expect.objectContaining({ title: 'v1', author: expect.objectContaining({ name: 'Ada' }), seo: expect.objectContaining({ meta_title: 'seo v1' }) })]);
    expect(published.entries[0].publishedAt).toEqual(expect.any(String));

    await docs(ARTICLE).update({ documentId, data: { title: 'v2', author: bob.documentId, seo: { meta_title: 'seo v2' } } });
    const live = await docs(ARTICLE).findOne({ documentId, status: 'published', populate });
    expect(live).toMatchObject({ title: 'v1', author: { name: 'Ada' }, seo: { meta_title: 'seo v1' } });

    const discarded = await docs(ARTICLE).discardDraft({ documentId });
    expect(discarded.entries).toHaveLength(1);
    expect(discarded.entries[0]).toMatchObject({ title: 'v1', publishedAt: null });
    const draft = await docs(ARTICLE).findOne({ documentId, populate });
    expect(draft).toMatchObject({ title: 'v1', author: { name: 'Ada' }, seo: { meta_title: 'seo v1' } });
    // The draft equals the published version again: not "modified".
    expect(await docs(ARTICLE).count({ publicationFilter: 'modified' })).toBe(0);

    const unpublished = await docs(ARTICLE).unpublish({ documentId });
    expect(unpublished.entries).toEqual([expect.objectContaining({ title: 'v1', publishedAt: expect.any(String) })]);
    expect(await docs(ARTICLE).findOne({ documentId, status: 'published' })).toBeNull();
    expect(await docs(ARTICLE).findOne({ documentId })).toMatchObject({ title: 'v1' });
    // Nothing left to unpublish or discard.
    expect((await docs(ARTICLE).unpublish({ documentId })).entries).toEqual([]);
    expect((await docs(ARTICLE).discardDraft({ documentId })).entries).toEqual([]);
    expect(entryEvents().filter((e) => !e.startsWith('entry.create') && !e.startsWith('entry.update'))).toEqual([
      'entry.publish article published',
      'entry.draft-discard article draft',
      'entry.unpublish article published',
    ]);
  });

  it('refuses publication actions on types without draft & publish', async () => {
    const ada = await docs(AUTHOR).create({ data: { name: 'Ada' } });
    await expect(docs(AUTHOR).publish({ documentId: String(ada.documentId) })).rejects.toThrow('does not have draft & publish');
  });

  it('addresses locales: the default one unless told, "*" for every locale where Strapi allows it', async () => {
    const en = await docs(CATEGORY).create({ data: { name: 'News' } });
    const documentId = String(en.documentId);
    await docs(CATEGORY).update({ documentId, locale: 'fr', data: { name: 'Actualités' } });
    expect(await docs(CATEGORY).count()).toBe(1);
    expect(await docs(CATEGORY).count({ locale: 'fr' })).toBe(1);
    expect(await docs(CATEGORY).count({ locale: '*' })).toBe(2);
    expect(await docs(CATEGORY).findOne({ documentId, locale: 'fr' })).toMatchObject({ name: 'Actualités', locale: 'fr' });
    await expect(docs(CATEGORY).create({ data: { name: 'x' }, locale: '*' })).rejects.toThrow('locale "*" cannot be used to write');

    const removedFr = await docs(CATEGORY).delete({ documentId, locale: 'fr' });
    expect(removedFr.entries).toEqual([expect.objectContaining({ locale: 'fr' })]);
    expect(await docs(CATEGORY).count({ locale: '*' })).toBe(1);
    await docs(CATEGORY).update({ documentId, locale: 'fr', data: { name: 'Actualités' } });
    const removedAll = await docs(CATEGORY).delete({ documentId, locale: '*' });
    expect(removedAll.entries.map((e) => e.locale).sort()).toEqual(['en', 'fr']);
    expect(await rows('SELECT id FROM categories')).toEqual([]);
  });

  it('lists every match without pagination (trusted code), and pages with start/limit or pagination', async () => {
    for (let i = 0; i < 30; i++) await docs(AUTHOR).create({ data: { name: `author ${String(i).padStart(2, '0')}` } });
    expect(await docs(AUTHOR).findMany()).toHaveLength(30);
    const page = await docs(AUTHOR).findMany({ sort: 'name:asc', start: 10, limit: 5, fields: ['name'] });
    expect(page.map((a) => a.name)).toEqual(['author 10', 'author 11', 'author 12', 'author 13', 'author 14']);
    expect(await docs(AUTHOR).findMany({ pagination: { page: 2, pageSize: 10 } })).toHaveLength(10);
    // Top-level limit -1 is "no limit" here (REST reads pagination[limit]=-1 as 1, like Strapi).
    expect(await docs(AUTHOR).findMany({ limit: -1 })).toHaveLength(30);
    expect(await docs(AUTHOR).findMany({ start: 25, limit: -1 })).toHaveLength(5);
    expect(await docs(AUTHOR).findFirst({ sort: 'name:desc' })).toMatchObject({ name: 'author 29' });
  });

  it('answers null when updating a document that does not exist, and checks permissions only when asked', async () => {
    expect(await docs(AUTHOR).update({ documentId: 'nosuchdocument0000000000', data: { name: 'x' } })).toBeNull();
    const nobody = { kind: 'public' as const, can: () => false };
    await expect(docs(AUTHOR).findMany({ auth: nobody })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(docs(AUTHOR).create({ data: { name: 'x' }, auth: nobody })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await docs(AUTHOR).count()).toBe(0);
  });

  it('addresses a single type without documentId: update creates it, findFirst reads it, publish and delete find it', async () => {
    const created = await docs('api::homepage.homepage').update({ data: { title: 'Home' } });
    expect(created).toMatchObject({ title: 'Home', publishedAt: null });
    expect(await docs('api::homepage.homepage').findFirst({ status: 'published' })).toBeNull();
    expect((await docs('api::homepage.homepage').publish({})).entries).toHaveLength(1);
    expect(await docs('api::homepage.homepage').findFirst({ status: 'published' })).toMatchObject({ title: 'Home' });
    const removed = await docs('api::homepage.homepage').delete({});
    expect(removed.entries).toHaveLength(2);
    expect(await docs('api::homepage.homepage').findFirst()).toBeNull();
  });
});

describe('middlewares and lifecycles on the Document Service', () => {
  it('runs a middleware around every action with its params', async () => {
    const seen: string[] = [];
    app.engine.hooks.use(async (ctx, next) => {
      seen.push(`${ctx.uid} ${ctx.action}`);
      if (ctx.action === 'create') ctx.params.data = { ...ctx.params.data, bio: 'set by middleware' };
      return next();
    });
    const ada = await docs(AUTHOR).create({ data: { name: 'Ada' } });
    expect(ada.bio).toBe('set by middleware');
    await docs(AUTHOR).findMany();
    await docs(AUTHOR).count();
    expect(seen).toEqual([`${AUTHOR} create`, `${AUTHOR} findMany`, `${AUTHOR} count`]);
  });

  it('stores what beforeCreate puts in data, and shares state with afterCreate', async () => {
    const after: unknown[] = [];
    app.engine.hooks.subscribe({
      models: [AUTHOR],
      beforeCreate(event) {
        event.params.data = { ...event.params.data, name: String(event.params.data?.name).toUpperCase() };
        event.state.started = true;
      },
      afterCreate(event) {
        after.push([event.action, event.documentAction, event.state.started, (event.result as Document).name]);
      },
    });
    await docs(AUTHOR).create({ data: { name: 'ada' } });
    expect((await rows('SELECT name FROM authors'))[0].name).toBe('ADA');
    expect(after).toEqual([['afterCreate', 'create', true, 'ADA']]);
  });

  it('aborts on a throwing before hook, and rolls back on a throwing after hook, emitting nothing', async () => {
    const stop = app.engine.hooks.subscribe({
      beforeCreate(event) {
        if (event.params.data?.name === 'refused') throw new ApplicationError('names may not be "refused"');
      },
      afterUpdate() {
        throw new Error('after hook failed');
      },
    });
    await expect(docs(AUTHOR).create({ data: { name: 'refused' } })).rejects.toThrow('names may not be "refused"');
    const ada = await docs(AUTHOR).create({ data: { name: 'Ada' } });
    events.length = 0;
    await expect(docs(AUTHOR).update({ documentId: String(ada.documentId), data: { name: 'Changed' } })).rejects.toThrow('after hook failed');
    expect((await rows('SELECT name FROM authors')).map((r) => r.name)).toEqual(['Ada']);
    expect(events).toEqual([]);
    stop();
  });

  it('lets a lifecycle write through the Document Service inside the same transaction', async () => {
    app.engine.hooks.subscribe({
      models: [ARTICLE],
      async afterCreate(event) {
        if ((event.result as Document).title === 'needs author') {
          await docs(AUTHOR).create({ data: { name: 'made by a lifecycle' } });
        }
        if ((event.result as Document).title === 'fails late') throw new Error('late failure');
      },
    });
    await docs(ARTICLE).create({ data: { title: 'needs author' } });
    expect(await docs(AUTHOR).count()).toBe(1);
    // A failure after the nested write rolls both back, and neither is announced.
    events.length = 0;
    app.engine.hooks.subscribe({
      models: [ARTICLE],
      async beforeCreate(event) {
        if (event.params.data?.title === 'fails late') await docs(AUTHOR).create({ data: { name: 'rolled back' } });
      },
    });
    await expect(docs(ARTICLE).create({ data: { title: 'fails late' } })).rejects.toThrow('late failure');
    expect((await rows('SELECT name FROM authors')).map((r) => r.name)).toEqual(['made by a lifecycle']);
    expect(events).toEqual([]);
  });

  it('emits entry events after commit, without private fields', async () => {
    const committed: unknown[] = [];
    app.engine.events.on(async (event) => {
      if ('uid' in event) committed.push((await rows('SELECT COUNT(*) AS n FROM articles WHERE document_id = ?', [String(event.entry.documentId)]))[0].n);
    });
    const created = await docs(ARTICLE).create({ data: { title: 'secretive', secret_code: 'hunter22' }, status: 'published' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(committed).toEqual([2, 2]);
    for (const event of events) expect('uid' in event && event.entry).not.toHaveProperty('secret_code');
    await docs(ARTICLE).delete({ documentId: String(created.documentId) });
    expect(entryEvents().slice(-2)).toEqual(['entry.delete article draft', 'entry.delete article published']);
  });

  it('fires read lifecycles: findMany, findOne (findOne and findFirst) and count', async () => {
    const seen: string[] = [];
    app.engine.hooks.subscribe({
      beforeFindMany: (e) => void seen.push(`beforeFindMany ${e.documentAction}`),
      afterFindMany: (e) => {
        seen.push(`afterFindMany ${(e.result as unknown[]).length}`);
        e.result = [];
      },
      beforeFindOne: (e) => void seen.push(`beforeFindOne ${e.documentAction}`),
      afterCount: (e) => {
        seen.push(`afterCount ${String(e.result)}`);
      },
    });
    const ada = await docs(AUTHOR).create({ data: { name: 'Ada' } });
    expect(await docs(AUTHOR).findMany()).toEqual([]);
    await docs(AUTHOR).findOne({ documentId: String(ada.documentId) });
    await docs(AUTHOR).findFirst();
    expect(await docs(AUTHOR).count()).toBe(1);
    expect(seen).toEqual(['beforeFindMany findMany', 'afterFindMany 1', 'beforeFindOne findOne', 'beforeFindOne findFirst', 'afterCount 1']);
  });

  it('maps publish, unpublish and discardDraft to the update lifecycles, naming the action', async () => {
    const seen: string[] = [];
    app.engine.hooks.subscribe({
      models: [ARTICLE],
      beforeUpdate: (e) => void seen.push(`before ${e.documentAction} ${String(e.params.where?.documentId === documentId)}`),
      afterUpdate: (e) => void seen.push(`after ${e.documentAction} ${String((e.result as Document).publishedAt === null ? 'draft' : 'published')}`),
    });
    const documentId = String((await docs(ARTICLE).create({ data: { title: 'cycle' } })).documentId);
    await docs(ARTICLE).publish({ documentId });
    await docs(ARTICLE).discardDraft({ documentId });
    await docs(ARTICLE).unpublish({ documentId });
    expect(seen).toEqual(['before publish true', 'after publish published', 'before discardDraft true', 'after discardDraft draft', 'before unpublish true', 'after unpublish published']);
  });

  it('refuses an update of a missing document as not found before its data, with and without a beforeUpdate hook', async () => {
    const update = (documentId: string) => docs(ARTICLE).update({ documentId, data: { title: 123 } });
    const existing = String((await docs(ARTICLE).create({ data: { title: 'kept' } })).documentId);
    const outcome = async (documentId: string) => (await update(documentId).then(() => 'written', (err: Error) => err.name));
    expect([await outcome('nodocumenthasthisid00000'), await outcome(existing)]).toEqual(['NotFoundError', 'ValidationError']);
    app.engine.hooks.subscribe({ models: [ARTICLE], beforeUpdate: () => undefined });
    expect([await outcome('nodocumenthasthisid00000'), await outcome(existing)]).toEqual(['NotFoundError', 'ValidationError']);
  });

  it('runs REST calls through the same middlewares: a changed filter narrows the list, a short answer keeps a page meta', async () => {
    const rest = collectionOperations(app.engine, AUTHOR);
    const caller = { kind: 'public' as const, can: () => true };
    await docs(AUTHOR).create({ data: { name: 'Ada' } });
    await docs(AUTHOR).create({ data: { name: 'Bob' } });
    const stop = app.engine.hooks.use(async (ctx, next) => {
      if (ctx.action === 'findMany' && ctx.params.auth) ctx.params = { ...ctx.params, filters: { name: 'Bob' } };
      return next();
    });
    const narrowed = await rest.find({}, caller);
    expect(narrowed.results.map((a) => a.name)).toEqual(['Bob']);
    expect(narrowed.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 1 });
    stop();
    app.engine.hooks.use(async (ctx, next) => (ctx.action === 'findMany' ? [{ id: 0, documentId: 'cached', name: 'From cache' }] : next()));
    expect(await rest.find({}, caller)).toEqual({ results: [{ id: 0, documentId: 'cached', name: 'From cache' }], pagination: { page: 1, pageSize: 1, pageCount: 1, total: 1 } });
  });
});
