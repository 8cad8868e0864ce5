// Required attributes and drafts, as Strapi 5.54 answered them side by side: a write of the draft
// alone (`status=draft`) may leave required values out or null; publishing (a write without
// `status=draft`, or the publish action) checks the whole draft, components and dynamic-zone
// entries included, with yup's messages, and a refused publish changes nothing.
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { client } from '../helpers/http';

const nullMessage = (label: string) => `${label} must be a \`string\` type, but the final value was: \`null\`.`;

describe.each<TestDatabase>(['sqlite', 'postgres'])('required attributes and drafts on %s', (database) => {
  let app: FixtureApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    api = client(app.url);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('saves a draft without its required title, and refuses to publish it until it has one', async () => {
    const draft = await api.post('/api/articles', { data: { views: 3 } }, { status: 'draft' });
    expect(draft.status).toBe(201);
    expect(draft.body.data).toMatchObject({ title: null, views: 3, publishedAt: null });
    const id = draft.body.data.documentId as string;

    // Without status=draft a create publishes, so the title is required there.
    const published = await api.post('/api/articles', { data: { views: 3 } });
    expect(published.status).toBe(400);
    expect(published.body.error).toEqual({
      status: 400,
      name: 'ValidationError',
      message: nullMessage('title'),
      details: { errors: [{ path: ['title'], message: nullMessage('title'), name: 'ValidationError', value: null }] },
    });

    // Publishing the incomplete draft is refused, and the refused write changed nothing.
    const publish = await api.put(`/api/articles/${id}`, { data: { views: 4 } }, { status: 'published' });
    expect(publish.status).toBe(400);
    expect(publish.body.error.message).toBe(nullMessage('title'));
    expect((await api.get(`/api/articles/${id}`, { status: 'draft' })).body.data.views).toBe(3);
    expect((await api.get(`/api/articles/${id}`)).status).toBe(404);

    // The draft may even set the required value to null explicitly.
    expect((await api.put(`/api/articles/${id}`, { data: { title: null, views: 5 } }, { status: 'draft' })).status).toBe(200);
    expect((await api.put(`/api/articles/${id}`, { data: { views: 6 } })).status).toBe(400);

    const done = await api.put(`/api/articles/${id}`, { data: { title: 'Finished' } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ title: 'Finished', views: 5 });
    expect(done.body.data.publishedAt).not.toBeNull();
  });

  it("checks the draft's components and dynamic-zone entries when it is published", async () => {
    const draft = await api.post(
      '/api/articles',
      { data: { title: 'With parts', seo: { meta_description: 'x' }, sections: [{ __component: 'sections.cta', url: 'http://x.test' }, { __component: 'sections.hero' }] } },
      { status: 'draft' },
    );
    expect(draft.status).toBe(201);
    const id = draft.body.data.documentId as string;
    const publish = await api.put(`/api/articles/${id}`, { data: {} }, { status: 'published' });
    expect(publish.status).toBe(400);
    expect(publish.body.error).toEqual({
      status: 400,
      name: 'ValidationError',
      message: '3 errors occurred',
      details: {
        errors: [
          { path: ['seo', 'meta_title'], message: nullMessage('seo.meta_title'), name: 'ValidationError', value: null },
          { path: ['sections', '0', 'label'], message: nullMessage('sections[0].label'), name: 'ValidationError', value: null },
          { path: ['sections', '1', 'title'], message: nullMessage('sections[1].title'), name: 'ValidationError', value: null },
        ],
      },
    });
    // Still refused through GraphQL's publish path (the same action).
    const gql = await api.post('/graphql', { query: `mutation { updateArticle(documentId: "${id}", status: PUBLISHED, data: {}) { documentId } }` });
    expect(gql.body.errors?.[0]?.message).toBe('3 errors occurred');
  });
});
