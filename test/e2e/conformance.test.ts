// The shared conformance suite's REST cases against the generated fixture app, on SQLite,
// PostgreSQL and MariaDB. Every selected case must pass; each is reported as its own test.
import { listCaseIds, runConformance, type CaseResult } from '../helpers/conformance';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';

const CASES = listCaseIds(['rest.']);

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('conformance rest.* on %s', (database) => {
  let app: FixtureApp;
  let results: Map<string, CaseResult>;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    results = new Map((await runConformance(app.url, CASES)).map((r) => [r.id, r]));
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
  });

  it.each(CASES)('%s', (id) => {
    const result = results.get(id);
    expect(result).toBeDefined();
    expect(result?.message).toBe('');
    expect(result?.outcome).toBe('pass');
  });
});
