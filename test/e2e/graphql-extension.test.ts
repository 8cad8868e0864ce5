// The extension example of docs/graphql.md, run against the fixture app: the documented file is
// the one tested, so the documentation cannot drift from what works.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { graphqlPlugin } from '@cms-gen/graphql';
import { graphqlSchemas } from '../../fixtures/strapi-blog/app/src/graphql';
import register from '../../fixtures/strapi-blog/examples/graphql-extension';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

const EXAMPLE = join(__dirname, '..', '..', 'fixtures', 'strapi-blog', 'examples', 'graphql-extension.ts');
const DOC = join(__dirname, '..', '..', 'docs', 'graphql.md');

async function gql(app: FixtureApp, query: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return { status: res.status, body: await res.json() };
}

describe('GraphQL extension service (documented example)', () => {
  let app: FixtureApp;

  beforeAll(async () => {
    app = await startFixtureApp('sqlite', { definition: { plugins: [graphqlPlugin({ schemas: graphqlSchemas, extension: register })] } });
    await gql(app, 'mutation { createArticle(data: { title: "Extension search target" }) { documentId } }');
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('is the code docs/graphql.md shows', () => {
    const example = readFileSync(EXAMPLE, 'utf8').split('\n').slice(2).join('\n').trim();
    expect(readFileSync(DOC, 'utf8')).toContain(example);
  });

  it('disables a whole type, an action and a filter', async () => {
    const types = await gql(app, '{ __schema { types { name } } q: __type(name: "Query") { fields { name } } m: __type(name: "Mutation") { fields { name } } f: __type(name: "ArticleFiltersInput") { inputFields { name } } }');
    expect(types.body.data.__schema.types.map((t: { name: string }) => t.name)).not.toContain('SeoPage');
    expect(types.body.data.q.fields.map((f: { name: string }) => f.name)).not.toContain('seoPages');
    const mutations = types.body.data.m.fields.map((f: { name: string }) => f.name);
    expect(mutations).toContain('createArticle');
    expect(mutations).not.toContain('deleteArticle');
    expect(types.body.data.f.inputFields.map((f: { name: string }) => f.name)).not.toContain('contact_email');
    // The relation from articles to SEO pages went with the type.
    expect((await gql(app, '{ articles { seo_page { path } } }')).status).toBe(400);
  });

  it('serves typeDefs + resolvers through the operation layer, behind a policy and a middleware', async () => {
    const hit = await gql(app, '{ searchArticles(q: "  search targ  ") { title } }');
    expect(hit.body).toEqual({ data: { searchArticles: [{ title: 'Extension search target' }] } });
    const short = await gql(app, '{ searchArticles(q: "x") { title } }');
    expect(short.body.errors[0]).toMatchObject({ message: 'Policy Failed', extensions: { code: 'FORBIDDEN' } });
  });

  it('builds TypeGraphQL classes given as types', async () => {
    const time = await gql(app, '{ serverTime { iso } }');
    expect(time.body.data.serverTime.iso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('applies auth scopes from resolversConfig', async () => {
    // Public may find articles and authors (bootstrap.json): the scope is met.
    const counted = await gql(app, '{ articles_connection { pageInfo { total } } }');
    expect(counted.body.data.articles_connection.pageInfo.total).toBeGreaterThan(0);
  });
});
