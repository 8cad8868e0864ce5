// The official JavaScript client, @strapi/client, against the generated fixture app, unchanged:
// its collection, single-type, users and files managers with an API token, as a front end written
// for Strapi 5 uses them.
import { HTTPForbiddenError, HTTPNotFoundError, strapi } from '@strapi/client';
import { createApiToken } from '../../runtime/users-permissions/api-tokens/api-tokens';
import { DEVELOPMENT_API_TOKEN_SALT } from '../../runtime/users-permissions/api-tokens/salt';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

type Doc = { id: number; documentId: string } & Record<string, unknown>;

describe('@strapi/client against the generated app', () => {
  let app: FixtureApp;
  let client: ReturnType<typeof strapi>;
  let anonymous: ReturnType<typeof strapi>;
  let token: string;

  beforeAll(async () => {
    app = await startFixtureApp('sqlite');
    token = (await createApiToken(app.db, DEVELOPMENT_API_TOKEN_SALT, { name: 'client-test', type: 'full-access' })).accessKey;
    client = strapi({ baseURL: `${app.url}/api`, auth: token });
    anonymous = strapi({ baseURL: `${app.url}/api` });
  }, 120_000);
  afterAll(() => app?.stop());

  it('creates, finds with filters/populate/sort/pagination, updates and deletes documents', async () => {
    const articles = client.collection('articles');
    const author = (await client.collection('authors').create({ name: 'Client author' })).data;
    const cat = (await client.collection('categories').create({ name: 'Client cat' })).data;
    for (const [title, views] of [['client b', 2], ['client a', 1], ['client c', 3]] as const) {
      await articles.create({ title, views, author: author.documentId, categories: [cat.documentId] });
    }

    const page = await articles.find({
      filters: { title: { $startsWith: 'client ' } },
      populate: { author: { fields: ['name'] }, categories: { fields: ['name'] } },
      fields: ['title', 'views'],
      sort: ['views:desc'],
      pagination: { page: 1, pageSize: 2 },
    });
    const docs = page.data;
    expect(docs.map((d) => d.title)).toEqual(['client c', 'client b']);
    expect(docs[0]).toMatchObject({ author: { name: 'Client author' }, categories: [{ name: 'Client cat' }] });
    expect(page.meta).toEqual({ pagination: { page: 1, pageSize: 2, pageCount: 2, total: 3 } });

    const one = docs[0];
    expect((await articles.findOne(one.documentId, { fields: ['title'] })).data.title).toBe('client c');
    const updated = (await articles.update(one.documentId, { views: 30 }, { status: 'draft' })).data;
    expect(updated).toMatchObject({ documentId: one.documentId, views: 30, publishedAt: null });
    expect((await articles.findOne(one.documentId)).data.views).toBe(3);
    await articles.delete(one.documentId);
    await expect(articles.findOne(one.documentId)).rejects.toBeInstanceOf(HTTPNotFoundError);
  });

  it('gets Strapi 4 nesting when configured with the Strapi-Response-Format: v4 header', async () => {
    const v4 = strapi({ baseURL: `${app.url}/api`, auth: token, headers: { 'Strapi-Response-Format': 'v4' } });
    const author = (await client.collection('authors').create({ name: 'V4 client' })).data;
    await client.collection('articles').create({ title: 'client v4', author: author.documentId });
    const page = await v4.collection('articles').find({ filters: { title: 'client v4' }, populate: ['author'], fields: ['title'] });
    expect(page.data).toEqual([
      { id: expect.any(Number), documentId: expect.any(String), attributes: { title: 'client v4', author: { data: { id: author.id, documentId: author.documentId, attributes: expect.objectContaining({ name: 'V4 client' }) } } } },
    ]);
    expect(page.meta.pagination).toMatchObject({ total: 1 });
  });

  it('reads and writes a single type', async () => {
    const homepage = client.single('homepage');
    expect((await homepage.update({ title: 'Client home' })).data.title).toBe('Client home');
    expect((await homepage.find()).data.title).toBe('Client home');
    await homepage.delete();
    await expect(homepage.find()).rejects.toBeInstanceOf(HTTPNotFoundError);
  });

  it('uploads, lists, updates and deletes files', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const [uploaded] = await client.files.upload(png, { filename: 'client.png', mimetype: 'image/png', fileInfo: { alternativeText: 'from the client' } });
    expect(uploaded).toMatchObject({ name: 'client.png', mime: 'image/png', alternativeText: 'from the client', width: 1, height: 1 });
    expect((await client.files.find({ filters: { name: { $eq: 'client.png' } } })).map((f: { id: number }) => f.id)).toEqual([uploaded.id]);
    expect((await client.files.findOne(uploaded.id)).url).toBe(uploaded.url);
    expect((await client.files.update(uploaded.id, { caption: 'captioned' })).caption).toBe('captioned');
    expect((await client.files.delete(uploaded.id)).id).toBe(uploaded.id);
    // The files manager turns the 404 into its own, more explicit error.
    await expect(client.files.findOne(uploaded.id)).rejects.toThrow(`File with ID ${uploaded.id} not found`);
  });

  it('creates a user and reads it back by numeric id through the users manager', async () => {
    const users = client.collection('users');
    const created = (await users.create({ username: 'clientuser', email: 'client@example.com', password: 'Secret123', role: 1 })) as unknown as Doc;
    expect(created).toMatchObject({ username: 'clientuser' });
    expect(created).not.toHaveProperty('password');
    const found = (await users.findOne(created.id)) as unknown as Doc;
    expect(found.email).toBe('client@example.com');
  });

  it('surfaces permission errors: the anonymous caller cannot read private notes, the token can', async () => {
    await client.collection('private-notes').create({ title: 'token only' });
    await expect(anonymous.collection('private-notes').find()).rejects.toBeInstanceOf(HTTPForbiddenError);
    expect((await client.collection('private-notes').find()).data.map((n) => n.title)).toContain('token only');
  });
});
