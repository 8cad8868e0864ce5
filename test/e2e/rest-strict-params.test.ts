// `api.rest.strictParams: true` (config/api.json), as new Strapi projects ship it: unknown top-level
// query parameters are refused on every content endpoint, known ones keep working, and GraphQL,
// which builds its own queries, is unaffected.
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { data } from '../helpers/graphql';
import { client } from '../helpers/http';

describe('strictParams', () => {
  let db: TestDb;
  let app: ConfiguredApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    app = await startConfiguredApp(db.url, {}, { api: { rest: { strictParams: true } } });
    api = client(app.url);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('refuses an unknown parameter with the key in a 400 envelope, on lists, documents and writes', async () => {
    const created = await api.post('/api/articles', { data: { title: 'strict' } });
    expect(created.status).toBe(201);
    const id = created.body.data.documentId as string;
    for (const res of [await api.get('/api/articles', 'extraParam=hello'), await api.get(`/api/articles/${id}`, 'where[id]=1'), await api.put(`/api/articles/${id}`, { data: { title: 'x' } }, 'foo=1')]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: expect.stringMatching(/^Invalid key (extraParam|where|foo)$/), details: expect.objectContaining({ source: 'query' }) } });
    }
    expect((await api.get(`/api/articles/${id}`)).body.data.title).toBe('strict');
  });

  it('accepts every parameter Strapi documents', async () => {
    const res = await api.get('/api/articles', { filters: { title: 'strict' }, sort: 'title', fields: ['title'], populate: ['author'], pagination: { page: 1 }, status: 'published', _q: 'str', publicationFilter: 'unmodified' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { title: string }) => a.title)).toEqual(['strict']);
  });

  it('leaves GraphQL alone', async () => {
    expect((await data(app.url, '{ articles(filters: { title: { eq: "strict" } }) { title } }')).articles).toEqual([{ title: 'strict' }]);
  });
});
