// The fixture app's own hooks end to end, on SQLite and PostgreSQL: the category lifecycle file
// (a missing slug is derived from the name), the Document Service middleware registered in
// src/index.ts (article contact emails stored lower-cased) and the webhook of config/webhooks.js.
// Each must act the same for a REST request, a GraphQL mutation and a Document Service call,
// because all three run through one operation layer.
import { data } from '../helpers/graphql';
import { client } from '../helpers/http';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

describe.each<TestDatabase>(['sqlite', 'postgres'])('fixture app hooks on %s', (database) => {
  let app: FixtureApp;
  let receiver: WebhookReceiver;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver(204);
    process.env.BLOG_WEBHOOK_URL = `${receiver.url}/blog`;
    process.env.BLOG_WEBHOOK_TOKEN = 'index-token';
    try {
      app = await startFixtureApp(database);
    } finally {
      delete process.env.BLOG_WEBHOOK_URL;
      delete process.env.BLOG_WEBHOOK_TOKEN;
    }
    api = client(app.url);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });

  it('derives a missing category slug from its name for REST, GraphQL and the Document Service', async () => {
    const rest = await api.post('/api/categories', { data: { name: 'Front-end News!' } });
    expect(rest.status).toBe(201);
    expect(rest.body.data.slug).toBe('front-end-news');
    const viaGraphql = await data(app.url, 'mutation { createCategory(data: { name: "Über Café" }) { slug } }');
    expect(viaGraphql.createCategory.slug).toBe('uber-cafe');
    const viaDocuments = await app.engine.documents('api::category.category').create({ data: { name: 'Server Side' } });
    expect(viaDocuments.slug).toBe('server-side');
    // A slug given by the caller is kept.
    expect((await api.post('/api/categories', { data: { name: 'Kept', slug: 'my-own' } })).body.data.slug).toBe('my-own');
    // The slug is unique per locale: a second category of the same name is refused, not renamed.
    const duplicate = await api.post('/api/categories', { data: { name: 'Front-end news' } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.name).toBe('ValidationError');
  });

  it('stores article contact emails lower-cased whichever transport writes them', async () => {
    const rest = await api.post('/api/articles', { data: { title: 'Mail via REST', contact_email: ' Editor@Example.COM ' } });
    expect(rest.status).toBe(201);
    expect(rest.body.data.contact_email).toBe('editor@example.com');
    const updated = await data(app.url, `mutation { updateArticle(documentId: "${rest.body.data.documentId}", data: { contact_email: "Desk@Example.ORG" }) { contact_email } }`);
    expect(updated.updateArticle.contact_email).toBe('desk@example.org');
    const viaDocuments = await app.engine.documents('api::article.article').create({ data: { title: 'Mail via documents', contact_email: 'Custom@Code.IO' } });
    expect(viaDocuments.contact_email).toBe('custom@code.io');
    // What was stored, read back through REST.
    expect((await api.get(`/api/articles/${rest.body.data.documentId}`)).body.data.contact_email).toBe('desk@example.org');
  });

  it('posts article events to the configured webhook with its bearer token', async () => {
    const created = await api.post('/api/articles', { data: { title: 'Hooked article' } });
    expect(created.status).toBe(201);
    // Earlier tests' writes are delivered too (in order, in the background): wait for this one's.
    const ofCreated = () => receiver.received.filter((hook) => hook.body.entry?.documentId === created.body.data.documentId);
    for (let waited = 0; ofCreated().length < 2 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const hooks = ofCreated();
    expect(hooks.map((hook) => hook.body.event)).toEqual(['entry.create', 'entry.publish']);
    expect(hooks[0].path).toBe('/blog');
    expect(hooks[0].headers.authorization).toBe('Bearer index-token');
    expect(hooks[0].body).toMatchObject({ model: 'article', uid: 'api::article.article', entry: { title: 'Hooked article' } });
  });
});
