// Side by side with real Strapi 5.54: the parity-a steps (test/strapi-answers/parity-a.ts) run
// against the fixture app, on SQLite and PostgreSQL, and every normalized answer must equal the
// one Strapi gave (recorded in parity-a.json by `tsx test/answers/record.ts parity-a`; CI needs no
// Strapi). Key order is not compared here (toEqual).
import { startFixtureApp } from '../helpers/fixture-app';
import { describeReplay } from '../answers/replay';
import { SETS } from '../answers/sets';

describeReplay(SETS['parity-a'], {
  title: 'answers as Strapi 5.54 did (parity-a steps), on %s',
  databases: ['sqlite', 'postgres'],
  start: (database) => startFixtureApp(database),
});
