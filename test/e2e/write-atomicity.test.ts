// A write whose answer cannot be produced leaves nothing behind: the document is read back for
// the response inside the write's transaction, so a failure there rolls the write back instead
// of answering 500 for data that was stored anyway.
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('write atomicity on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;
  let fileId: number;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    api = client(app.url);
    const form = new FormData();
    form.append('files', new Blob(['plain text'], { type: 'text/plain' }), 'note.txt');
    const res = await fetch(`${app.url}/api/upload`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    fileId = ((await res.json()) as { id: number }[])[0].id;
  }, 120_000);
  afterAll(() => app?.stop());

  const count = async (title: string) => Number((await app.db.query('SELECT COUNT(*) AS n FROM articles WHERE title = ?', [title]))[0].n);

  it('rolls back a create and an update whose read-back fails', async () => {
    const created = await api.post('/api/articles', { data: { title: 'atomic before', cover: fileId } });
    expect(created.status).toBe(201);
    const previous = app.engine.fileOutput;
    // A storage provider that cannot sign URLs at this moment: media reads fail.
    app.engine.fileOutput = async () => {
      throw new Error('signer unavailable');
    };
    try {
      const failedCreate = await api.post('/api/articles', { data: { title: 'atomic create', cover: fileId } }, { populate: 'cover' });
      expect(failedCreate.status).toBe(500);
      expect(failedCreate.body).toEqual({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
      const failedUpdate = await api.put(`/api/articles/${created.body.data.documentId}`, { data: { title: 'atomic update' } }, { populate: 'cover' });
      expect(failedUpdate.status).toBe(500);
    } finally {
      app.engine.fileOutput = previous;
    }
    expect(await count('atomic create')).toBe(0);
    expect(await count('atomic update')).toBe(0);
    const after = await api.get(`/api/articles/${created.body.data.documentId}`, { populate: 'cover', status: 'draft' });
    expect(after.body.data).toMatchObject({ title: 'atomic before', cover: { id: fileId } });
  }, 60_000);
});
