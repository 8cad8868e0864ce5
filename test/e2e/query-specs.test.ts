// The generated app's query specs are derived from its schema at start (compileQuerySpecs over
// src/schema-meta.ts), and queries are validated against the specs the engine holds: given other
// specs (AppDefinition.queries), REST and GraphQL both follow them rather than the schema. The
// rules themselves are pinned by runtime/query/*.test.ts and the conformance suite; this proves the
// wiring.
import { compileQuerySpecs, type ContentTypeQuerySpec, type QuerySpecs } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';
import { gql } from '../helpers/graphql';
import { client } from '../helpers/http';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

const ARTICLE = 'api::article.article';

/** The app's specs, with the article's `title` hidden as if the schema had made it private. */
function withHiddenTitle(queries: QuerySpecs): QuerySpecs {
  const article = queries[ARTICLE] as ContentTypeQuerySpec;
  return { ...queries, [ARTICLE]: { ...article, entries: { ...article.entries, title: { kind: 'hidden' } } } };
}

describe('query specs of the generated app', () => {
  let generated: FixtureApp;
  let changed: FixtureApp;

  beforeAll(async () => {
    generated = await startFixtureApp('sqlite');
    changed = await startFixtureApp('sqlite', { definition: { queries: withHiddenTitle(compileQuerySpecs(app.schema)) } });
  }, 120_000);
  afterAll(async () => {
    await generated?.stop();
    await changed?.stop();
  });

  it('are compiled from the schema at start (src/main.ts passes none), and cover every content type and component', () => {
    expect(app.queries).toBeUndefined();
    expect(generated.engine.queries).toEqual(compileQuerySpecs(app.schema));
    const uids = [...Object.keys(app.schema.contentTypes), ...Object.keys(app.schema.components)].sort();
    expect(Object.keys(generated.engine.queries).sort()).toEqual(uids);
  });

  it('decide what REST accepts', async () => {
    const filter = { filters: { title: { $eq: 'x' } } };
    expect((await client(generated.url).get('/api/articles', filter)).status).toBe(200);
    const refused = await client(changed.url).get('/api/articles', filter);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'Invalid key title', details: { key: 'title', path: 'title', source: 'query', param: 'filters' } },
    });
    // The rest of the spec is untouched.
    expect((await client(changed.url).get('/api/articles', { sort: 'views:desc' })).status).toBe(200);
  });

  it('decide what GraphQL accepts', async () => {
    const query = '{ articles(filters: { title: { eq: "x" } }) { documentId } }';
    const accepted = await gql(generated.url, query);
    expect(accepted.body.errors).toBeUndefined();
    const refused = await gql(changed.url, query);
    expect(refused.body.errors?.[0]?.message).toBe('Invalid key title');
  });
});
