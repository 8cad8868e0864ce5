// Side by side with real Strapi 5.54: the parity-a steps (test/strapi-answers/parity-a.ts) run
// against the fixture app, on SQLite and PostgreSQL, and every normalized answer must equal the
// one Strapi gave (recorded in parity-a.json by record.ts; CI needs no Strapi). Key order is not
// compared here (toEqual).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { runParityA, type Recorded } from '../strapi-answers/parity-a';

const strapi = (JSON.parse(readFileSync(join(__dirname, '..', 'strapi-answers', 'parity-a.json'), 'utf8')) as { recorded: Recorded }).recorded;

describe.each<TestDatabase>(['sqlite', 'postgres'])('answers as Strapi 5.54 did (parity-a steps), on %s', (database) => {
  let app: FixtureApp;
  let ours: Recorded;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    ours = await runParityA(app.url);
  }, 120_000);
  afterAll(() => app?.stop());

  it('answers every recorded step, and no other', () => {
    expect(Object.keys(ours)).toEqual(Object.keys(strapi));
  });

  it.each(Object.keys(strapi))('%s', (name) => {
    expect(ours[name]).toEqual(strapi[name]);
  });
});
