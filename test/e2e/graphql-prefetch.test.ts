// GraphQL look-ahead populate and compiled execution, end to end on SQLite and PostgreSQL.
//  - Look-ahead populate (runtime/graphql/prefetch.ts): a root list query reads the relations,
//    media and components it selects in the engine's `find`, with REST's populate. The tests count
//    its statements against the REST equivalent, check from the SQL it runs that it really
//    populates (only the selected columns are read), and check its answers against values computed
//    from the seeded data and against the per-field DataLoaders (the same document executed with
//    prefetch turned off): fragments, aliases, connections, `filters`/`sort` fallbacks, windowing
//    of to-many fields, components, dynamic zones, drafts, permissions, resolversConfig auth
//    overrides and nesting beyond the populate depth.
//  - Compiled execution (runtime/graphql/executor.ts): the same query text sent three times is run
//    by graphql-js, then compiled by graphql-jit; all three answers must be identical, and only
//    compilable queries (not introspection, not mutations) are compiled.
import { randomBytes } from 'node:crypto';
import { graphql as execute } from 'graphql';
import { compileQuery } from 'graphql-jit';
import type { AuthContext } from '@cms-gen/runtime';
import { collectionOperations } from '@cms-gen/runtime';
import { graphqlSchemas } from '../../fixtures/strapi-blog/app/src/graphql';
import { ExtensionService } from '../../runtime/graphql/extension/service';
import { registerBuiltins } from '../../runtime/graphql/builtins';
import { buildServedSchema } from '../../runtime/graphql/schema';
import { GraphqlRequest, type AuthOverride } from '../../runtime/graphql/request';
import { GraphqlRuntime } from '../../runtime/graphql/runtime';
import { client } from '../helpers/http';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { data, gql, type GqlResult } from '../helpers/graphql';
import { contentStatements } from '../helpers/statement-count';

// graphql-jit exports `compileQuery` as a non-configurable getter, so `jest.spyOn` cannot replace
// it ("Cannot redefine property"). The module is mocked instead, with the real implementation
// behind a jest.fn: the app runs in this process and its executor.ts gets this module.
jest.mock('graphql-jit', () => {
  const actual = jest.requireActual<typeof import('graphql-jit')>('graphql-jit');
  return { ...actual, compileQuery: jest.fn(actual.compileQuery) };
});

const compileCalls = jest.mocked(compileQuery);

const ADMIN: AuthContext = { kind: 'api-token', can: () => true };
const PASSWORD = 'Passw0rd!x';

/** A JSON answer without its stack traces (present only in development). */
function comparable(res: GqlResult): { status: number; body: unknown } {
  const body = JSON.parse(res.text, (key, value: unknown) => (key === 'stacktrace' ? undefined : value));
  return { status: res.status, body };
}

/** What the seed created (names are `<tag> …`, so nothing else in the database matches them). */
interface Seeded {
  tag: string;
  /** Lowercase tag for uid fields (slugs). */
  slug: string;
}

/**
 * Seeds, all under `tag`:
 *  - author `<tag> author` (email, avatar) with 5 articles `<tag> main 0..4`, each with categories
 *    a, b, c, a cover, an seo component (share image, one meta_social), two quotes and a zone
 *    (hero with image, rich text, cta with category a);
 *  - article `<tag> big` with 12 categories `<tag> k00..k11` and 12 gallery files `<tag> g00..g11`;
 *  - authors `<tag> few` and `<tag> many` with 5 and 50 articles (categories a and b);
 *  - author `<tag> deep` with a single article `<tag> deep`;
 *  - author `<tag> draft author` with a single draft-only article `<tag> draft`.
 */
async function seed(app: FixtureApp, tag: string): Promise<Seeded> {
  const slug = tag.toLowerCase();
  const ops = (uid: string) => collectionOperations(app.engine, uid);
  const file = async (name: string) =>
    ops('plugin::upload.file').create({ data: { name, hash: `${slug}_${name.replace(/\W/g, '_')}`, url: `/uploads/${slug}-${name}`, provider: 'local', mime: 'image/png', ext: '.png', size: 1.5 } }, {}, ADMIN);
  const category = async (key: string, position: number) => ops('api::category.category').create({ data: { name: `${tag} ${key}`, slug: `${slug}-${key}`, position } }, {}, ADMIN);
  const author = async (name: string, extra: Record<string, unknown> = {}) => ops('api::author.author').create({ data: { name, ...extra } }, {}, ADMIN);
  const article = async (data: Record<string, unknown>, query: Record<string, unknown> = {}) => ops('api::article.article').create({ data }, query, ADMIN);

  const [cover, share, hero, avatar] = [await file('cover.png'), await file('share.png'), await file('hero.png'), await file('avatar.png')];
  const [a, b, c] = [await category('a', 1), await category('b', 2), await category('c', 3)];
  const main = await author(`${tag} author`, { email: `${slug}@example.com`, avatar: avatar.id });
  for (let i = 0; i < 5; i++) {
    await article({
      title: `${tag} main ${i}`,
      views: i,
      author: main.documentId,
      categories: [a.documentId, b.documentId, c.documentId],
      cover: cover.id,
      seo: { meta_title: `${tag} seo ${i}`, share_image: share.id, meta_social: [{ social_network: 'Facebook', title: `${tag} fb ${i}` }] },
      blocks_list: [
        { title: 'q1', position: 1 },
        { title: 'q2', position: 2 },
      ],
      sections: [
        { __component: 'sections.hero', title: `${tag} hero ${i}`, image: hero.id },
        { __component: 'sections.rich-text', body: `rich ${i}` },
        { __component: 'sections.cta', label: `go ${i}`, category: a.documentId },
      ],
    });
  }

  const many = [];
  const gallery = [];
  for (let k = 0; k < 12; k++) {
    const key = String(k).padStart(2, '0');
    many.push(await category(`k${key}`, 100 + k));
    gallery.push(await file(`g${key}.png`));
  }
  await article({ title: `${tag} big`, categories: many.map((x) => x.documentId), gallery: gallery.map((g) => g.id) });

  for (const [name, count] of [
    ['few', 5],
    ['many', 50],
  ] as const) {
    const owner = await author(`${tag} ${name}`);
    for (let i = 0; i < count; i++) await article({ title: `${tag} ${name} ${String(i).padStart(2, '0')}`, author: owner.documentId, categories: [a.documentId, b.documentId] });
  }

  const deep = await author(`${tag} deep`);
  await article({ title: `${tag} deep`, author: deep.documentId });

  const draftAuthor = await author(`${tag} draft author`);
  await article({ title: `${tag} draft`, author: draftAuthor.documentId }, { status: 'draft' });
  return { tag, slug };
}

/** Queries with their expected data (from what `seed` created). */
interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  expected: unknown;
}

function cases(s: Seeded): Case[] {
  const { tag, slug } = s;
  const main = `filters: { title: { startsWith: "${tag} main " } }, sort: "title"`;
  const first = `filters: { title: { eq: "${tag} main 0" } }`;
  const big = `filters: { title: { eq: "${tag} big" } }`;
  const abc = [{ name: `${tag} a` }, { name: `${tag} b` }, { name: `${tag} c` }];
  const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${tag} k${String(from + i).padStart(2, '0')}`).map((name) => ({ name }));
  const files = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ name: `g${String(from + i).padStart(2, '0')}.png` }));
  const five = [0, 1, 2, 3, 4];
  return [
    {
      name: 'named and inline fragments, nested fragments on the relation',
      query: `query { articles(${main}) { ...Art ... on Article { cover { url } } } }
        fragment Art on Article { title ...Rel }
        fragment Rel on Article { author { ...Au } categories { name } }
        fragment Au on Author { name }`,
      expected: { articles: five.map((i) => ({ title: `${tag} main ${i}`, author: { name: `${tag} author` }, categories: abc, cover: { url: `/uploads/${slug}-cover.png` } })) },
    },
    {
      name: 'aliases of one relation with different sub-selections',
      query: `{ articles(${first}) { a: categories { name } b: categories { slug position } x: author { name } y: author { email avatar { url } } } }`,
      expected: {
        articles: [
          {
            a: abc,
            b: ['a', 'b', 'c'].map((k, i) => ({ slug: `${slug}-${k}`, position: i + 1 })),
            x: { name: `${tag} author` },
            y: { email: `${slug}@example.com`, avatar: { url: `/uploads/${slug}-avatar.png` } },
          },
        ],
      },
    },
    {
      name: 'a relation and its _connection selected together, and a root connection',
      query: `{ one: articles(${first}) { categories_connection { nodes { name } } categories { slug } }
        page: articles_connection(${main}, pagination: { pageSize: 2 }) { nodes { title author { name } categories_connection { nodes { name } } } pageInfo { total pageSize pageCount } } }`,
      expected: {
        one: [{ categories_connection: { nodes: abc }, categories: ['a', 'b', 'c'].map((k) => ({ slug: `${slug}-${k}` })) }],
        page: {
          nodes: [0, 1].map((i) => ({ title: `${tag} main ${i}`, author: { name: `${tag} author` }, categories_connection: { nodes: abc } })),
          pageInfo: { total: 5, pageSize: 2, pageCount: 3 },
        },
      },
    },
    {
      name: 'a relation with `filters` (loader fallback) next to the same relation without',
      query: `{ articles(${first}) { categories(filters: { name: { eq: "${tag} b" } }) { name } all: categories { name } author { name } } }`,
      expected: { articles: [{ categories: [{ name: `${tag} b` }], all: abc, author: { name: `${tag} author` } }] },
    },
    {
      name: 'a relation with `sort` (loader fallback)',
      query: `{ articles(${first}) { categories(sort: "name:desc") { name } categories_connection(sort: ["position:desc"]) { nodes { position } } plain: categories { position } } }`,
      expected: { articles: [{ categories: [...abc].reverse(), categories_connection: { nodes: [{ position: 3 }, { position: 2 }, { position: 1 }] }, plain: [{ position: 1 }, { position: 2 }, { position: 3 }] }] },
    },
    {
      name: 'to-many fields hold defaultLimit (10) items unless paginated',
      query: `{ articles(${big}) {
          categories { name }
          p2: categories(pagination: { page: 2, pageSize: 5 }) { name }
          tail: categories(pagination: { start: 10, limit: 5 }) { name }
          categories_connection(pagination: { pageSize: 3 }) { nodes { name } }
          gallery { name }
          allGallery: gallery(pagination: { limit: 20 }) { name }
          gallery_connection(pagination: { page: 3, pageSize: 5 }) { nodes { name } } } }`,
      expected: {
        articles: [
          {
            categories: keys(0, 10),
            p2: keys(5, 10),
            tail: keys(10, 12),
            categories_connection: { nodes: keys(0, 3) },
            gallery: files(0, 10),
            allGallery: files(0, 12),
            gallery_connection: { nodes: files(10, 12) },
          },
        ],
      },
    },
    {
      name: 'the inverse side of a localized relation, below a populated relation',
      query: `{ populated: articles(${big}) { categories(pagination: { limit: 3 }) { name articles { title } } }
        loaded: articles(${big}) { categories(pagination: { limit: 3 }) { name articles { title } filtered: articles(filters: { title: { eq: "${tag} big" } }) { title } } } }`,
      expected: {
        populated: [{ categories: keys(0, 3).map((k) => ({ ...k, articles: [{ title: `${tag} big` }] })) }],
        loaded: [{ categories: keys(0, 3).map((k) => ({ ...k, articles: [{ title: `${tag} big` }], filtered: [{ title: `${tag} big` }] })) }],
      },
    },
    {
      name: 'a component with a nested media and a nested repeatable component, a repeatable component',
      query: `{ articles(${main}, pagination: { pageSize: 2 }) { seo { meta_title share_image { url } meta_social { social_network title } } blocks_list { title position } } }`,
      expected: {
        articles: [0, 1].map((i) => ({
          seo: { meta_title: `${tag} seo ${i}`, share_image: { url: `/uploads/${slug}-share.png` }, meta_social: [{ social_network: 'Facebook', title: `${tag} fb ${i}` }] },
          blocks_list: [
            { title: 'q1', position: 1 },
            { title: 'q2', position: 2 },
          ],
        })),
      },
    },
    {
      name: 'a dynamic zone with inline fragments, media and relations inside',
      query: `{ articles(${first}) { title sections { __typename
          ... on ComponentSectionsHero { title image { url } }
          ... on ComponentSectionsRichText { body }
          ... on ComponentSectionsCta { label category { name } } } } }`,
      expected: {
        articles: [
          {
            title: `${tag} main 0`,
            sections: [
              { __typename: 'ComponentSectionsHero', title: `${tag} hero 0`, image: { url: `/uploads/${slug}-hero.png` } },
              { __typename: 'ComponentSectionsRichText', body: 'rich 0' },
              { __typename: 'ComponentSectionsCta', label: 'go 0', category: { name: `${tag} a` } },
            ],
          },
        ],
      },
    },
    {
      name: 'drafts read draft relations, published reads skip draft-only documents',
      query: `{ drafts: articles(status: DRAFT, filters: { title: { eq: "${tag} draft" } }) { title publishedAt author { name articles { title publishedAt } filtered: articles(filters: { publishedAt: { null: true } }) { title } } }
        published: articles(filters: { title: { eq: "${tag} draft" } }) { title }
        draftOfPublished: articles(status: DRAFT, ${first}) { title publishedAt author { name } categories { name } }
        writer: authors(filters: { name: { eq: "${tag} draft author" } }) { name articles { title } } }`,
      expected: {
        drafts: [{ title: `${tag} draft`, publishedAt: null, author: { name: `${tag} draft author`, articles: [{ title: `${tag} draft`, publishedAt: null }], filtered: [{ title: `${tag} draft` }] } }],
        published: [],
        draftOfPublished: [{ title: `${tag} main 0`, publishedAt: null, author: { name: `${tag} author` }, categories: abc }],
        writer: [{ name: `${tag} draft author`, articles: [] }],
      },
    },
    {
      name: 'a nested to-many list under a root list (inverse relations, per-parent windows)',
      query: `{ authors(filters: { name: { in: ["${tag} few", "${tag} many"] } }, sort: "name") { name articles { title categories { name } } articles_connection(pagination: { limit: 2 }) { nodes { author { name } } } } }`,
      expected: {
        authors: ['few', 'many'].map((who) => ({
          name: `${tag} ${who}`,
          articles: Array.from({ length: who === 'few' ? 5 : 10 }, (_, i) => ({ title: `${tag} ${who} ${String(i).padStart(2, '0')}`, categories: abc.slice(0, 2) })),
          articles_connection: { nodes: [{ author: { name: `${tag} ${who}` } }, { author: { name: `${tag} ${who}` } }] },
        })),
      },
    },
    {
      name: 'variables in arguments',
      query: `query($n: Int, $t: String) { articles(filters: { title: { startsWith: $t } }, sort: "title", pagination: { pageSize: $n }) { title author { name } } }`,
      variables: { n: 2, t: `${tag} main ` },
      expected: { articles: [0, 1].map((i) => ({ title: `${tag} main ${i}`, author: { name: `${tag} author` } })) },
    },
  ];
}

/** The names of `cases` (test titles; the queries need the seeded tag). */
const CASE_NAMES = cases({ tag: '', slug: '' }).map((c) => c.name);

function caseNamed(s: Seeded, name: string): Case {
  const found = cases(s).find((c) => c.name === name);
  if (!found) throw new Error(`no case ${name}`);
  return found;
}

/** Each relation level of `articles { author { articles { author … } } } }`, `levels` relations deep. */
function chain(levels: number, leaf: string): string {
  let body = leaf;
  for (let level = levels; level >= 1; level--) body = `${level % 2 === 1 ? 'author' : 'articles'} { ${body} }`;
  return body;
}

/** The answer to `chain(levels, …)` from the `<tag> deep` article (relation `level` and below). */
function chainAnswer(tag: string, levels: number, level = 1): Record<string, unknown> {
  const author = level % 2 === 1;
  const inner = level === levels ? (author ? { name: `${tag} deep` } : { title: `${tag} deep` }) : chainAnswer(tag, levels, level + 1);
  return author ? { author: inner } : { articles: [inner] };
}

describe.each<TestDatabase>(['sqlite', 'postgres'])('GraphQL look-ahead populate and compiled execution on %s', (database) => {
  let app: FixtureApp;
  let seeded: Seeded;
  let runtime: GraphqlRuntime;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    seeded = await seed(app, `PF${randomBytes(4).toString('hex')}`);
    runtime = new GraphqlRuntime(app.engine, { defaultLimit: 10, amountLimit: 100 });
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
  });

  /** The served schema, executed in-process (no HTTP, no depth limit) with a chosen caller. */
  async function direct(extension?: Parameters<ExtensionService['use']>[0]) {
    const service = new ExtensionService();
    registerBuiltins(service, app.engine);
    if (extension) service.use(extension);
    const { schema } = await buildServedSchema({ engine: app.engine, mode: 'v5', generated: await graphqlSchemas.v5(), service });
    return async (source: string, auth: AuthContext, override: AuthOverride = { kind: 'none' }, variableValues?: Record<string, unknown>) => {
      const result = await execute({ schema, source, variableValues, contextValue: { cms: new GraphqlRequest(runtime, auth, override), auth, http: {}, state: { auth } } });
      // Tests assert on arbitrary response shapes (JSON, as over HTTP).
      return JSON.parse(JSON.stringify(result)) as { data?: any; errors?: unknown[] };
    };
  }

  /** Each error of a direct run as `[message, path]`. */
  const errorPaths = (errors: unknown[] | undefined) => (errors as Array<{ message: string; path?: unknown }> | undefined)?.map((e) => [e.message, e.path]);

  /** Content statements `run` cost. */
  async function statements(run: () => Promise<unknown>): Promise<number> {
    return (await contentStatements(app.db, run)).statements.length;
  }

  /** The content statements `run` sent, in order. */
  async function sqlOf(run: () => Promise<unknown>): Promise<string[]> {
    return (await contentStatements(app.db, run)).statements;
  }

  describe('statements', () => {
    it('a list with author and categories costs REST populate\'s statements minus its count', async () => {
      const { tag } = seeded;
      const query = `{ articles(filters: { title: { startsWith: "${tag} main " } }, sort: "title") { title author { name } categories { name } } }`;
      const rest = client(app.url);
      const restQuery = { filters: { title: { $startsWith: `${tag} main ` } }, sort: 'title', fields: ['title'], populate: { author: { fields: ['name'] }, categories: { fields: ['name'] } } };
      const graph = await data(app.url, query);
      const answer = await rest.get('/api/articles', restQuery);
      expect(answer.status).toBe(200);
      // Same documents either way.
      expect(graph.articles).toEqual(answer.body.data.map((d: { title: string; author: { name: string }; categories: { name: string }[] }) => ({ title: d.title, author: { name: d.author.name }, categories: d.categories.map((x) => ({ name: x.name })) })));
      expect(graph.articles).toHaveLength(5);
      // The same reads as REST's find with populate (tables in order), beside its count (one
      // statement as counted). REST's sorted page is a deferred join (articles twice: ids, then rows).
      const tables = (q: string) => [...new Set([...q.matchAll(/\b(?:FROM|JOIN) "(\w+)"/g)].map((m) => m[1]))].join(' + ');
      const isCount = (q: string) => /COUNT\(/i.test(q);
      const restReads = await sqlOf(() => rest.get('/api/articles', restQuery));
      const graphReads = await sqlOf(() => data(app.url, query));
      expect(restReads.filter(isCount)).toHaveLength(1);
      expect(restReads.filter((q) => !isCount(q)).map(tables)).toEqual(graphReads.map(tables));
      expect(graphReads.map(tables)).toEqual(['articles', 'articles_author_lnk + authors', 'articles_categories_lnk + categories']);
    });

    it('populates in the root find: related rows are read with the selected columns only', async () => {
      const { tag } = seeded;
      const query = `{ articles(filters: { title: { startsWith: "${tag} main " } }) { title author { name } } }`;
      // Warm the permission cache, then look at the statements of one request.
      await data(app.url, query);
      const sql = (await sqlOf(() => data(app.url, query))).filter((s) => /\bauthors\b/.test(s));
      expect(sql.length).toBeGreaterThanOrEqual(1);
      // The look-ahead reads `name` only; a per-field loader reads the whole author (`bio`, `email`).
      expect(sql.join('\n')).toMatch(/name/);
      expect(sql.join('\n')).not.toMatch(/\bbio\b/);
      expect(sql.join('\n')).not.toMatch(/\bemail\b/);
      // The same field with `filters` falls back to the loader, which reads whole rows.
      const filtered = `{ articles(filters: { title: { startsWith: "${tag} main " } }) { title categories(filters: { name: { eq: "${tag} a" } }) { name } } }`;
      await data(app.url, filtered);
      const fallback = (await sqlOf(() => data(app.url, filtered))).filter((s) => /\bcategories\b/.test(s));
      expect(fallback.join('\n')).toMatch(/\bdescription\b/);
      // …and is not populated by the root as well: the page and the loader's statement only.
      expect(await statements(() => data(app.url, filtered))).toBe(2);
    });

    it('nested lists cost the same for 5 and 50 articles per author', async () => {
      const { tag } = seeded;
      const query = (who: string) => `{ authors(filters: { name: { eq: "${tag} ${who}" } }) { name articles { title categories { name } } } }`;
      const few = await data(app.url, query('few'));
      const many = await data(app.url, query('many'));
      expect(few.authors[0].articles).toHaveLength(5);
      expect(many.authors[0].articles).toHaveLength(10);
      for (const a of [...few.authors[0].articles, ...many.authors[0].articles]) expect(a.categories).toEqual([{ name: `${tag} a` }, { name: `${tag} b` }]);
      const fewCount = await statements(() => data(app.url, query('few')));
      const manyCount = await statements(() => data(app.url, query('many')));
      expect(manyCount).toBe(fewCount);
      expect(fewCount).toBe(3);
    });
  });

  describe('answers', () => {
    it.each(CASE_NAMES)('%s: answers the seeded values over HTTP', async (name) => {
      const c = caseNamed(seeded, name);
      const res = await gql(app.url, c.query, c.variables);
      expect({ name: c.name, status: res.status, body: res.body }).toEqual({ name: c.name, status: 200, body: { data: c.expected } });
    });

    it('answers every case as the per-field loaders do (the same document with prefetch off)', async () => {
      const run = await direct();
      for (const c of cases(seeded)) {
        const prefetched = await run(c.query, ADMIN, { kind: 'none' }, c.variables);
        // Under a resolversConfig auth rule the root does not populate: every field uses its loader.
        const loaded = await run(c.query, ADMIN, { kind: 'bypass' }, c.variables);
        expect({ name: c.name, ...prefetched }).toEqual({ name: c.name, data: c.expected });
        expect({ name: c.name, ...loaded }).toEqual({ name: c.name, data: c.expected });
      }
    });

    it('resolves levels below the populate depth through the loaders', async () => {
      const run = await direct();
      const { tag } = seeded;
      for (const levels of [9, 10, 11, 12]) {
        const leaf = levels % 2 === 1 ? 'name' : 'title';
        const query = `{ articles(filters: { title: { eq: "${tag} deep" } }) { title ${chain(levels, leaf)} } }`;
        const prefetched = await run(query, ADMIN);
        const loaded = await run(query, ADMIN, { kind: 'bypass' });
        expect({ levels, ...prefetched }).toEqual({ levels, data: { articles: [{ title: `${tag} deep`, ...chainAnswer(tag, levels) }] } });
        expect(loaded).toEqual(prefetched);
      }
    });
  });

  describe('permissions', () => {
    const QUERY = (tag: string) => `{ articles(filters: { title: { eq: "${tag} main 0" } }) {
        title author { name } categories { name } categories_connection { nodes { name } } filtered: categories(filters: { name: { eq: "${tag} a" } }) { name }
        cover { url } seo { meta_title share_image { url } }
        sections { __typename ... on ComponentSectionsCta { label category { name } } } } }`;

    it('a user who may find articles only is refused the relations to other types at their paths, every time (compiled too)', async () => {
      const { tag } = seeded;
      const name = `Articles only ${randomBytes(4).toString('hex')}`;
      const createRole = 'mutation($d: UsersPermissionsRoleInput!) { createUsersPermissionsRole(data: $d) { ok } }';
      expect(await data(app.url, createRole, { d: { name, description: 'articles only', permissions: ['api::article.article.find'] } })).toEqual({ createUsersPermissionsRole: { ok: true } });
      const roles = await data(app.url, '{ usersPermissionsRoles(pagination: { limit: -1 }) { documentId name } }');
      const role = roles.usersPermissionsRoles.find((r: { name: string }) => r.name === name);
      const u = randomBytes(5).toString('hex');
      const createUser = 'mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { documentId } } }';
      await data(app.url, createUser, { d: { username: `pf${u}`, email: `pf${u}@example.com`, password: PASSWORD, role: role.documentId, confirmed: true } });
      const login = await data(app.url, 'mutation($i: UsersPermissionsLoginInput!) { login(input: $i) { jwt } }', { i: { identifier: `pf${u}`, password: PASSWORD } });
      const bearer = { authorization: `Bearer ${login.login.jwt as string}` };

      // Strapi 5.54's GraphQL refuses a relation field to a type the caller may not `find`
      // (test/easyfest): `Forbidden access` at the field's path. The to-many `categories` is a
      // non-null list, so its error nulls the article, and graphql-js runs no field after it.
      // Media are not permission-checked (REST populates them for every caller as well).
      const forbidden = (path: (string | number)[]) => ({ message: 'Forbidden access', path, extensions: { code: 'FORBIDDEN', error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} } } });
      const expected = { errors: [forbidden(['articles', 0, 'author']), forbidden(['articles', 0, 'categories'])], data: { articles: [null] } };
      for (let i = 0; i < 3; i++) {
        const res = await gql(app.url, QUERY(tag), undefined, bearer);
        expect({ i, status: res.status, body: res.body }).toEqual({ i, status: 200, body: expected });
      }
      // REST's populate leaves out the same relations for this user.
      const rest = await client(app.url, bearer).get('/api/articles', { filters: { title: { $eq: `${tag} main 0` } }, populate: { author: true, categories: true, cover: true } });
      expect(rest.status).toBe(200);
      expect(rest.body.data).toHaveLength(1);
      expect(rest.body.data[0].author ?? null).toBeNull();
      expect(rest.body.data[0].categories ?? []).toEqual([]);
      expect(rest.body.data[0].cover).toMatchObject({ url: `/uploads/${seeded.slug}-cover.png` });
      // The anonymous caller (Public may find all of them) sees them in the same document.
      const anonymous = await data(app.url, QUERY(tag));
      expect(anonymous.articles[0]).toMatchObject({ author: { name: `${tag} author` }, categories: [{ name: `${tag} a` }, { name: `${tag} b` }, { name: `${tag} c` }], filtered: [{ name: `${tag} a` }] });
    });

    it('the same with execute and a caller that can find articles only; what it may read is answered', async () => {
      const run = await direct();
      const articlesOnly: AuthContext = { kind: 'public', can: (action) => action === 'api::article.article.find' };
      const result = await run(QUERY(seeded.tag), articlesOnly);
      expect(errorPaths(result.errors)).toEqual([
        ['Forbidden', ['articles', 0, 'author']],
        ['Forbidden', ['articles', 0, 'categories']],
      ]);
      expect(result.data).toEqual({ articles: [null] });
      const readable = await run(`{ articles(filters: { title: { eq: "${seeded.tag} main 0" } }) { title cover { url } seo { meta_title } sections { __typename } } }`, articlesOnly);
      expect(readable.errors).toBeUndefined();
      expect(readable.data.articles[0]).toMatchObject({ title: `${seeded.tag} main 0`, cover: { url: `/uploads/${seeded.slug}-cover.png` }, seo: { meta_title: `${seeded.tag} seo 0` } });
    });

    it('under a resolversConfig auth override the relations below keep the caller\'s permissions', async () => {
      // `auth: false` lets a caller without `article.find` list articles; the articles below the
      // author are still read with the caller's own permissions, so they are refused.
      const run = await direct({ resolversConfig: { 'Query.articles': { auth: false } } });
      const noArticles: AuthContext = { kind: 'public', can: (action) => action === 'api::author.author.find' || action === 'api::category.category.find' };
      const { tag } = seeded;
      const result = await run(`{ articles(filters: { title: { eq: "${tag} main 0" } }) { title author { name articles { title } } categories { name articles { title } } } }`, noArticles);
      // Loaded below the overridden root, the fields settle in no fixed order: compared as a set.
      expect(errorPaths(result.errors)?.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
        ['Forbidden', ['articles', 0, 'author', 'articles']],
        ['Forbidden', ['articles', 0, 'categories', 0, 'articles']],
        ['Forbidden', ['articles', 0, 'categories', 1, 'articles']],
        ['Forbidden', ['articles', 0, 'categories', 2, 'articles']],
      ]);
      expect(result.data).toEqual({ articles: [{ title: `${tag} main 0`, author: null, categories: [null, null, null] }] });
      // Without the override the root itself is refused.
      const refused = await (await direct())(`{ articles { title } }`, noArticles);
      expect(refused.data).toBeNull();
    });
  });

  describe('compiled execution', () => {
    let sent = 0;

    /** Sends `query` 3 times (a text no earlier request used) and returns the answers and compilations per send. */
    async function thrice(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<{ answers: Array<{ status: number; body: unknown }>; compiled: number[] }> {
      const text = `${query}\n# send ${++sent}`;
      const answers = [];
      const compiled = [];
      for (let i = 0; i < 3; i++) {
        const before = compileCalls.mock.calls.length;
        answers.push(comparable(await gql(app.url, text, variables, headers)));
        compiled.push(compileCalls.mock.calls.length - before);
      }
      return { answers, compiled };
    }

    function expectSame(answers: Array<{ status: number; body: unknown }>): void {
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }

    it.each(CASE_NAMES)('%s: the same answer from graphql-js, then compiled', async (name) => {
      const c = caseNamed(seeded, name);
      const { answers, compiled } = await thrice(c.query, c.variables);
      expect(answers[0]).toEqual({ status: 200, body: { data: c.expected } });
      expectSame(answers);
      // Compiled on the second sighting, then reused.
      expect(compiled).toEqual([0, 1, 0]);
    });

    it('variables: valid and invalid values of one document', async () => {
      const { tag } = seeded;
      const query = `query($n: Int) { articles(filters: { title: { startsWith: "${tag} main " } }, sort: "title", pagination: { pageSize: $n }) { title } }`;
      const text = `${query}\n# variables ${++sent}`;
      const answers = [];
      for (const n of [2, 2, 3, 'x', 'x', 'x']) answers.push(comparable(await gql(app.url, text, { n })));
      expect(answers[0]).toEqual({ status: 200, body: { data: { articles: [{ title: `${tag} main 0` }, { title: `${tag} main 1` }] } } });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual({ status: 200, body: { data: { articles: [0, 1, 2].map((i) => ({ title: `${tag} main ${i}` })) } } });
      expect(answers[3].status).toBe(400);
      expect(answers[3].body).toMatchObject({ errors: [{ message: expect.stringContaining('$n'), extensions: { code: 'BAD_USER_INPUT' } }] });
      expect(answers[4]).toEqual(answers[3]);
      expect(answers[5]).toEqual(answers[3]);
      // An invalid value from the first sighting on.
      const invalid = await thrice(query, { n: 'x' });
      expectSame(invalid.answers);
      expect(invalid.answers[0]).toEqual(answers[3]);
    });

    it('@include and @skip with a variable', async () => {
      const { tag } = seeded;
      const query = `query($flag: Boolean!) { articles(filters: { title: { eq: "${tag} main 0" } }) { title author @include(if: $flag) { name } categories @skip(if: $flag) { name } } }`;
      const on = await thrice(query, { flag: true });
      expectSame(on.answers);
      expect(on.answers[0]).toEqual({ status: 200, body: { data: { articles: [{ title: `${tag} main 0`, author: { name: `${tag} author` } }] } } });
      const off = await thrice(query, { flag: false });
      expectSame(off.answers);
      expect(off.answers[0]).toEqual({ status: 200, body: { data: { articles: [{ title: `${tag} main 0`, categories: [{ name: `${tag} a` }, { name: `${tag} b` }, { name: `${tag} c` }] }] } } });
      expect(on.compiled).toEqual([0, 1, 0]);
    });

    it('a dynamic zone union selected with __typename only compiles (its resolveType is synchronous)', async () => {
      const { tag } = seeded;
      const { answers, compiled } = await thrice(`{ articles(filters: { title: { eq: "${tag} main 1" } }) { sections { __typename } } }`);
      expectSame(answers);
      expect(answers[0]).toEqual({ status: 200, body: { data: { articles: [{ sections: [{ __typename: 'ComponentSectionsHero' }, { __typename: 'ComponentSectionsRichText' }, { __typename: 'ComponentSectionsCta' }] }] } } });
      expect(compiled).toEqual([0, 1, 0]);
    });

    it('resolver errors and nulls: a missing document, a forbidden type, a partial answer', async () => {
      const { tag } = seeded;
      const missing = await thrice('{ article(documentId: "does-not-exist") { title author { name } } }');
      expectSame(missing.answers);
      expect(missing.answers[0]).toEqual({ status: 200, body: { data: { article: null } } });

      const forbidden = await thrice('{ privateNotes { title } }');
      expectSame(forbidden.answers);
      expect(forbidden.answers[0].status).toBe(200);
      expect(forbidden.answers[0].body).toMatchObject({ data: null, errors: [{ path: ['privateNotes'], extensions: { code: 'FORBIDDEN' } }] });
      // Strapi 5.54 rebuilds its own errors without the field's locations.
      expect((forbidden.answers[0].body as { errors: object[] }).errors[0]).not.toHaveProperty('locations');

      const partial = await thrice(`{ articles(filters: { title: { eq: "${tag} main 0" } }) { title } privateNotes_connection { nodes { title } } }`);
      expectSame(partial.answers);
      expect(partial.answers[0].body).toMatchObject({ data: { articles: [{ title: `${tag} main 0` }], privateNotes_connection: null }, errors: [{ path: ['privateNotes_connection'], extensions: { code: 'FORBIDDEN' } }] });
      for (const r of [missing, forbidden, partial]) expect(r.compiled).toEqual([0, 1, 0]);
    });

    it('does not compile introspection or mutations', async () => {
      const introspection = await thrice('{ __schema { queryType { name } } }');
      expectSame(introspection.answers);
      expect(introspection.answers[0]).toEqual({ status: 200, body: { data: { __schema: { queryType: { name: 'Query' } } } } });
      expect(introspection.compiled).toEqual([0, 0, 0]);

      const mutation = await thrice('mutation { deleteArticle(documentId: "doesnotexist000000000000") { documentId } }');
      expectSame(mutation.answers);
      expect(mutation.answers[0]).toEqual({ status: 200, body: { data: { deleteArticle: { documentId: 'doesnotexist000000000000' } } } });
      expect(mutation.compiled).toEqual([0, 0, 0]);

      // A plain query next to them does compile (the mock sees the app's calls).
      const plain = await thrice(`{ articles(filters: { title: { eq: "${seeded.tag} main 2" } }) { title } }`);
      expect(plain.compiled).toEqual([0, 1, 0]);
      expect(compileCalls).toHaveBeenCalled();
    });
  });
});
