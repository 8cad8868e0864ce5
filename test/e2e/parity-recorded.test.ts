// Answers recorded from real Strapi 5.54 (the parity set, test/parity/answers.json, written by
// `tsx test/answers/record.ts parity`) replayed against the generated app on SQLite, PostgreSQL and
// MariaDB (the filters compile to each dialect's SQL): the same seed through the REST API, the
// same requests, the same status and normalized body (ids, documentIds, timestamps and per-upload
// file values are placeholders; see PARITY_RULES in test/answers/normalize.ts). The groups marked
// `keyOrder` in test/parity/cases.ts also compare the order of keys in every object. No Strapi is
// needed here.
import { startFixtureApp } from '../helpers/fixture-app';
import { describeReplay } from '../answers/replay';
import { loadAnswers, SETS } from '../answers/sets';

describeReplay(SETS.parity, {
  title: 'answers recorded from Strapi 5.54, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startFixtureApp(database),
  more: () => {
    it('has recorded cases to replay', () => {
      expect(Object.keys(loadAnswers(SETS.parity)).length).toBeGreaterThan(20);
    });
  },
});
