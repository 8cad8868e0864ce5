// Admin sessions live in the database: two instances of the app on one PostgreSQL database serve
// the same signed-in admin, and signing out on one ends the session on both.
import { adminClient } from '../helpers/admin-client';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';

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
    expect((await onA.post('/auth/register-first', { firstname: 'Ada', email: 'ada@example.com', password: 'Sup3rSecret' })).status).toBe(200);
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
});
