// The GraphQL fast path (runtime/graphql/fast-path.ts), end to end on the fixture app (SQLite: the
// path is the same whatever the database). A query text Apollo has answered compiled is answered
// without Apollo from then on: these tests send each query text three times (graphql-js, then
// compiled through Apollo, then the fast path), count the requests that reached Apollo (a spy on
// ApolloServer's executeHTTPGraphQLRequest, the Express integration's entry), and require the
// fast path's answer to be the one Apollo gave: status, every header, the same bytes. Then what
// must still reach Apollo: errors, refused permissions, the request limits, invalid variables,
// CSRF-relevant requests, batches, persisted queries, other Accept headers, mutations.
import { ApolloServer } from '@apollo/server';
import type { AuthContext } from '@cms-gen/runtime';
import { collectionOperations } from '@cms-gen/runtime';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

const ADMIN: AuthContext = { kind: 'api-token', can: () => true };
const PASSWORD = 'Passw0rd!x';

/** Headers that differ between any two answers (the moment, the request's own id). */
const PER_REQUEST = new Set(['date', 'x-request-id']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const kept: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_REQUEST.has(name)) kept[name] = value;
  });
  return { status: res.status, headers: kept, text: await res.text() };
}

describe('GraphQL fast path (sqlite)', () => {
  let app: FixtureApp;
  let apollo: jest.SpyInstance;
  let jwt: string;

  beforeAll(async () => {
    app = await startFixtureApp('sqlite');
    const ops = (uid: string) => collectionOperations(app.engine, uid);
    const author = await ops('api::author.author').create({ data: { name: 'Fast author' } }, {}, ADMIN);
    const category = await ops('api::category.category').create({ data: { name: 'Fast category' } }, {}, ADMIN);
    for (let i = 0; i < 3; i++) {
      await ops('api::article.article').create({ data: { title: `Fast ${i}`, views: i, author: author.documentId, categories: [category.documentId] } }, {}, ADMIN);
    }
    const name = `fast${Math.random().toString(36).slice(2, 10)}`;
    const registered = await fetch(`${app.url}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: name, email: `${name}@example.com`, password: PASSWORD }) });
    jwt = ((await registered.json()) as { jwt: string }).jwt;
    apollo = jest.spyOn(ApolloServer.prototype, 'executeHTTPGraphQLRequest');
  }, 120_000);

  afterAll(async () => {
    apollo?.mockRestore();
    await app?.stop();
  });

  /** Sends `body` three times; returns the answers and how many of the three reached Apollo. */
  async function thrice(body: unknown, headers: Record<string, string> = {}): Promise<{ answers: Answer[]; throughApollo: number[] }> {
    const answers: Answer[] = [];
    const throughApollo: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = apollo.mock.calls.length;
      answers.push(await post(app.url, body, headers));
      throughApollo.push(apollo.mock.calls.length - before);
    }
    return { answers, throughApollo };
  }

  describe('answers as Apollo does', () => {
    it.each([
      ['a list with relations', { query: '{ articles(sort: "title", filters: { title: { startsWith: "Fast" } }) { documentId title views author { name } categories { name } } }' }, {}],
      ['variables and an operation name', { query: 'query Other { __typename } query List($n: Int, $t: String) { articles(pagination: { pageSize: $n }, filters: { title: { startsWith: $t } }) { title } }', operationName: 'List', variables: { n: 2, t: 'Fast' } }, {}],
      ['null variables, operationName and extensions', { query: '{ articles(filters: { title: { eq: "Fast 1" } }) { title views } }', variables: null, operationName: null, extensions: null }, {}],
      ['a JSON Accept header and a charset', { query: '{ authors(filters: { name: { eq: "Fast author" } }) { name } }' }, { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' }],
      ['an authenticated caller', { query: '{ privateNotes(sort: "title") { title } }' }, { authorization: 'Bearer JWT' }],
    ])('%s: same status, headers and bytes, the third time without Apollo', async (_name, body, headers: Record<string, string>) => {
      const sent = headers.authorization ? { ...headers, authorization: `Bearer ${jwt}` } : headers;
      const { answers, throughApollo } = await thrice(body, sent);
      expect(throughApollo).toEqual([1, 1, 0]);
      expect(answers[0].status).toBe(200);
      expect(JSON.parse(answers[0].text).errors).toBeUndefined();
      expect(answers[2]).toEqual(answers[1]);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2].headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answers[2].headers['cache-control']).toBe('no-store');
      expect(answers[2].text.endsWith('}\n')).toBe(true);
    });

    it('reads the data afresh on every request (nothing of an answer is kept)', async () => {
      const query = { query: '{ articles(filters: { title: { startsWith: "Fresh" } }) { title } }' };
      await thrice(query);
      await collectionOperations(app.engine, 'api::article.article').create({ data: { title: 'Fresh one' } }, {}, ADMIN);
      const before = apollo.mock.calls.length;
      const answer = await post(app.url, query);
      expect(apollo.mock.calls.length).toBe(before);
      expect(JSON.parse(answer.text)).toEqual({ data: { articles: [{ title: 'Fresh one' }] } });
    });
  });

  describe('leaves to Apollo', () => {
    it('a caller the Public role refuses, for a text an authenticated caller made fast', async () => {
      const query = { query: '{ privateNotes { title } }' };
      const bearer = { authorization: `Bearer ${jwt}` };
      expect((await thrice(query, bearer)).throughApollo).toEqual([1, 1, 0]);
      const { answers, throughApollo } = await thrice(query);
      expect(throughApollo).toEqual([1, 1, 1]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.text)).toMatchObject({ errors: [{ message: 'Forbidden access', path: ['privateNotes'], extensions: { code: 'FORBIDDEN', error: { name: 'ForbiddenError' } } }] });
      }
      // The same text still answers its allowed caller without Apollo.
      const before = apollo.mock.calls.length;
      expect(JSON.parse((await post(app.url, query, bearer)).text)).toEqual({ data: { privateNotes: [] } });
      expect(apollo.mock.calls.length).toBe(before);
    });

    it('private fields: a document selecting one is refused every time', async () => {
      const { answers, throughApollo } = await thrice({ query: '{ usersPermissionsUsers { username password } }' });
      expect(throughApollo).toEqual([1, 1, 1]);
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.text).errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      }
    });

    it('variables that make a known text fail, and the request limits on its variables', async () => {
      const query = 'query($n: Int, $f: ArticleFiltersInput) { articles(pagination: { pageSize: $n }, filters: $f) { title } }';
      expect((await thrice({ query, variables: { n: 1 } })).throughApollo).toEqual([1, 1, 0]);
      let before = apollo.mock.calls.length;
      const invalid = await post(app.url, { query, variables: { n: 'x' } });
      expect(apollo.mock.calls.length).toBe(before + 1);
      expect(invalid.status).toBe(400);
      expect(JSON.parse(invalid.text).errors[0].message).toContain('Variable "$n" got invalid value "x"');
      // 3,000 nested `not`s: refused by the variables' depth bound before anything walks them.
      const deep = `{"not":`.repeat(3000) + '{"title":{"eq":"x"}}' + '}'.repeat(3000);
      before = apollo.mock.calls.length;
      const tooDeep = await post(app.url, `{"query":${JSON.stringify(query)},"variables":{"n":1,"f":${deep}}}`);
      expect(apollo.mock.calls.length).toBe(before + 1);
      expect(tooDeep.status).toBe(400);
    });

    it('an operation name the document does not have', async () => {
      const query = 'query Named { articles(pagination: { pageSize: 1 }) { title } }';
      expect((await thrice({ query })).throughApollo).toEqual([1, 1, 0]);
      const { answers, throughApollo } = await thrice({ query, operationName: 'Other' });
      expect(throughApollo).toEqual([1, 1, 1]);
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.text).errors[0].message).toBe('Unknown operation named "Other".');
      }
    });

    it('CSRF-relevant requests: a simple POST and a GET without a preflight header are refused as before', async () => {
      const query = '{ articles(pagination: { pageSize: 2 }) { title } }';
      expect((await thrice({ query })).throughApollo).toEqual([1, 1, 0]);
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const before = apollo.mock.calls.length;
        const simple = await post(app.url, JSON.stringify({ query }), { 'content-type': type });
        expect(apollo.mock.calls.length).toBe(before + 1);
        expect(simple.status).toBe(400);
        expect(simple.text).toContain('Cross-Site Request Forgery');
      }
      const before = apollo.mock.calls.length;
      const get = await fetch(`${app.url}/graphql?query=${encodeURIComponent(query)}`);
      expect(apollo.mock.calls.length).toBe(before + 1);
      expect(get.status).toBe(400);
      expect(await get.text()).toContain('Cross-Site Request Forgery');
    });

    it('batches, persisted queries and Accept headers that negotiate otherwise', async () => {
      const query = '{ categories(filters: { name: { eq: "Fast category" } }) { name } }';
      expect((await thrice({ query })).throughApollo).toEqual([1, 1, 0]);
      const through = async (body: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
        const before = apollo.mock.calls.length;
        const answer = await post(app.url, body, headers);
        expect(apollo.mock.calls.length).toBe(before + 1);
        return answer;
      };
      const batch = await through([{ query }]);
      expect(batch.status).toBe(400);
      expect(batch.text).toContain('Operation batching disabled');
      const persisted = await through({ query, extensions: { persistedQuery: { version: 1, sha256Hash: 'not-the-hash' } } });
      expect(persisted.status).toBe(400);
      expect(persisted.text).toContain('provided sha does not match query');
      const graphqlResponse = await through({ query }, { accept: 'application/graphql-response+json' });
      expect(graphqlResponse.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
      expect(JSON.parse(graphqlResponse.text)).toEqual({ data: { categories: [{ name: 'Fast category' }] } });
      const refused = await through({ query }, { accept: 'text/csv' });
      expect(refused.status).toBe(406);
    });

    it('mutations, every time', async () => {
      const query = 'mutation($name: String) { createCategory(data: { name: $name }) { name } }';
      for (let i = 0; i < 3; i++) {
        const before = apollo.mock.calls.length;
        const answer = await post(app.url, { query, variables: { name: `Fast made ${i}` } });
        expect(apollo.mock.calls.length).toBe(before + 1);
        expect(JSON.parse(answer.text)).toEqual({ data: { createCategory: { name: `Fast made ${i}` } } });
      }
    });
  });
});
