// The emitted client SDK (fixtures/strapi-blog/app/client) against the running fixture app: the
// conformance flows a front end runs, through the package's own code (fetch + qs), with the
// result types checked by the same compile as the rest of the repository.
import { createClient, StrapiClientError, type StrapiClient } from '../../fixtures/strapi-blog/app/client/src/index';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

/** The StrapiClientError a call rejects with (fails the test when it resolves or throws something else). */
async function clientError(call: Promise<unknown>): Promise<StrapiClientError> {
  const error = await call.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(StrapiClientError);
  return error as StrapiClientError;
}

/** Creates an author, two categories and three articles; the list flow reads them back. */
async function listFlow(client: StrapiClient): Promise<void> {
  const author = (await client.collection('authors').create({ name: 'SDK author' })).data;
  const news = (await client.collection('categories').create({ name: 'SDK news' })).data;
  const tech = (await client.collection('categories').create({ name: 'SDK tech' })).data;
  for (const [title, views] of [['sdk b', 2], ['sdk a', 1], ['sdk c', 3]] as const) {
    // Relations as a documentId, a documentId list, and connect.
    await client.collection('articles').create({ title, views, author: author.documentId, categories: views === 3 ? { connect: [news.documentId, tech.documentId] } : [news.documentId] });
  }

  const page = await client.collection('articles').find({
    filters: { title: { $startsWith: 'sdk ' }, categories: { name: { $eq: 'SDK news' } } },
    populate: { author: { fields: ['name'] }, categories: { fields: ['name'], sort: 'name:asc' } },
    fields: ['title', 'views'],
    sort: ['views:desc'],
    pagination: { page: 1, pageSize: 2 },
    status: 'published',
  });
  // Typed: title and views selected, author and categories populated with their selected fields.
  const first = page.data[0];
  const authorName: string | undefined = first.author?.name;
  const categoryNames: string[] = first.categories.map((c) => c.name);
  expect([authorName, categoryNames]).toEqual(['SDK author', ['SDK news', 'SDK tech']]);
  expect(page.data.map((d) => [d.title, d.views])).toEqual([
    ['sdk c', 3],
    ['sdk b', 2],
  ]);
  expect(page.meta).toEqual({ pagination: { page: 1, pageSize: 2, pageCount: 2, total: 3 } });
  expect(Object.keys(first).sort()).toEqual(['author', 'categories', 'documentId', 'id', 'title', 'views']);
}

describe('the emitted client SDK against the fixture app (sqlite)', () => {
  let db: TestDb;
  let app: ConfiguredApp;
  let client: StrapiClient;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    // Refresh mode, so refresh and logout have server routes; the limiter is off for the auth flows.
    app = await startConfiguredApp(db.url, { 'users-permissions': { config: { jwtSecret: 'sdk-secret', jwtManagement: 'refresh', bcryptRounds: 4, ratelimit: { enabled: false } } } });
    client = createClient({ baseURL: `${app.url}/api` });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('lists with filters, populate, fields, sort and pagination meta; creates with relations', async () => {
    await listFlow(client);
  });

  it('finds one with fields, updates a draft, deletes', async () => {
    const articles = client.collection('articles');
    const created = (await articles.create({ title: 'sdk one', views: 7, summary: 'kept out' })).data;
    const one = (await articles.findOne(created.documentId, { fields: ['title'] })).data;
    expect(one).toEqual({ id: expect.any(Number), documentId: created.documentId, title: 'sdk one' });
    const updated = (await articles.update(created.documentId, { views: 8 }, { status: 'draft' })).data;
    expect([updated.views, updated.publishedAt]).toEqual([8, null]);
    expect((await articles.findOne(created.documentId)).data.views).toBe(7);
    await articles.delete(created.documentId);
    expect((await clientError(articles.findOne(created.documentId))).error).toEqual({ status: 404, name: 'NotFoundError', message: 'Not Found', details: {} });
  });

  it('reads and writes a single type', async () => {
    const homepage = client.single('homepage');
    expect((await clientError(homepage.find())).status).toBe(404);
    expect((await homepage.update({ title: 'SDK home', tagline: 'typed' })).data.title).toBe('SDK home');
    const found = (await homepage.find({ fields: ['tagline'] })).data;
    expect(found).toEqual({ id: expect.any(Number), documentId: expect.any(String), tagline: 'typed' });
    await homepage.delete();
    expect((await clientError(homepage.find())).status).toBe(404);
  });

  it('uploads a file, attaches it to a document, updates and deletes it', async () => {
    const [file] = await client.files.upload(new Blob([PNG], { type: 'image/png' }), { filename: 'sdk.png', fileInfo: { alternativeText: 'from the sdk' } });
    expect(file).toMatchObject({ name: 'sdk.png', mime: 'image/png', alternativeText: 'from the sdk', width: 1, height: 1 });
    // Bytes work too (a Node Buffer is a Uint8Array).
    const [bytes] = await client.files.upload(PNG, { filename: 'bytes.png', mimetype: 'image/png' });
    expect(bytes.mime).toBe('image/png');

    const article = (await client.collection('articles').create({ title: 'sdk cover', cover: file.id, gallery: [bytes.id] }, { populate: ['cover', 'gallery'] })).data;
    expect(article.cover?.url).toBe(file.url);
    expect(article.gallery.map((g) => g.id)).toEqual([bytes.id]);

    expect((await client.files.find({ filters: { name: { $eq: 'sdk.png' } } })).map((f) => f.id)).toEqual([file.id]);
    expect((await client.files.findOne(file.id)).url).toBe(file.url);
    expect((await client.files.update(file.id, { caption: 'captioned' })).caption).toBe('captioned');
    expect((await client.files.delete(bytes.id)).id).toBe(bytes.id);
    expect((await clientError(client.files.findOne(bytes.id))).status).toBe(404);
  });

  it('registers, logs in, reads me, refreshes and logs out, sending the kept JWT', async () => {
    const users = createClient({ baseURL: `${app.url}/api` });
    const registered = await users.auth.register({ username: 'sdkuser', email: 'sdk@example.com', password: 'Secret123' });
    expect(registered.user).toMatchObject({ username: 'sdkuser', email: 'sdk@example.com' });
    expect((await users.auth.me()).username).toBe('sdkuser');

    const before = users.auth.token;
    await users.auth.logout();
    expect(users.auth.token).toBeUndefined();
    expect((await clientError(users.auth.me())).status).toBe(401);
    // Logout ended the server's sessions: the JWT from before is refused as well.
    const stale = createClient({ baseURL: `${app.url}/api`, auth: before });
    expect((await clientError(stale.auth.me())).error).toMatchObject({ status: 401, name: 'UnauthorizedError' });

    const login = await users.auth.login({ identifier: 'sdk@example.com', password: 'Secret123' });
    expect(users.auth.token).toBe(login.jwt);
    const refreshed = await users.auth.refresh();
    // The refresh token rotates (two JWTs issued in the same second may be equal).
    expect([typeof login.refreshToken, refreshed.refreshToken === login.refreshToken]).toEqual(['string', false]);
    expect(users.auth.token).toBe(refreshed.jwt);
    expect((await users.auth.me()).email).toBe('sdk@example.com');

    // From an anonymous client: a logged-in user is not granted the login route (as in Strapi).
    const wrong = await clientError(createClient({ baseURL: `${app.url}/api` }).auth.login({ identifier: 'sdk@example.com', password: 'nope' }));
    expect(wrong.error).toMatchObject({ status: 400, name: 'ValidationError', message: 'Invalid identifier or password' });
  });

  it('logs in again and registers again while logged in: the auth routes never get the kept JWT', async () => {
    // The Authenticated role may not call login or register (as in Strapi): a request carrying a
    // logged-in user's JWT is refused with 403 there, so the SDK must not send it.
    const users = createClient({ baseURL: `${app.url}/api` });
    await users.auth.register({ username: 'again', email: 'again@example.com', password: 'Secret123' });
    const first = await users.auth.login({ identifier: 'again@example.com', password: 'Secret123' });
    expect(users.auth.token).toBe(first.jwt);
    const second = await users.auth.login({ identifier: 'again', password: 'Secret123' });
    expect(users.auth.token).toBe(second.jwt);
    expect((await users.auth.me()).username).toBe('again');
    const other = await users.auth.register({ username: 'again2', email: 'again2@example.com', password: 'Secret123' });
    expect((await users.auth.me()).username).toBe(other.user.username);

    // A kept JWT the server refuses (401) does not block the refresh that replaces it.
    const stale = createClient({ baseURL: `${app.url}/api`, auth: 'not-a-valid-jwt' });
    const refreshed = await stale.auth.refresh(second.refreshToken);
    expect(stale.auth.token).toBe(refreshed.jwt);
    expect((await stale.auth.me()).username).toBe('again');
  });

  it('surfaces error envelopes as StrapiClientError: 400 for a bad query, 403 for a forbidden route', async () => {
    // Type-valid, refused by the server: more than 100 items in one list.
    const tooMany = await clientError(client.collection('articles').find({ filters: { views: { $in: Array.from({ length: 101 }, (_, i) => i) } } }));
    expect(tooMany.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(tooMany.response.status).toBe(400);
    // Public is not granted private notes.
    const forbidden = await clientError(client.collection('private-notes').find());
    expect(forbidden.error).toEqual({ status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
  });

  it('passes any other route through client.fetch with its headers and credentials', async () => {
    const res = await client.fetch('/articles?pagination[pageSize]=1', { headers: { 'Strapi-Response-Format': 'v4' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { attributes: unknown }[] };
    expect(body.data[0]).toHaveProperty('attributes');
  });
});

describe('the emitted client SDK against the fixture app (postgres)', () => {
  let app: FixtureApp;

  beforeAll(async () => {
    app = await startFixtureApp('postgres');
  }, 120_000);
  afterAll(() => app?.stop());

  it('lists with filters, populate, fields, sort and pagination meta; creates with relations', async () => {
    await listFlow(createClient({ baseURL: `${app.url}/api` }));
  });
});
