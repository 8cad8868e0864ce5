// One operation layer: a Document Service middleware and a lifecycle registered on the engine
// fire for a REST request, a GraphQL query and mutation, and a direct engine.documents() call;
// a before* hook can change what is stored or abort the write (leaving nothing), and events are
// emitted only for writes that committed.
import { ApplicationError } from '@cms-gen/runtime';
import type { DocumentMiddlewareContext, EngineEvent, LifecycleEvent } from '@cms-gen/runtime';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { gql } from '../helpers/graphql';
import { client } from '../helpers/http';

const AUTHOR = 'api::author.author';

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('Document Service hooks on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;
  let calls: string[];
  let events: { event: string; name: unknown; storedWhenEmitted: boolean }[];

  const names = async () => (await app.db.query('SELECT name FROM authors ORDER BY id')).map((r) => String(r.name));

  beforeAll(async () => {
    app = await startFixtureApp(database);
    api = client(app.url);
    app.engine.hooks.use(async (ctx: DocumentMiddlewareContext, next) => {
      if (ctx.uid === AUTHOR) calls.push(`middleware ${ctx.action}${ctx.params.auth ? ' (caller)' : ''}${ctx.params.status ? ` ${String(ctx.params.status)}` : ''}`);
      return next();
    });
    app.engine.hooks.subscribe({
      models: [AUTHOR],
      beforeCreate(event: LifecycleEvent) {
        calls.push('beforeCreate');
        const name = String(event.params.data?.name);
        if (name === 'refused') throw new ApplicationError('This name is refused by a lifecycle', { name });
        if (name === 'crash') throw new Error('lifecycle bug');
        // What the hook puts in `data` is what gets stored.
        event.params.data = { ...event.params.data, bio: `bio of ${name}` };
      },
      afterCreate(event: LifecycleEvent) {
        calls.push('afterCreate');
        if (String((event.result as { name?: unknown }).name) === 'late failure') throw new Error('afterCreate failed');
      },
      beforeFindMany: () => void calls.push('beforeFindMany'),
      beforeFindOne: () => void calls.push('beforeFindOne'),
    });
    app.engine.events.on(async (event: EngineEvent) => {
      if (!('uid' in event) || event.uid !== AUTHOR) return;
      // Emitted after commit: a plain read (another connection on PostgreSQL/MariaDB) already sees the row.
      const stored = await app.db.query('SELECT 1 AS hit FROM authors WHERE document_id = ?', [String(event.entry.documentId)]);
      events.push({ event: event.event, name: event.entry.name, storedWhenEmitted: stored.length === 1 });
    });
  }, 120_000);
  afterAll(() => app?.stop());
  beforeEach(() => {
    calls = [];
    events = [];
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('fires the middleware and the lifecycle for a REST create and list, storing what beforeCreate set', async () => {
    const res = await api.post('/api/authors', { data: { name: 'Rest Author' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Rest Author', bio: 'bio of Rest Author' });
    expect((await api.get('/api/authors')).status).toBe(200);
    // REST's status default is explicit in the params middlewares see.
    expect(calls).toEqual(['middleware create (caller) published', 'beforeCreate', 'afterCreate', 'middleware findMany (caller) published', 'beforeFindMany']);
    const row = await app.db.query('SELECT bio FROM authors WHERE document_id = ?', [res.body.data.documentId]);
    expect(row[0].bio).toBe('bio of Rest Author');
    await settle();
    expect(events).toEqual([{ event: 'entry.create', name: 'Rest Author', storedWhenEmitted: true }]);
  });

  it('fires them for a GraphQL mutation and query', async () => {
    const created = await gql(app.url, 'mutation { createAuthor(data: { name: "Graph Author" }) { documentId name bio } }');
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createAuthor).toMatchObject({ name: 'Graph Author', bio: 'bio of Graph Author' });
    const read = await gql(app.url, 'query($id: ID!) { author(documentId: $id) { name } }', { id: created.body.data.createAuthor.documentId });
    expect(read.body.data.author).toEqual({ name: 'Graph Author' });
    expect(calls).toEqual(['middleware create (caller) published', 'beforeCreate', 'afterCreate', 'middleware findOne (caller) published', 'beforeFindOne']);
    await settle();
    expect(events).toEqual([{ event: 'entry.create', name: 'Graph Author', storedWhenEmitted: true }]);
  });

  it('fires them for a direct engine.documents() call (trusted: no caller)', async () => {
    const doc = await app.engine.documents(AUTHOR).create({ data: { name: 'Service Author' } });
    expect(doc.bio).toBe('bio of Service Author');
    expect(await app.engine.documents(AUTHOR).findFirst({ filters: { name: 'Service Author' } })).toMatchObject({ name: 'Service Author' });
    expect(calls).toEqual(['middleware create', 'beforeCreate', 'afterCreate', 'middleware findFirst', 'beforeFindOne']);
    await settle();
    expect(events).toEqual([{ event: 'entry.create', name: 'Service Author', storedWhenEmitted: true }]);
  });

  it('aborts a write when a before hook throws: its error envelope for an ApplicationError, 500 otherwise, no data, no event', async () => {
    const before = await names();
    const refused = await api.post('/api/authors', { data: { name: 'refused' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ data: null, error: { status: 400, name: 'ApplicationError', message: 'This name is refused by a lifecycle', details: { name: 'refused' } } });
    const crashed = await api.post('/api/authors', { data: { name: 'crash' } });
    expect(crashed.status).toBe(500);
    expect(crashed.body.error).toMatchObject({ status: 500, name: 'InternalServerError' });
    const viaGraphql = await gql(app.url, 'mutation { createAuthor(data: { name: "refused" }) { documentId } }');
    expect(viaGraphql.body.errors[0].message).toBe('This name is refused by a lifecycle');
    await expect(app.engine.documents(AUTHOR).create({ data: { name: 'refused' } })).rejects.toThrow('This name is refused by a lifecycle');
    expect(await names()).toEqual(before);
    await settle();
    expect(events).toEqual([]);
  });

  it('rolls back a write whose after hook throws, and announces nothing', async () => {
    const before = await names();
    const res = await api.post('/api/authors', { data: { name: 'late failure' } });
    expect(res.status).toBe(500);
    expect(await names()).toEqual(before);
    await settle();
    expect(events).toEqual([]);
  });

  it('announces uploads, file info updates and deletions as media events', async () => {
    const media: { event: string; name: unknown }[] = [];
    const stop = app.engine.events.on((event: EngineEvent) => {
      if ('media' in event) media.push({ event: event.event, name: event.media.name });
    });
    try {
      const form = new FormData();
      form.append('files', new Blob(['hello'], { type: 'text/plain' }), 'hooks.txt');
      const uploaded = await fetch(`${app.url}/api/upload`, { method: 'POST', body: form });
      expect(uploaded.status).toBe(201);
      const [file] = (await uploaded.json()) as { id: number }[];
      expect((await api.post(`/api/upload?id=${file.id}`, { fileInfo: { name: 'renamed.txt' } })).status).toBe(200);
      expect((await api.del(`/api/upload/files/${file.id}`)).status).toBe(200);
      expect(media).toEqual([
        { event: 'media.create', name: 'hooks.txt' },
        { event: 'media.update', name: 'renamed.txt' },
        { event: 'media.delete', name: 'renamed.txt' },
      ]);
    } finally {
      stop();
    }
  });
});
