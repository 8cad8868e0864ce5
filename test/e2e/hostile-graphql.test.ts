// Hostile and repeated GraphQL requests against the fixture app, on SQLite, PostgreSQL and MariaDB.
//
// 1. Repeated documents with variables. Apollo Client and urql send every query as one document
//    with variables; the second sighting of such a document is compiled by graphql-jit
//    (runtime/graphql/executor.ts), whose variable coercion unrolled the recursive filters inputs
//    without end: the second request never answered and the heap grew past 4 GB. These cases run
//    against the app in a child process capped at 512 MB of heap, each request with a timeout, so
//    a regression fails the test instead of taking the test runner down. Every document is sent
//    5 more times and must answer exactly as its first (uncompiled) sighting did; then other
//    variable values must answer as a fresh copy of the document (uncompiled) does.
// 2. Hostile documents and variables, in-process (so the SQL statements can be counted; each
//    document is sent once, so none is compiled here): fragment
//    cycles, unknown fragments, 10,000 nested braces, oversized documents, 3,000-deep and
//    100,000-item filters. Each is a 400 (or a BAD_USER_INPUT error) and runs no SQL statement.
// 3. Nested queries Strapi answers (five and eleven levels) are answered: there is no cost limit by
//    default, only depthLimit, which refuses a twelfth level as Strapi does.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { compiledPath } from '../helpers/compiled-app';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { gql, type GqlResult } from '../helpers/graphql';
import { contentStatements } from '../helpers/statement-count';

const REPO = resolve(__dirname, '../..');
/** Per request: a compilation that never ends must fail the test, not hang it. */
const REQUEST_TIMEOUT_MS = 10_000;
const REPEATS = 5;

interface GuardedApp {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The fixture app in a child process with a 512 MB heap (it dies instead of the test runner), run
 * by node on the compiled copy (test/helpers/compiled-app.ts) as the other app processes are.
 */
async function startGuardedApp(database: TestDatabase): Promise<GuardedApp> {
  const entry = compiledPath(join(REPO, 'test', 'helpers', 'serve-fixture-app.ts'));
  const child = spawn(process.execPath, ['--max-old-space-size=512', entry, database], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`guarded app did not start: ${stderr}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /URL (\S+)\n/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`guarded app exited (${code}): ${stderr}`));
    });
  });
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** One POST with a timeout; a dead or hanging server fails the test with a readable message. */
async function post(url: string, query: string, variables?: Record<string, unknown>): Promise<GqlResult> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

// Tests assert on arbitrary response shapes (as test/helpers/graphql.ts's `data`).
async function postData(url: string, query: string, variables?: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await post(url, query, variables);
  if (res.status !== 200 || res.body.errors) throw new Error(`GraphQL failed (${res.status}): ${res.text.slice(0, 500)}`);
  return res.body.data;
}

interface Seeded {
  ada: string;
  engineOne: string;
}

/** Two authors, three categories (one with a French version), six articles (one a draft only). */
async function seed(url: string): Promise<Seeded> {
  const author = async (name: string) => (await postData(url, 'mutation ($d: AuthorInput!) { createAuthor(data: $d) { documentId } }', { d: { name } })).createAuthor.documentId as string;
  const ada = await author('Hostile Ada');
  const linus = await author('Hostile Linus');
  const categories: string[] = [];
  for (const [name, position] of [['Hostile c1', 1], ['Hostile c2', 2], ['Hostile c3', 3]] as const) {
    categories.push((await postData(url, 'mutation ($d: CategoryInput!) { createCategory(data: $d) { documentId } }', { d: { name, position } })).createCategory.documentId);
  }
  await postData(url, 'mutation ($id: ID!, $d: CategoryInput!) { updateCategory(documentId: $id, data: $d, locale: "fr") { documentId } }', { id: categories[0], d: { name: 'Hostile c1 fr' } });
  let engineOne = '';
  for (let i = 1; i <= 6; i++) {
    const data = {
      title: `Engine ${i}`,
      views: i * 3,
      kind: i % 2 === 0 ? 'news' : 'tutorial',
      author: i <= 3 ? ada : linus,
      categories: categories.slice(0, 1 + (i % 3)),
      seo: { meta_title: `Meta ${i}` },
      blocks_list: [{ title: `Quote ${i}`, position: i }],
    };
    const created = await postData(url, 'mutation ($d: ArticleInput!, $s: PublicationStatus) { createArticle(data: $d, status: $s) { documentId } }', { d: data, s: i === 6 ? 'DRAFT' : 'PUBLISHED' });
    if (i === 1) engineOne = created.createArticle.documentId;
  }
  return { ada, engineOne };
}

interface RepeatCase {
  name: string;
  query: string;
  /** Variable sets: the first is repeated; the others are compared with a fresh copy of the document. */
  variables: (seeded: Seeded) => Record<string, unknown>[];
}

const ARTICLE_FIELDS = 'documentId title views kind author { name } categories(sort: ["position"]) { name } seo { meta_title } blocks_list { title }';

const REPEAT_CASES: RepeatCase[] = [
  {
    name: 'filters (the issue\'s document)',
    query: 'query Articles($filters: ArticleFiltersInput) { articles(filters: $filters) { documentId title } }',
    variables: () => [{ filters: { title: { containsi: 'engine' } } }, { filters: { title: { eq: 'Engine 2' } } }, {}],
  },
  {
    name: 'nested and/or/not filters',
    query: `query Nested($filters: ArticleFiltersInput) { articles(filters: $filters, sort: ["title"]) { ${ARTICLE_FIELDS} } }`,
    variables: () => [
      { filters: { and: [{ or: [{ title: { startsWith: 'Engine' } }, { views: { gt: 5 } }] }, { not: { title: { eq: 'Engine 3' } } }] } },
      { filters: { not: { or: [{ views: { lt: 6 } }, { kind: { eq: 'news' } }] } } },
      { filters: { title: { not: { in: ['Engine 1', 'Engine 2'] }, startsWith: 'Engine' } } },
    ],
  },
  {
    name: 'relation filters, to-one and to-many, and a relation field\'s own filters',
    query: 'query Relations($filters: ArticleFiltersInput, $categories: CategoryFiltersInput) { articles(filters: $filters, sort: ["title"]) { title author { name } categories(filters: $categories) { name } } }',
    variables: () => [
      { filters: { author: { name: { eq: 'Hostile Ada' } } }, categories: { position: { gte: 2 } } },
      { filters: { categories: { name: { in: ['Hostile c3'] } }, author: { articles: { views: { gt: 10 } } } }, categories: { or: [{ name: { eq: 'Hostile c1' } }, { name: { eq: 'Hostile c3' } }] } },
    ],
  },
  {
    name: 'pagination and sort',
    query: 'query Paged($filters: ArticleFiltersInput, $pagination: PaginationArg, $sort: [String]) { articles_connection(filters: $filters, pagination: $pagination, sort: $sort) { nodes { title views } pageInfo { page pageSize pageCount total } } }',
    variables: () => [
      { filters: { title: { startsWith: 'Engine' } }, pagination: { page: 2, pageSize: 2 }, sort: ['views:desc'] },
      { filters: { title: { startsWith: 'Engine' } }, pagination: { start: 1, limit: 3 }, sort: 'title:desc' },
      { filters: { title: { startsWith: 'Engine' } }, pagination: { limit: -1 } },
    ],
  },
  {
    name: 'status and publication filter',
    query: 'query Drafts($status: PublicationStatus, $publicationFilter: PublicationFilter, $filters: ArticleFiltersInput) { articles(status: $status, publicationFilter: $publicationFilter, filters: $filters, sort: ["title"]) { title publishedAt } }',
    variables: () => [
      { status: 'DRAFT', filters: { title: { startsWith: 'Engine' } } },
      { status: 'DRAFT', publicationFilter: 'NEVER_PUBLISHED_DOCUMENT', filters: { title: { startsWith: 'Engine' } } },
      { status: 'PUBLISHED', filters: { title: { eq: 'Engine 6' } } },
    ],
  },
  {
    name: 'locale',
    query: 'query Localized($locale: I18NLocaleCode, $filters: CategoryFiltersInput) { categories(locale: $locale, filters: $filters, sort: ["position"]) { name locale localizations { name locale } } }',
    variables: () => [{ locale: 'fr', filters: { name: { startsWith: 'Hostile' } } }, { locale: 'en', filters: { name: { startsWith: 'Hostile' } } }, { filters: { position: { eq: 2 } } }],
  },
  {
    name: 'an ID, a Boolean in a directive and a variable inside a literal',
    query: 'query One($id: ID!, $withAuthor: Boolean!, $title: String) { article(documentId: $id) { title author @include(if: $withAuthor) { name } } articles(filters: { title: { eq: $title } }) { title } }',
    variables: (seeded) => [
      { id: seeded.engineOne, withAuthor: true, title: 'Engine 4' },
      { id: seeded.engineOne, withAuthor: false, title: 'Engine 5' },
      // $title absent: graphql-js leaves `eq` out of the filter (every article matches).
      { id: seeded.engineOne, withAuthor: true },
    ],
  },
];

/** A copy of the document that Apollo caches apart: its first sighting runs uncompiled. */
let fresh = 0;
const freshCopy = (query: string): string => `${query}\n# fresh copy ${++fresh}`;

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('hostile GraphQL on %s', (database) => {
  describe('repeated documents with variables (app in a child process with a 512 MB heap)', () => {
    let app: GuardedApp | undefined;
    let seeded: Seeded;

    beforeAll(async () => {
      app = await startGuardedApp(database);
      seeded = await seed(app.url);
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
    });

    it.each(REPEAT_CASES)('$name: repeats answer as the first sighting, other values as a fresh copy', async ({ query, variables }) => {
      const url = (app as GuardedApp).url;
      const [first, ...others] = variables(seeded);
      const expected = await post(url, query, first);
      expect(expected.status).toBe(200);
      expect(expected.body.errors).toBeUndefined();
      for (let i = 0; i < REPEATS; i++) {
        const again = await post(url, query, first);
        expect({ status: again.status, body: again.body }).toEqual({ status: expected.status, body: expected.body });
      }
      for (const values of others) {
        const uncompiled = await post(url, freshCopy(query), values);
        expect(uncompiled.body.errors).toBeUndefined();
        const compiled = await post(url, query, values);
        expect({ status: compiled.status, body: compiled.body }).toEqual({ status: uncompiled.status, body: uncompiled.body });
      }
    });

    it('repeats mutations with data inputs (components, relations, enums) and answers alike', async () => {
      const url = (app as GuardedApp).url;
      const create = 'mutation Create($data: ArticleInput!, $status: PublicationStatus) { createArticle(data: $data, status: $status) { title views kind publishedAt author { name } categories { name } seo { meta_title } blocks_list { title position } } }';
      const data = { title: 'Mutated', views: 7, kind: 'review', author: seeded.ada, seo: { meta_title: 'Mutated meta' }, blocks_list: [{ title: 'q', position: 1 }] };
      const expected = await post(url, create, { data, status: 'DRAFT' });
      expect(expected.body.errors).toBeUndefined();
      expect(expected.body.data.createArticle).toMatchObject({ title: 'Mutated', kind: 'review', publishedAt: null, author: { name: 'Hostile Ada' } });
      for (let i = 0; i < REPEATS; i++) expect((await post(url, create, { data, status: 'DRAFT' })).body).toEqual(expected.body);

      const update = 'mutation Update($id: ID!, $data: ArticleInput!) { updateArticle(documentId: $id, data: $data) { title views seo { meta_title } } }';
      const changes = { id: seeded.engineOne, data: { views: 99, seo: { meta_title: 'Updated meta' } } };
      const updated = await post(url, update, changes);
      expect(updated.body).toEqual({ data: { updateArticle: { title: 'Engine 1', views: 99, seo: { meta_title: 'Updated meta' } } } });
      for (let i = 0; i < REPEATS; i++) expect((await post(url, update, changes)).body).toEqual(updated.body);
      const drafts = await postData(url, 'query ($f: ArticleFiltersInput) { articles(status: DRAFT, filters: $f) { title } }', { f: { title: { eq: 'Mutated' } } });
      expect(drafts.articles).toHaveLength(1 + REPEATS);
    });
  });

  describe('hostile documents and variables', () => {
    let app: FixtureApp;

    beforeAll(async () => {
      app = await startFixtureApp(database);
      await seed(app.url);
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
    });

    /** The answer to `query`, and how many content statements it ran. */
    async function answer(query: string, variables?: Record<string, unknown>): Promise<{ res: GqlResult; statements: number }> {
      const { result: res, statements } = await contentStatements(app.db, () => gql(app.url, query, variables));
      return { res, statements: statements.length };
    }

    it('answers a fragment cycle with a validation error, not a stack overflow', async () => {
      const { res, statements } = await answer('query { articles { ...A } } fragment A on Article { title ...B } fragment B on Article { documentId ...A }');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ message: 'Cannot spread fragment "A" within itself via "B".', extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) })]);
      expect(statements).toBe(0);
      const self = await gql(app.url, '{ articles { ...A } } fragment A on Article { author { articles { ...A } } }');
      expect(self.status).toBe(400);
      expect(self.body.errors[0].message).toBe('Cannot spread fragment "A" within itself.');
    });

    it('answers an unknown fragment with a validation error', async () => {
      const res = await gql(app.url, '{ articles { ...Missing } }');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ message: 'Unknown fragment "Missing".', extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) })]);
    });

    it('answers fragments that expand exponentially: graphql-js merges the repeated spreads (no cost limit by default, as in Strapi)', async () => {
      const fragments = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Article { title ...F${i + 1} ...F${i + 1} }`).join(' ');
      const { res, statements } = await answer(`{ articles(filters: { title: { eq: "Engine 2" } }) { ...F0 } } ${fragments} fragment F30 on Article { title }`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { articles: [{ title: 'Engine 2' }] } });
      // The page statement alone.
      expect(statements).toBe(1);
    });

    it('answers 10,000 nested braces with a clear syntax error', async () => {
      const { res, statements } = await answer(`{ articles ${'{ title '.repeat(10_000)}${'}'.repeat(10_001)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { message: 'Syntax Error: Document is nested too deeply: at most 128 levels of braces, brackets and parentheses are allowed.', locations: [{ line: 1, column: 1028 }], extensions: { code: 'GRAPHQL_PARSE_FAILED' } },
      ]);
      expect(statements).toBe(0);
      // A literal argument nested as deeply, and the same over GET.
      const literal = await gql(app.url, `{ articles(filters: ${'{ not: '.repeat(3000)}{ title: { eq: "x" } }${' }'.repeat(3000)}) { title } }`);
      expect(literal.status).toBe(400);
      expect(literal.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      // (a URL has room for a few hundred levels only)
      const viaGet = await fetch(`${app.url}/graphql?query=${encodeURIComponent(`{ articles ${'{ title '.repeat(300)}${'}'.repeat(301)}`)}`, { headers: { 'apollo-require-preflight': 'true' } });
      expect(viaGet.status).toBe(400);
      expect(((await viaGet.json()) as { errors: { message: string }[] }).errors[0].message).toMatch(/^Syntax Error: Document is nested too deeply/);
      // A POST's document is its body's (Apollo never reads a POST's URL): a deep text in its URL is not parsed.
      const deepUrl = `${app.url}/graphql?query=${encodeURIComponent(`{ articles ${'{ title '.repeat(300)}${'}'.repeat(301)}`)}`;
      const viaPost = await fetch(deepUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ articles(pagination: { pageSize: 1 }) { documentId } }' }) });
      expect(viaPost.status).toBe(200);
      expect(((await viaPost.json()) as { data: { articles: unknown[] } }).data.articles).toHaveLength(1);
    });

    it('answers a document of more than 15,000 tokens with a syntax error', async () => {
      const res = await gql(app.url, `{ ${Array.from({ length: 4000 }, (_, i) => `a${i}: articles { title }`).join(' ')} }`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      // graphql-js's own text (with its typo, "more that").
      expect(res.body.errors[0].message).toMatch(/^Syntax Error: Document contains more tha[nt] 15000 tokens\. Parsing aborted\.$/);
    });

    it('answers a filters variable nested 3,000 `not`s deep with a 400, and one nested 30 deep with REST\'s bound', async () => {
      const deep = `{"not":`.repeat(3000) + '{"title":{"eq":"x"}}' + '}'.repeat(3000);
      const { result: raw, statements: refused } = await contentStatements(app.db, () =>
        fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: `{"query":"query Deep($f: ArticleFiltersInput) { articles(filters: $f) { title } }","variables":{"f":${deep}}}`,
        }),
      );
      expect(raw.status).toBe(400);
      expect(await raw.json()).toEqual({ errors: [{ message: 'Variable "$f" is nested too deeply: at most 100 levels of lists and objects are allowed.', extensions: { code: 'BAD_USER_INPUT' } }] });
      expect(refused).toEqual([]);

      let thirty: Record<string, unknown> = { title: { eq: 'x' } };
      for (let i = 0; i < 30; i++) thirty = { not: thirty };
      const { res, statements } = await answer('query Deep30($f: ArticleFiltersInput) { articles(filters: $f) { title } }', { f: thirty });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ message: '$f is nested too deeply: at most 20 levels are allowed', extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError', details: { limit: 20 } } } });
      expect(statements).toBe(0);
    });

    it.each([40_000, 100_000])('answers an `in` list of %i items with a 400 before any SQL', async (size) => {
      const values = Array.from({ length: size }, (_, i) => `t${i}`);
      // A document of its own per size: repeating one would compile it (the guarded tests cover that).
      const { res, statements } = await answer(`query In${size}($f: ArticleFiltersInput) { articles(filters: $f) { title } }`, { f: { title: { in: values } } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ message: 'Array too long: at most 100 items are allowed in $f.title.in', extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError' } } });
      expect(statements).toBe(0);
    });

    it('answers an `or` of 20,000 branches with a 400 before any SQL', async () => {
      const { res, statements } = await answer('query Or($f: ArticleFiltersInput) { articles(filters: $f) { title } }', { f: { or: Array.from({ length: 20_000 }, (_, i) => ({ title: { eq: `t${i}` } })) } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe('Array too long: at most 100 items are allowed in $f.or');
      expect(statements).toBe(0);
    });

    it('bounds filters given inline and through nested variables and relation fields like REST: 100 items at most', async () => {
      const list = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `t${i}`));
      const ok = await gql(app.url, `{ articles(filters: { title: { in: ${list(100)} } }) { title } }`);
      expect(ok.body).toEqual({ data: { articles: [] } });
      const inline = await answer(`{ articles(filters: { title: { in: ${list(101)} } }) { title } }`);
      expect(inline.res.body.errors[0]).toMatchObject({ message: 'Array too long: at most 100 items are allowed in filters.title.in', path: ['articles'], extensions: { code: 'BAD_USER_INPUT' } });
      expect(inline.statements).toBe(0);
      const nested = await gql(app.url, 'query ($t: [String]) { articles(filters: { title: { in: $t } }) { title } }', { t: Array.from({ length: 500 }, (_, i) => `t${i}`) });
      expect(nested.body.errors[0]).toMatchObject({ message: 'Array too long: at most 100 items are allowed in filters.title.in', extensions: { code: 'BAD_USER_INPUT' } });
      const field = await gql(app.url, `{ authors { name articles(filters: { title: { in: ${list(150)} } }) { title } } }`);
      expect(field.body.errors[0]).toMatchObject({ message: 'Array too long: at most 100 items are allowed in filters.title.in', extensions: { code: 'BAD_USER_INPUT' } });
      const sort = await gql(app.url, 'query ($s: [String]) { articles(sort: $s) { title } }', { s: Array.from({ length: 101 }, () => 'title') });
      expect(sort.body.errors[0]).toMatchObject({ message: 'Array too long: at most 100 items are allowed in sort', extensions: { code: 'BAD_USER_INPUT' } });
    });

    it('answers an ordinary five-level nested query (articles → categories → articles → categories → articles), as Strapi does', async () => {
      const res = await gql(app.url, '{ articles(filters: { title: { eq: "Engine 2" } }) { title categories(sort: ["position"]) { name articles(sort: ["title"]) { title categories(sort: ["position"]) { name articles(sort: ["title"]) { title } } } } } }');
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      const [article] = res.body.data.articles;
      expect(article.title).toBe('Engine 2');
      expect(article.categories[0].name).toBe('Hostile c1');
      expect(article.categories[0].articles[0].categories[0].articles.map((a: { title: string }) => a.title)).toContain('Engine 2');
    });

    /** `levels` nested fields: articles → categories → articles → …, the last one a leaf (`title` or `name`). */
    function nested(levels: number): string {
      let selection = levels % 2 === 1 ? 'name' : 'title';
      for (let level = levels - 1; level >= 1; level--) selection = level % 2 === 1 ? `articles { title ${selection} }` : `categories { name ${selection} }`;
      return `query Deep { ${selection.replace(/^articles/, 'articles(filters: { title: { eq: "Engine 2" } })')} }`;
    }

    it('answers an 11-level nested query (the leaf at depth 10, within depthLimit) and refuses a 12-level one, as Strapi does', async () => {
      const eleven = await gql(app.url, nested(11));
      expect(eleven.status).toBe(200);
      expect(eleven.body.errors).toBeUndefined();
      expect(eleven.body.data.articles[0].title).toBe('Engine 2');
      const twelve = await answer(nested(12));
      expect(twelve.res.status).toBe(400);
      // One error per field one level too deep (`title title` there), as Strapi answers.
      const tooDeep = expect.objectContaining({ message: "'Deep' exceeds maximum operation depth of 10", extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) });
      expect(twelve.res.body.errors).toEqual([tooDeep, tooDeep]);
      expect(twelve.statements).toBe(0);
    });
  });
});
