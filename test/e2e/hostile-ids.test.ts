// Ids no row can have (past 32 bits, or holding a NUL) find nothing on every database. PostgreSQL
// refuses to even compare them with an id column, which used to surface as a 500.
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('impossible ids on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;
  const gql = async (query: string, variables?: Record<string, unknown>) => (await api.post('/graphql', { query, variables })).body;

  const JWT_SECRET = 'hostile-ids-test-secret';

  beforeAll(async () => {
    // A known secret, so the test can sign tokens the app accepts.
    const saved = process.env.JWT_SECRET;
    process.env.JWT_SECRET = JWT_SECRET;
    try {
      app = await startFixtureApp(database);
    } finally {
      if (saved === undefined) delete process.env.JWT_SECRET;
      else process.env.JWT_SECRET = saved;
    }
    api = client(app.url);
  }, 120_000);
  afterAll(() => app?.stop());

  it.each(['/api/users/99999999999', '/api/users/99999999999999999999'])('GET %s answers as for a missing user (204, as Strapi)', async (path) => {
    expect((await api.get(path)).status).toBe(204);
  });

  it('GET a role id past 32 bits is a 404', async () => {
    const res = await api.get('/api/users-permissions/roles/99999999999');
    expect(res.status).toBe(404);
    expect(res.body.error.name).toBe('NotFoundError');
  });

  it('a query string over the 16 KB header limit gets a 431 in the error envelope', async () => {
    const res = await api.get('/api/articles', `${'filters[$not][$not]'.repeat(1500)}[title][$eq]=x`);
    expect(res.status).toBe(431);
    expect(res.body.error).toMatchObject({ status: 431, name: 'RequestHeaderFieldsTooLargeError' });
  });

  it('REST update and delete of a documentId holding a NUL are a 4xx', async () => {
    for (const res of [await api.put('/api/articles/a%00b', { data: { title: 'x' } }), await api.del('/api/articles/a%00b')]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error).toBeDefined();
    }
  });

  it('GraphQL update of a documentId holding a NUL is null (a missing document, as in Strapi), delete is STRAPI_NOT_FOUND_ERROR', async () => {
    const id = 'a\u0000b';
    const updated = await gql('mutation U($id: ID!) { updateArticle(documentId: $id, data: { title: "x" }) { documentId } }', { id });
    expect(updated.errors).toBeUndefined();
    expect(updated.data).toEqual({ updateArticle: null });
    const deleted = await gql('mutation D($id: ID!) { deleteArticle(documentId: $id) { documentId } }', { id });
    expect(deleted.errors[0].extensions.code).toBe('STRAPI_NOT_FOUND_ERROR');
    const found = await gql('query F($id: ID!) { article(documentId: $id) { documentId } }', { id });
    expect(found.errors).toBeUndefined();
    expect(found.data.article).toBeNull();
  });

  it('a JWT naming a user id past 32 bits is refused, not a 500', async () => {
    const jwt = await import('jsonwebtoken');
    const asUser = (id: number) => client(app.url, { authorization: `Bearer ${jwt.sign({ id }, JWT_SECRET)}` });
    // The same token shape for a user that simply does not exist is refused alike.
    expect((await asUser(424242).get('/api/articles')).status).toBe(401);
    const res = await asUser(99999999999).get('/api/articles');
    expect(res.status).toBe(401);
    expect(res.body.error.name).toBe('UnauthorizedError');
  });
});
