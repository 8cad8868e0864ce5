// Integrity under concurrency: requests that race for the same unique value, the first write of a
// single type, one username, a document being deleted while others link to it, and one password
// reset code. Each case fires its requests at once over HTTP, then checks the database with SQL:
// what the API promises must hold in the rows, and every answer must be a success or a clean 400
// in Strapi's envelope (never a 500).
import { randomBytes } from 'node:crypto';
import type { Db, SqlValue } from '../../runtime/db/types';
import { expiringCode, sha256 } from '../../runtime/users-permissions/secrets';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import type { TestDatabase } from '../helpers/fixture-app';
import { client, type JsonResponse } from '../helpers/http';

const uniq = () => randomBytes(4).toString('hex');

/** A success, or a 400 in the error envelope; anything else fails the test with the answer shown. */
function expectCleanAnswers(responses: JsonResponse[]): { ok: JsonResponse[]; refused: JsonResponse[] } {
  const ok: JsonResponse[] = [];
  const refused: JsonResponse[] = [];
  for (const res of responses) {
    if (res.status >= 200 && res.status < 300) {
      ok.push(res);
      continue;
    }
    expect({ status: res.status, body: res.body }).toMatchObject({
      status: 400,
      body: { data: null, error: { status: 400, name: expect.stringMatching(/^(ValidationError|ApplicationError)$/), message: expect.any(String), details: expect.any(Object) } },
    });
    refused.push(res);
  }
  return { ok, refused };
}

async function count(db: Db, sql: string, params: SqlValue[] = []): Promise<number> {
  const rows = await db.query(sql, params);
  return Number(rows[0].n);
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('concurrent writes keep the data consistent on %s', (database) => {
  let testDb: TestDb;
  let app: ConfiguredApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    testDb = await createTestDatabase(database);
    app = await startConfiguredApp(testDb.url, { 'users-permissions': { config: { jwtSecret: 'concurrency-secret', bcryptRounds: 4, ratelimit: { enabled: false } } } });
    api = client(app.url);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await testDb?.drop();
  });

  it('40 creates with one unique value store one document; the others get "This attribute must be unique"', async () => {
    const path = `/same-${uniq()}`;
    const responses = await Promise.all(Array.from({ length: 40 }, () => api.post('/api/seo-pages', { data: { path } })));
    const { ok, refused } = expectCleanAnswers(responses);
    expect(ok.length).toBe(1);
    for (const res of refused) {
      expect(res.body.error).toMatchObject({ name: 'ValidationError', message: 'This attribute must be unique', details: { errors: [{ path: ['path'], message: 'This attribute must be unique', name: 'ValidationError', value: path }] } });
    }
    expect(await count(app.db, 'SELECT COUNT(*) AS n FROM seo_pages WHERE path = ?', [path])).toBe(1);
  }, 30_000);

  it('a draft & publish uid is unique per publication state: one draft and one published row', async () => {
    const slug = `slug-${uniq()}`;
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => api.post('/api/articles', { data: { title: `t${i}`, slug } })));
    const { ok } = expectCleanAnswers(responses);
    expect(ok.length).toBe(1);
    expect(await count(app.db, 'SELECT COUNT(*) AS n FROM articles WHERE slug = ? AND published_at IS NULL', [slug])).toBe(1);
    expect(await count(app.db, 'SELECT COUNT(*) AS n FROM articles WHERE slug = ? AND published_at IS NOT NULL', [slug])).toBe(1);
    // The draft and its published version share the value; a second document may not.
    const again = await api.post('/api/articles', { data: { title: 'late', slug } });
    expect([again.status, again.body?.error?.message]).toEqual([400, 'This attribute must be unique']);
  }, 30_000);

  it('30 first writes of a single type make one document', async () => {
    await api.del('/api/homepage');
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => api.put('/api/homepage', { data: { title: `home ${i}` } })));
    const { ok } = expectCleanAnswers(responses);
    expect(ok.length).toBeGreaterThan(0);
    expect(await count(app.db, 'SELECT COUNT(DISTINCT document_id) AS n FROM homepages')).toBe(1);
    expect(await count(app.db, 'SELECT COUNT(*) AS n FROM homepages WHERE published_at IS NULL')).toBe(1);
    expect(await count(app.db, 'SELECT COUNT(*) AS n FROM homepages WHERE published_at IS NOT NULL')).toBe(1);
    // Every answer shows that one document.
    const ids = new Set(ok.map((res) => res.body.data.documentId));
    expect(ids.size).toBe(1);
  }, 30_000);

  it('20 publishes of one draft, and 20 first localizations of one document, each make one row', async () => {
    const draft = await api.post('/api/articles', { data: { title: 'draft only' } }, { status: 'draft' });
    expect(draft.status).toBe(201);
    const articleId: string = draft.body.data.documentId;
    const publishes = await Promise.all(Array.from({ length: 20 }, (_, i) => api.put(`/api/articles/${articleId}`, { data: { title: `v${i}` } }, { status: 'published' })));
    expect(expectCleanAnswers(publishes).ok.length).toBe(20);
    expect(await count(app.db, 'SELECT COUNT(*) AS n FROM articles WHERE document_id = ? AND published_at IS NOT NULL', [articleId])).toBe(1);

    const category = await api.post('/api/categories', { data: { name: `cat ${uniq()}` } });
    expect(category.status).toBe(201);
    const categoryId: string = category.body.data.documentId;
    const localizations = await Promise.all(Array.from({ length: 20 }, (_, i) => api.put(`/api/categories/${categoryId}`, { data: { name: `fr ${i}` } }, { locale: 'fr' })));
    expect(expectCleanAnswers(localizations).ok.length).toBe(20);
    expect(await count(app.db, 'SELECT COUNT(*) AS n FROM categories WHERE document_id = ? AND locale = ?', [categoryId, 'fr'])).toBe(1);
  }, 30_000);

  it('concurrent relation rewrites leave one link per target, and one author per article', async () => {
    const article = await api.post('/api/articles', { data: { title: `linked ${uniq()}` } });
    const articleId: string = article.body.data.documentId;
    const category = await api.post('/api/categories', { data: { name: `c ${uniq()}` } });
    const connects = await Promise.all(
      Array.from({ length: 20 }, () => api.put(`/api/articles/${articleId}`, { data: { categories: { connect: [category.body.data.documentId] } } })),
    );
    expect(expectCleanAnswers(connects).ok.length).toBe(20);
    const perRow = await app.db.query(
      'SELECT l.source_id, COUNT(*) AS n FROM articles_categories_lnk l JOIN articles a ON a.id = l.source_id WHERE a.document_id = ? GROUP BY l.source_id',
      [articleId],
    );
    expect(perRow.map((r) => Number(r.n))).toEqual([1, 1]);

    // Twenty authors each claim the same article (manyToOne from the article's side).
    const authors = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post('/api/authors', { data: { name: `claimant ${i}` } })));
    const claims = await Promise.all(authors.map((a) => api.put(`/api/authors/${a.body.data.documentId}`, { data: { articles: { connect: [articleId] } } })));
    expectCleanAnswers(claims);
    const authorsPerRow = await app.db.query(
      'SELECT l.source_id, COUNT(*) AS n FROM articles_author_lnk l JOIN articles a ON a.id = l.source_id WHERE a.document_id = ? GROUP BY l.source_id',
      [articleId],
    );
    expect(authorsPerRow.map((r) => Number(r.n))).toEqual([1, 1]);
  }, 30_000);

  it('30 registrations with one username and email make one account', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `racer${uniq()}`;
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => api.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'Passw0rd!' })),
      );
      const { ok, refused } = expectCleanAnswers(responses);
      expect(ok.length).toBe(1);
      for (const res of refused) expect(res.body.error).toMatchObject({ name: 'ApplicationError', message: 'Email or Username are already taken' });
      expect(await count(app.db, 'SELECT COUNT(*) AS n FROM up_users WHERE username = ? OR email = ?', [name, `${name}@example.com`])).toBe(1);
    }
  }, 60_000);

  it('articles created while their author is deleted leave no link to a missing document', async () => {
    for (let round = 0; round < 3; round++) {
      const author = await api.post('/api/authors', { data: { name: `doomed ${uniq()}` } });
      expect(author.status).toBe(201);
      const documentId: string = author.body.data.documentId;
      const creates = Array.from({ length: 30 }, (_, i) => api.post('/api/articles', { data: { title: `orphan? ${i}`, author: documentId } }));
      const deletion = new Promise<JsonResponse>((resolve) => setTimeout(() => resolve(api.del(`/api/authors/${documentId}`)), 5));
      const responses = await Promise.all([...creates, deletion]);
      expectCleanAnswers(responses);
      expect(await count(app.db, 'SELECT COUNT(*) AS n FROM authors WHERE document_id = ?', [documentId])).toBe(0);
      expect(await count(app.db, 'SELECT COUNT(*) AS n FROM articles_author_lnk l WHERE NOT EXISTS (SELECT 1 FROM authors a WHERE a.document_id = l.target_document_id)')).toBe(0);
    }
  }, 60_000);

  it('a password-reset code works once when it is used 10 times at once', async () => {
    const name = `reset${uniq()}`;
    const registered = await api.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'Passw0rd!' });
    expect(registered.status).toBe(200);
    const code = expiringCode(3600);
    await app.db.execute('UPDATE up_users SET reset_password_token = ? WHERE username = ?', [sha256(code), name]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.post('/api/auth/reset-password', { code, password: `N3wPass${i}!`, passwordConfirmation: `N3wPass${i}!` })),
    );
    const { ok, refused } = expectCleanAnswers(responses);
    expect(ok.length).toBe(1);
    for (const res of refused) expect(res.body.error).toMatchObject({ name: 'ValidationError', message: 'Incorrect code provided' });
    expect(await count(app.db, 'SELECT COUNT(*) AS n FROM up_users WHERE username = ? AND reset_password_token IS NOT NULL', [name])).toBe(0);
  }, 30_000);
});
