// Admin sessions and the login limit are shared by every instance: two instances of the app on one
// PostgreSQL database serve the same signed-in admin, signing out on one ends the session on both,
// and failed sign-ins count together whichever instance they reach (in the database, or in Redis
// when the app keeps its rate limits there).
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { adminClient } from '../helpers/admin-client';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';

const PASSWORD = 'Sup3rSecret';

/** The rows of the app's login-attempts table, read straight from the database. */
async function attempts(url: string): Promise<{ key: string; failures: number }[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT key, failures FROM admin_login_attempts ORDER BY id')).rows.map((r) => ({ key: String(r.key), failures: Number(r.failures) }));
  } finally {
    await client.end();
  }
}

/** Five failures spread over both instances, then the right password on each: both refuse (429). */
async function failOnBoth(a: ConfiguredApp, b: ConfiguredApp, email: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const res = await adminClient(i % 2 ? b.url : a.url).post('/auth/login', { email, password: `wrong${i}` });
    expect([i, res.status]).toEqual([i, 400]);
  }
  for (const app of [a, b]) {
    const limited = await adminClient(app.url).post('/auth/login', { email, password: PASSWORD });
    expect([limited.status, limited.body.error.name]).toEqual([429, 'RateLimitError']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

describe('admin sessions across two instances (PostgreSQL)', () => {
  let db: TestDb;
  let a: ConfiguredApp;
  let b: ConfiguredApp;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    a = await startConfiguredApp(db.url, {});
    b = await startConfiguredApp(db.url, {});
  }, 180_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  it('shares the session and its end', async () => {
    const onA = adminClient(a.url);
    expect((await onA.post('/auth/register-first', { firstname: 'Ada', email: 'ada@example.com', password: PASSWORD })).status).toBe(200);
    // The same cookies, sent to the other instance.
    const onB = adminClient(b.url);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    expect((await onB.get('/auth/me')).body.data.user.email).toBe('ada@example.com');
    const created = await onB.post('/content/api::author.author', { name: 'From B' });
    expect(created.status).toBe(201);
    expect((await onA.get(`/content/api::author.author/${created.body.data.documentId}`)).body.data.createdBy.firstname).toBe('Ada');
    expect((await onB.post('/auth/logout')).status).toBe(204);
    expect((await onA.get('/auth/me')).status).toBe(401);
  });

  it('counts failed sign-ins in the database, across instances, and a success on either clears the count', async () => {
    for (let i = 0; i < 4; i++) expect((await adminClient(i % 2 ? b.url : a.url).post('/auth/login', { email: 'ADA@example.com', password: 'nope' })).status).toBe(400);
    expect(await attempts(db.url)).toEqual([{ key: expect.stringMatching(/^login\|ada@example\.com\|/), failures: 4 }]);
    expect((await adminClient(b.url).post('/auth/login', { email: 'ada@example.com', password: PASSWORD })).status).toBe(200);
    expect(await attempts(db.url)).toEqual([]);
    await failOnBoth(a, b, 'ada@example.com');
    expect((await attempts(db.url)).map((r) => r.failures)).toEqual([5]);
    // Another email from the same address is counted apart.
    expect((await adminClient(b.url).post('/auth/login', { email: 'other@example.com', password: 'nope' })).status).toBe(400);
  });
});

describe('the admin login limit in Redis (two instances)', () => {
  let db: TestDb;
  let a: ConfiguredApp;
  let b: ConfiguredApp;
  const prefix = `admin-test-${randomUUID()}:`;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const plugins = { 'users-permissions': { config: { ratelimit: { store: 'redis', redis: { url: 'redis://127.0.0.1:6379', prefix } } } } };
    a = await startConfiguredApp(db.url, plugins);
    b = await startConfiguredApp(db.url, plugins);
    expect((await adminClient(a.url).post('/auth/register-first', { firstname: 'Ada', email: 'ada@example.com', password: PASSWORD })).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  it('shares the count through Redis, not the database', async () => {
    await failOnBoth(a, b, 'ada@example.com');
    expect(await attempts(db.url)).toEqual([]);
  });
});
