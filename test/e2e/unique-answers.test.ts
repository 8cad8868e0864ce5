// Side by side with real Strapi 5.54 on `unique` attributes (test/unique-kit: a draft & publish
// type and one without it, with unique attributes of their own and in a component held single,
// repeatable, nested and in a dynamic zone). The steps of test/unique/steps.ts run against the
// generated app on SQLite, PostgreSQL and MariaDB, and every normalized answer must equal the one
// Strapi gave (test/unique/answers.json, recorded by `tsx test/answers/record.ts unique`). Key order aside.
import { describeReplay } from '../answers/replay';
import { SETS } from '../answers/sets';
import { startKitApp } from '../helpers/kit-app';

describeReplay(SETS.unique, {
  title: 'answers as Strapi 5.54 did on unique attributes, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startKitApp('unique-kit', database),
  timeout: 120_000,
});
