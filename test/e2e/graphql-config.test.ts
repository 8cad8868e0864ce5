// Configuration reaching the GraphQL server: another endpoint, Apollo options passed through, the
// landing page switched off, shadow CRUD off (only extensions and `me` remain), limits from the file,
// and the cost limit, off by default (as in Strapi), refusing costly queries once it is set.
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { contentStatements } from '../helpers/statement-count';

describe('GraphQL configuration', () => {
  let db: TestDb;
  let app: ConfiguredApp;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    app = await startConfiguredApp(db.url, { graphql: { config: { endpoint: '/gql', shadowCRUD: false, landingPage: false, depthLimit: 1, apolloServer: { csrfPrevention: false } } } });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  const post = async (query: string) => {
    const res = await fetch(`${app.url}/gql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return { status: res.status, body: await res.json() };
  };

  it('serves the configured endpoint only', async () => {
    expect((await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })).status).toBe(404);
    expect((await post('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });

  it('serves no content-type schema without shadow CRUD', async () => {
    const q = await post('{ __type(name: "Query") { fields { name } } }');
    expect(q.body.data.__type.fields.map((f: { name: string }) => f.name)).toEqual(['me']);
    expect((await post('{ articles { title } }')).status).toBe(400);
  });

  it('passes apolloServer options to Apollo (here: CSRF prevention off)', async () => {
    const res = await fetch(`${app.url}/gql?query=%7B__typename%7D`);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('serves no landing page when it is off, and keeps the JSON CSP', async () => {
    const res = await fetch(`${app.url}/gql`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-type')).not.toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
  });

  it('applies the configured depth limit', async () => {
    const res = await post('{ me { role { name } } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/exceeds maximum operation depth of 1/);
  });
});

describe('GraphQL cost limit, when configured', () => {
  let db: TestDb;
  let app: ConfiguredApp;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    app = await startConfiguredApp(db.url, { graphql: { config: { complexityLimit: 100_000 } } });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('refuses a query costing more than the limit before running any statement, and answers cheaper ones', async () => {
    const post = async (query: string) => {
      const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      return { status: res.status, body: await res.json() };
    };
    // 1 + 100 * (1 + 100 * (1 + 100 * 1)) = 1 010 101.
    const { result: costly, statements } = await contentStatements(app.db, () =>
      post('{ articles(pagination: { pageSize: 100 }) { categories(pagination: { pageSize: 100 }) { articles(pagination: { pageSize: 100 }) { title } } } }'),
    );
    expect(costly.status).toBe(400);
    expect(costly.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COMPLEX', cost: 1_010_101, limit: 100_000 } });
    expect(statements).toEqual([]);
    const cheap = await post('{ articles(pagination: { pageSize: 100 }) { categories { name } } }');
    expect(cheap).toEqual({ status: 200, body: { data: { articles: [] } } });
  });
});

// Apollo Server stops itself on SIGTERM/SIGINT and raises the signal again, unless NODE_ENV is
// `test`; the app owns shutdown and drains first (docs/scaling.md, "Stopping an instance"). Apollo
// reads the environment from `nodeEnv`, so this in-process test can ask for production.
describe('GraphQL and stop signals', () => {
  let db: TestDb;
  let app: ConfiguredApp | undefined;
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('leaves SIGTERM and SIGINT to the app in production, even when apolloServer asks for them', async () => {
    db = await createTestDatabase('sqlite');
    const before = { SIGTERM: process.listenerCount('SIGTERM'), SIGINT: process.listenerCount('SIGINT') };
    app = await startConfiguredApp(db.url, { graphql: { config: { apolloServer: { nodeEnv: 'production', stopOnTerminationSignals: true } } } });
    expect({ SIGTERM: process.listenerCount('SIGTERM'), SIGINT: process.listenerCount('SIGINT') }).toEqual(before);
    expect(app.logs).toContain('warning: graphql: apolloServer.stopOnTerminationSignals is ignored: the app stops GraphQL itself once requests in flight have finished');
  }, 120_000);
});
