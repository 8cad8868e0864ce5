// GET /_ready asks the real database on every engine; /_health stays Strapi's bare 204.
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('readiness on %s', (database) => {
  let app: FixtureApp;
  beforeAll(async () => {
    app = await startFixtureApp(database);
  }, 120_000);
  afterAll(() => app?.stop());

  it('answers 200 while the database answers, 503 once it is gone', async () => {
    expect((await fetch(`${app.url}/_health`)).status).toBe(204);
    const ready = await fetch(`${app.url}/_ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { data: { status: 'ready' } }]);
    // The database goes away under the running server (a restart, a network cut).
    await app.db.close();
    const gone = await fetch(`${app.url}/_ready`);
    expect(gone.status).toBe(503);
    expect(((await gone.json()) as { error: { name: string } }).error.name).toBe('ServiceUnavailableError');
  }, 60_000);
});
