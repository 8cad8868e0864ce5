// Side by side with real Strapi 5.54 on conditional fields (test/conditions-kit: a required field
// its `conditions.visible` rule hides, at the top of a draft & publish type, of a type without it,
// and inside a component). The steps of test/conditions/steps.ts run against the generated app on
// SQLite, PostgreSQL and MariaDB, and every normalized answer must equal the one Strapi gave
// (test/conditions/answers.json, recorded by `tsx test/answers/record.ts conditions`). Key order aside.
import { describeReplay } from '../answers/replay';
import { SETS } from '../answers/sets';
import { startKitApp } from '../helpers/kit-app';

describeReplay(SETS.conditions, {
  title: 'answers as Strapi 5.54 did on conditional fields, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startKitApp('conditions-kit', database),
  timeout: 120_000,
});
