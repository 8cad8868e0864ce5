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

describe("each api:: type's filter/populate compiler (src/api/<api>/query.ts)", () => {
  let traced: FixtureApp;
  const compiled: string[] = [];

  beforeAll(async () => {
    // The generated article compiler, wrapped to record what the engine hands it.
    const apis = (app.contentApis ?? []).map((api) => {
      const query = api.query;
      if (query?.uid !== ARTICLE) return api;
      const compile: typeof query.compile = (raw, specs, options) => {
        compiled.push(JSON.stringify(raw.filters ?? null));
        return query.compile(raw, specs, options);
      };
      return { ...api, query: { uid: query.uid, compile } };
    });
    traced = await startFixtureApp('sqlite', { definition: { contentApis: apis } });
  }, 120_000);
  afterAll(async () => {
    await traced?.stop();
  });

  it('are handed to the runtime by src/main.ts, one per api:: type', () => {
    const apiTypes = Object.keys(app.schema.contentTypes).filter((uid) => uid.startsWith('api::')).sort();
    expect((app.contentApis ?? []).map((api) => api.query?.uid)).toEqual(apiTypes);
    expect((app.contentApis ?? []).map((api) => api.routes.uid)).toEqual(apiTypes);
  });

  it("parse every query on their type, from REST and GraphQL, with what the middlewares left", async () => {
    compiled.length = 0;
    expect((await client(traced.url).get('/api/articles', { filters: { title: { $eq: 'rest' } } })).status).toBe(200);
    expect(compiled).toContain(JSON.stringify({ title: { $eq: 'rest' } }));
    const answer = await gql(traced.url, '{ articles(filters: { title: { eq: "graphql" } }) { documentId } }');
    expect(answer.body.errors).toBeUndefined();
    expect(compiled.some((filters) => filters.includes('graphql'))).toBe(true);
    // Other types are not parsed by the article's compiler.
    const before = compiled.length;
    expect((await client(traced.url).get('/api/categories')).status).toBe(200);
    expect(compiled.length).toBe(before);
  });
});
