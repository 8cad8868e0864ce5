// Starting in production: JWT_SECRET from the app's .env, a warning when API tokens cannot work,
// and GraphQL refusing introspection without telling clients to reconfigure an ApolloServer they
// never see. The configuration is what matters, so SQLite only.
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { gql } from '../helpers/graphql';

describe('GraphQL in production', () => {
  let db: TestDb;
  let app: ConfiguredApp;
  const saved = { NODE_ENV: process.env.NODE_ENV, JWT_SECRET: process.env.JWT_SECRET, API_TOKEN_SALT: process.env.API_TOKEN_SALT };

  beforeAll(async () => {
    process.env.NODE_ENV = 'production';
    // Production refuses to start without JWT_SECRET: here it comes from the app's .env.
    delete process.env.JWT_SECRET;
    delete process.env.API_TOKEN_SALT;
    db = await createTestDatabase('sqlite');
    app = await startConfiguredApp(db.url, {}, {}, 'JWT_SECRET=from-dot-env\n');
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('reads JWT_SECRET from .env and warns that API tokens need API_TOKEN_SALT', () => {
    expect(process.env.JWT_SECRET).toBe('from-dot-env');
    expect(app.logs.some((line) => line.startsWith('.env: 1 variable(s) set from'))).toBe(true);
    expect(app.logs).toContain('warning: API_TOKEN_SALT is not set: API tokens are refused in production until it is (env API_TOKEN_SALT or admin.apiToken.salt)');
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
