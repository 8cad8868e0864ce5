// GraphQL in production: introspection is refused, and the refusal does not tell clients to
// reconfigure an ApolloServer they never see. The configuration is what matters, so SQLite only.
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { gql } from '../helpers/graphql';

describe('GraphQL in production', () => {
  let db: TestDb;
  let app: ConfiguredApp;
  const saved = { NODE_ENV: process.env.NODE_ENV, JWT_SECRET: process.env.JWT_SECRET };

  beforeAll(async () => {
    process.env.NODE_ENV = 'production';
    process.env.JWT_SECRET = 'graphql-production-test-secret';
    db = await createTestDatabase('sqlite');
    app = await startConfiguredApp(db.url, {});
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('refuses introspection with a message about this server, not about ApolloServer', async () => {
    const res = await gql(app.url, '{ __schema { types { name } } }');
    const text = JSON.stringify(res.body);
    expect(text).toContain('GraphQL introspection is disabled in production');
    expect(text).not.toMatch(/ApolloServer|introspection: true/);
    // Ordinary queries still run.
    const ok = await gql(app.url, '{ articles { documentId } }');
    expect(ok.body.errors).toBeUndefined();
  }, 60_000);
});
