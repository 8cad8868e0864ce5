// The GraphQL endpoint of the generated fixture app on SQLite and PostgreSQL: the shared
// conformance cases, then what they do not cover (query counts, limits, permissions on relations,
// drafts, mutations, v4 compatibility, the sandbox page and request security).
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { graphql as execute } from 'graphql';
import type { AuthContext } from '@cms-gen/runtime';
import { collectionOperations } from '@cms-gen/runtime';
import { graphqlSchemas } from '../../fixtures/strapi-blog/app/src/graphql';
import { ExtensionService } from '../../runtime/graphql/extension/service';
import { registerBuiltins } from '../../runtime/graphql/builtins';
import { buildServedSchema } from '../../runtime/graphql/schema';
import { GraphqlRequest } from '../../runtime/graphql/request';
import { GraphqlRuntime } from '../../runtime/graphql/runtime';
import { listCaseIds, runConformance, type CaseResult } from '../helpers/conformance';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { data, gql } from '../helpers/graphql';
import { contentStatements } from '../helpers/statement-count';

const CASES = listCaseIds(['graphql.']);

const ADMIN: AuthContext = { kind: 'api-token', can: () => true };

/** 1 author, 3 categories, 1 file and `count` published articles titled `<tag> n`. */
async function seed(app: FixtureApp, tag: string, count: number): Promise<{ author: string }> {
  const ops = (uid: string) => collectionOperations(app.engine, uid);
  const author = await ops('api::author.author').create({ data: { name: `${tag} author` } }, {}, ADMIN);
  const categories = [];
  for (const name of ['a', 'b', 'c']) categories.push(await ops('api::category.category').create({ data: { name: `${tag} ${name}` } }, {}, ADMIN));
  const file = await ops('plugin::upload.file').create({ data: { name: 'f.png', hash: `${tag}_f`, url: `/uploads/${tag}.png`, provider: 'local', mime: 'image/png', ext: '.png', size: 1.5 } }, {}, ADMIN);
  for (let i = 0; i < count; i++) {
    await ops('api::article.article').create({ data: { title: `${tag} ${i}`, views: i, author: author.documentId, categories: categories.map((c) => c.documentId), cover: file.id } }, {}, ADMIN);
  }
  return { author: String(author.documentId) };
}

describe.each<TestDatabase>(['sqlite', 'postgres'])('GraphQL on %s', (database) => {
  let app: FixtureApp;
  let results: Map<string, CaseResult>;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    results = new Map((await runConformance(app.url, CASES)).map((r) => [r.id, r]));
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
  });

  describe('conformance graphql.*', () => {
    it.each(CASES)('%s', (id) => {
      expect(results.get(id)?.message).toBe('');
      expect(results.get(id)?.outcome).toBe('pass');
    });
    it('includes graphql.auth-mutations (register, login, me over GraphQL)', () => {
      expect(CASES).toContain('graphql.auth-mutations');
    });
  });

  describe('no N+1', () => {
    beforeAll(async () => {
      await seed(app, 'Count', 100);
    }, 120_000);

    /** Content statements one request ran. */
    async function statements(query: string): Promise<number> {
      return (await contentStatements(app.db, () => data(app.url, query))).statements.length;
    }

    it('a list of 100 articles with author, categories and cover costs 4 statements, like a list of 10', async () => {
      const query = (size: number) => `{ articles(filters: { title: { startsWith: "Count " } }, pagination: { pageSize: ${size} }) { title author { name } categories { name } cover { url } } }`;
      const hundred = await data(app.url, query(100));
      expect(hundred.articles).toHaveLength(100);
      expect(hundred.articles[99]).toEqual({ title: expect.stringMatching(/^Count /), author: { name: 'Count author' }, categories: [{ name: 'Count a' }, { name: 'Count b' }, { name: 'Count c' }], cover: { url: '/uploads/Count.png' } });
      // One page statement and one per relation field; the count is skipped for a plain list.
      expect(await statements(query(100))).toBe(4);
      expect(await statements(query(10))).toBe(4);
    });

    it('nested to-many fields hold defaultLimit items unless paginated, at most amountLimit', async () => {
      const d = await data(app.url, `{ authors(filters: { name: { eq: "Count author" } }) { articles { title } more: articles(pagination: { pageSize: 40 }) { title } all: articles(pagination: { limit: 500 }) { title } } }`);
      expect(d.authors[0].articles).toHaveLength(10);
      expect(d.authors[0].more).toHaveLength(40);
      expect(d.authors[0].all).toHaveLength(100);
      const page = await data(app.url, `{ articles_connection(filters: { title: { startsWith: "Count " } }, pagination: { pageSize: 500 }) { nodes { title } pageInfo { page pageSize pageCount total } } }`);
      expect(page.articles_connection.pageInfo).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: 100 });
    });
  });

  describe('documents', () => {
    it('creates, updates and deletes through mutations, answering the documentId of missing documents', async () => {
      const created = await data(app.url, `mutation { createArticle(data: { title: "GQL one", views: 1, kind: tutorial }) { documentId title kind publishedAt } }`);
      expect(created.createArticle).toMatchObject({ title: 'GQL one', kind: 'tutorial', publishedAt: expect.any(String) });
      const id = created.createArticle.documentId;
      const updated = await data(app.url, `mutation($id: ID!) { updateArticle(documentId: $id, data: { views: 9 }) { documentId views } }`, { id });
      expect(updated.updateArticle).toEqual({ documentId: id, views: 9 });
      expect((await data(app.url, `mutation($id: ID!) { deleteArticle(documentId: $id) { documentId } }`, { id })).deleteArticle).toEqual({ documentId: id });
      expect((await data(app.url, `query($id: ID!) { article(documentId: $id) { title } }`, { id })).article).toBeNull();
      expect((await data(app.url, `mutation { deleteArticle(documentId: "doesnotexist000000000000") { documentId } }`)).deleteArticle).toEqual({ documentId: 'doesnotexist000000000000' });
    });

    it('deletes a single type, and answers a missing one with Strapi\'s NotFoundError and a null field', async () => {
      const missing = await gql(app.url, 'mutation { deleteHomepage { documentId } }');
      expect(missing.status).toBe(200);
      expect(missing.body).toEqual({
        data: { deleteHomepage: null },
        errors: [expect.objectContaining({ message: 'Document not found', path: ['deleteHomepage'], extensions: expect.objectContaining({ code: 'STRAPI_NOT_FOUND_ERROR', error: { name: 'NotFoundError', message: 'Document not found', details: {} } }) })],
      });
      const created = await data(app.url, 'mutation { updateHomepage(data: { title: "Home" }) { documentId } }');
      const deleted = await data(app.url, 'mutation { deleteHomepage { documentId } }');
      expect(deleted.deleteHomepage).toEqual({ documentId: created.updateHomepage.documentId });
      expect((await gql(app.url, 'mutation { deleteHomepage { documentId } }')).body.errors[0].message).toBe('Document not found');
    });

    it('writes components, dynamic zones and relations from GraphQL inputs', async () => {
      const cat = await data(app.url, `mutation { createCategory(data: { name: "GQL cat" }) { documentId } }`);
      const created = await data(
        app.url,
        `mutation($cat: ID!) { createArticle(data: { title: "GQL rich", categories: [$cat], seo: { meta_title: "m", meta_social: [{ social_network: Facebook, title: "fb" }] }, sections: [{ __typename: "ComponentSectionsCta", label: "go", category: $cat }] }) {
          categories { name } seo { meta_title meta_social { title } } sections { __typename ... on ComponentSectionsCta { label category { name } } } } }`,
        { cat: cat.createCategory.documentId },
      );
      expect(created.createArticle).toEqual({
        categories: [{ name: 'GQL cat' }],
        seo: { meta_title: 'm', meta_social: [{ title: 'fb' }] },
        sections: [{ __typename: 'ComponentSectionsCta', label: 'go', category: { name: 'GQL cat' } }],
      });
    });

    it('reads relations in the status of the parent: drafts see draft relations', async () => {
      const author = await data(app.url, `mutation { createAuthor(data: { name: "Draft writer" }) { documentId } }`);
      await data(app.url, `mutation($a: ID!) { createArticle(status: DRAFT, data: { title: "GQL draft only", author: $a }) { documentId } }`, { a: author.createAuthor.documentId });
      expect((await data(app.url, `{ articles(filters: { title: { eq: "GQL draft only" } }) { title } }`)).articles).toEqual([]);
      const draft = await data(app.url, `{ articles(status: DRAFT, filters: { title: { eq: "GQL draft only" } }) { title publishedAt author { name } } }`);
      expect(draft.articles).toEqual([{ title: 'GQL draft only', publishedAt: null, author: { name: 'Draft writer' } }]);
    });

    it('selects documents with publicationFilter (or hasPublishedVersion), cascaded into relations on both resolver paths', async () => {
      const author = (await data(app.url, `mutation { createAuthor(data: { name: "PF writer" }) { documentId } }`)).createAuthor.documentId;
      const article = async (title: string, status: string) =>
        (await data(app.url, `mutation($a: ID!, $t: String!) { createArticle(status: ${status}, data: { title: $t, author: $a }) { documentId } }`, { a: author, t: title })).createArticle.documentId;
      const never = await article('GQL pf never', 'DRAFT');
      await article('GQL pf same', 'PUBLISHED');
      const edited = await article('GQL pf edited', 'PUBLISHED');
      // `MODIFIED` compares update times: let the clock move past the publication before editing.
      await new Promise((resolve) => setTimeout(resolve, 15));
      await data(app.url, `mutation($id: ID!) { updateArticle(documentId: $id, status: DRAFT, data: { views: 5 }) { documentId } }`, { id: edited });

      // Each query runs twice: the second run executes compiled.
      const twice = async (query: string, variables?: Record<string, unknown>) => {
        const first = await data(app.url, query, variables);
        expect(await data(app.url, query, variables)).toEqual(first);
        return first;
      };
      const titles = async (args: string) =>
        (await twice(`{ articles(${args}, filters: { title: { startsWith: "GQL pf" } }, sort: "title") { title } }`)).articles.map((a: { title: string }) => a.title);
      expect(await titles('status: DRAFT, publicationFilter: NEVER_PUBLISHED')).toEqual(['GQL pf never']);
      expect(await titles('status: DRAFT, hasPublishedVersion: false')).toEqual(['GQL pf never']);
      expect(await titles('status: DRAFT, publicationFilter: MODIFIED')).toEqual(['GQL pf edited']);
      expect(await titles('publicationFilter: UNMODIFIED')).toEqual(['GQL pf same']);
      expect(await titles('publicationFilter: NEVER_PUBLISHED')).toEqual([]);
      const byVariable = await twice(`query($f: PublicationFilter) { articles_connection(status: DRAFT, publicationFilter: $f, filters: { title: { startsWith: "GQL pf" } }) { nodes { title } pageInfo { total } } }`, { f: 'HAS_PUBLISHED_VERSION' });
      expect(byVariable.articles_connection.pageInfo.total).toBe(2);

      const one = async (id: string, filter: string) => (await twice(`query($id: ID!) { article(documentId: $id, status: DRAFT, publicationFilter: ${filter}) { title } }`, { id })).article;
      expect(await one(never, 'HAS_PUBLISHED_VERSION')).toBeNull();
      expect(await one(never, 'NEVER_PUBLISHED')).toEqual({ title: 'GQL pf never' });

      // The author has no drafts of its own; its draft & publish articles are filtered (look-ahead populate, then the loaders for a sorted field).
      const populated = await twice(`query($a: ID!) { author(documentId: $a, status: DRAFT, publicationFilter: NEVER_PUBLISHED) { articles { title } } }`, { a: author });
      expect(populated.author.articles).toEqual([{ title: 'GQL pf never' }]);
      const loaded = await twice(`query($a: ID!) { author(documentId: $a, status: DRAFT, publicationFilter: MODIFIED) { articles(sort: "title:desc") { title views } } }`, { a: author });
      expect(loaded.author.articles).toEqual([{ title: 'GQL pf edited', views: 5 }]);
    });

    it('reports invalid input as BAD_USER_INPUT with the validation details', async () => {
      const res = await gql(app.url, `mutation { createArticle(data: { views: 3 }) { documentId } }`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ createArticle: null });
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', error: { name: 'ValidationError', details: { errors: [expect.objectContaining({ path: ['title'] })] } } });
    });
  });

  describe('permissions', () => {
    it('refuses relations to types the caller cannot find with Forbidden at their path, as Strapi 5.54 does (test/easyfest)', async () => {
      const runtime = new GraphqlRuntime(app.engine, { defaultLimit: 10, amountLimit: 100 });
      const service = new ExtensionService();
      registerBuiltins(service, app.engine);
      const { schema } = await buildServedSchema({ engine: app.engine, mode: 'v5', generated: await graphqlSchemas.v5(), service });
      const articlesOnly: AuthContext = { kind: 'public', can: (action) => action === 'api::article.article.find' };
      const run = (source: string) => execute({ schema, source, contextValue: { cms: new GraphqlRequest(runtime, articlesOnly), auth: articlesOnly, http: {}, state: { auth: articlesOnly } } });
      const paths = (errors: readonly { message: string; path?: readonly (string | number)[] }[] | undefined) => errors?.map((e) => [e.message, e.path]);
      // A to-many relation is a non-null list: its error nulls the article.
      const both = await run('{ articles(filters: { title: { eq: "Count 1" } }) { title author { name } categories { name } } }');
      expect(paths(both.errors)).toEqual([
        ['Forbidden', ['articles', 0, 'author']],
        ['Forbidden', ['articles', 0, 'categories']],
      ]);
      expect(both.data?.articles).toEqual([null]);
      const connection = await run('{ articles(filters: { title: { eq: "Count 1" } }) { title categories_connection { nodes { name } } } }');
      expect(paths(connection.errors)).toEqual([['Forbidden', ['articles', 0, 'categories_connection']]]);
      expect(connection.data?.articles).toEqual([{ title: 'Count 1', categories_connection: null }]);
      // Nothing selected below a relation it may not read: the article itself is answered.
      const plain = await run('{ articles(filters: { title: { eq: "Count 1" } }) { title } }');
      expect(plain).toEqual({ data: { articles: [{ title: 'Count 1' }] } });
    });

    it('authenticates like REST: a user JWT reaches its role\'s types and `me`', async () => {
      const name = `gql${Math.random().toString(36).slice(2, 10)}`;
      const registered = await fetch(`${app.url}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'Passw0rd!x' }) });
      const { jwt } = (await registered.json()) as { jwt: string };
      const bearer = { authorization: `Bearer ${jwt}` };
      const me = await gql(app.url, '{ me { username email role { type } } privateNotes { title } }', undefined, bearer);
      expect(me.body).toEqual({ data: { me: { username: name, email: `${name}@example.com`, role: { type: 'authenticated' } }, privateNotes: [] } });
      const anonymous = await gql(app.url, '{ me { username } }');
      expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });

    it('answers an invalid token with 401 in GraphQL form', async () => {
      const res = await gql(app.url, '{ __typename }', undefined, { authorization: 'Bearer not-a-jwt' });
      expect(res.status).toBe(401);
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', error: { name: 'UnauthorizedError' } });
    });
  });

  describe('HTTP', () => {
    it('blocks simple GET requests as CSRF unless they carry a preflight header', async () => {
      const blocked = await fetch(`${app.url}/graphql?query=%7B__typename%7D`);
      expect(blocked.status).toBe(400);
      expect(await blocked.text()).toContain('Cross-Site Request Forgery');
      const allowed = await fetch(`${app.url}/graphql?query=%7B__typename%7D`, { headers: { 'apollo-require-preflight': 'true' } });
      expect(await allowed.json()).toEqual({ data: { __typename: 'Query' } });
    });

    it('serves the sandbox page with its CSP on /graphql only', async () => {
      const page = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline'");
      expect(await page.text()).toMatch(/^\s*<!doctype html>/i);
      const api = await fetch(`${app.url}/api/articles`);
      expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
    });

    it('serves the sandbox compressed, with an ETag that turns a reload into a 304', async () => {
      const br = await fetchRaw(`${app.url}/graphql`, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      const html = brotliDecompressSync(br.body).toString('utf8');
      expect(html).toMatch(/^\s*<!doctype html>/i);
      // The page is about 9 MB; compressed it must be a fraction of that.
      expect(br.body.length).toBeLessThan(html.length / 3);
      const gz = await fetchRaw(`${app.url}/graphql`, { accept: 'text/html', 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString('utf8')).toBe(html);
      const plain = await fetchRaw(`${app.url}/graphql`, { accept: 'text/html', 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(html);
      const etag = br.headers.etag;
      expect(typeof etag).toBe('string');
      const again = await fetchRaw(`${app.url}/graphql`, { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': String(etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      // A client that does not prefer HTML still reaches the API on GET.
      const api = await fetchRaw(`${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { accept: '*/*', 'apollo-require-preflight': 'true' });
      expect(JSON.parse(api.body.toString('utf8'))).toEqual({ data: { __typename: 'Query' } });
    });

    it('answers unknown fields with 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const res = await gql(app.url, '{ articles { nope } }');
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });
  });

  describe('v4 compatibility mode', () => {
    let db: TestDb;
    let v4: ConfiguredApp;

    beforeAll(async () => {
      db = await createTestDatabase(database);
      v4 = await startConfiguredApp(db.url, { graphql: { config: { v4CompatibilityMode: true } } });
    }, 120_000);

    afterAll(async () => {
      await v4?.stop();
      await db?.drop();
    });

    it('answers in the data/attributes shape with Strapi 4 signatures', async () => {
      const created = await data(v4.url, `mutation { createArticle(data: { title: "v4 one" }) { data { id attributes { title } } } }`);
      const id = created.createArticle.data.id;
      expect(created.createArticle.data.attributes).toEqual({ title: 'v4 one' });
      const one = await data(v4.url, `query($id: ID) { article(id: $id) { data { id attributes { title author { data { id } } categories { data { id } } } } } }`, { id });
      expect(one.article.data).toEqual({ id, attributes: { title: 'v4 one', author: { data: null }, categories: { data: [] } } });
      const list = await data(v4.url, `{ articles(filters: { title: { eq: "v4 one" } }, publicationState: LIVE) { data { id } meta { pagination { page pageSize pageCount total } } } }`);
      expect(list.articles).toEqual({ data: [{ id }], meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 } } });
      const deleted = await data(v4.url, `mutation($id: ID!) { deleteArticle(id: $id) { data { id attributes { title } } } }`, { id });
      expect(deleted.deleteArticle.data).toEqual({ id, attributes: { title: 'v4 one' } });
      const flat = await gql(v4.url, '{ articles { documentId } }');
      expect(flat.status).toBe(400);
    });

    it('populates the data/attributes selection in the root read: REST populate statements, same answers as the loaders', async () => {
      const ops = (uid: string) => collectionOperations(v4.engine, uid);
      const author = await ops('api::author.author').create({ data: { name: 'v4 author' } }, {}, ADMIN);
      const categories = [];
      for (const name of ['v4 a', 'v4 b']) categories.push(await ops('api::category.category').create({ data: { name } }, {}, ADMIN));
      for (let i = 0; i < 30; i++) {
        await ops('api::article.article').create({ data: { title: `v4 list ${i}`, author: author.documentId, categories: categories.map((c) => c.documentId), seo: { meta_title: `m${i}` } } }, {}, ADMIN);
      }
      const query = (size: number) =>
        `{ articles(filters: { title: { startsWith: "v4 list " } }, pagination: { pageSize: ${size} }, sort: "title") { data { id attributes { title author { data { id attributes { name articles { data { attributes { title } } } } } } categories { data { attributes { name } } } seo { meta_title } } } } }`;
      const statements = async (q: string): Promise<number> => (await contentStatements(v4.db, () => data(v4.url, q))).statements.length;
      const answer = await data(v4.url, query(30));
      expect(answer.articles.data).toHaveLength(30);
      expect(answer.articles.data[0]).toEqual({
        id: expect.any(String),
        attributes: {
          title: 'v4 list 0',
          author: { data: { id: author.documentId, attributes: { name: 'v4 author', articles: { data: expect.any(Array) } } } },
          categories: { data: [{ attributes: { name: 'v4 a' } }, { attributes: { name: 'v4 b' } }] },
          seo: { meta_title: 'm0' },
        },
      });
      // Nested to-many lists hold defaultLimit (10) items, as through the loaders.
      expect(answer.articles.data[0].attributes.author.data.attributes.articles.data).toHaveLength(10);
      // Page, count (meta), author, its articles, categories, seo: one statement each, for 5 or 30 articles.
      expect(await statements(query(30))).toBe(6);
      expect(await statements(query(5))).toBe(6);
      // Populated in the root read: the authors are read with the selected `name` only (a loader
      // reads whole rows: `bio`, `email`).
      const spy = jest.spyOn(v4.db, 'query');
      try {
        await data(v4.url, query(5));
        const authorReads = spy.mock.calls.map(([sql]) => sql).filter((sql) => /"authors"/.test(sql));
        expect(authorReads).toHaveLength(1);
        expect(authorReads[0]).toMatch(/"name"/);
        expect(authorReads[0]).not.toMatch(/"bio"|"email"/);
      } finally {
        spy.mockRestore();
      }
      // A relation with filters falls back to its loader and answers the same way.
      const filtered = await data(v4.url, `{ articles(filters: { title: { eq: "v4 list 1" } }) { data { attributes { categories(filters: { name: { eq: "v4 b" } }) { data { attributes { name } } } } } } }`);
      expect(filtered.articles.data).toEqual([{ attributes: { categories: { data: [{ attributes: { name: 'v4 b' } }] } } }]);
      const third = answer.articles.data[2];
      const one = await data(v4.url, `query($id: ID) { article(id: $id) { data { attributes { title author { data { attributes { name } } } } } } }`, { id: third.id });
      expect(one.article.data.attributes).toEqual({ title: third.attributes.title, author: { data: { attributes: { name: 'v4 author' } } } });
    });
  });
});

/** A GET with exact headers and the raw body: fetch() would decode the content encoding itself. */
function fetchRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
