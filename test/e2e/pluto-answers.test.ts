// Side by side with real Strapi 5.54 on PLUTO (test/pluto-kit: the University of Vienna's survey
// tool's schemas as committed: required `blocks` everywhere, required repeatable components,
// enumeration values with spaces, relations inside repeatable components, seven single types, an
// SEO component with length bounds and patterns). The steps of test/pluto/steps.ts run against the
// generated app on SQLite, PostgreSQL and MariaDB (one app per database, shared by every step), and
// every normalized answer must equal the one Strapi gave (test/pluto/answers.json, recorded by
// `tsx test/answers/record.ts pluto`), except the steps listed in `different`, where the app
// answers otherwise on purpose (docs/rest.md, "Differences from Strapi 5, on purpose"). Key order aside.
import { describeReplay, type Different } from '../answers/replay';
import type { Answer } from '../answers/run';
import { SETS } from '../answers/sets';
import { startKitApp } from '../helpers/kit-app';

const errors = (answer: Answer) => (answer.body as { error: { details: { errors: Array<{ path: string[]; message: string; value?: unknown }> } } }).error.details.errors;

const different: Record<string, Different> = {
  // A blocks value that is not an array: Strapi 5.54 casts it to null (and, the attribute being
  // required, refuses that null); the app refuses what was sent, naming it (blocks-rules.ts).
  'question.blocks-not-array': (ours, theirs) => {
    expect(theirs.status).toBe(400);
    expect(errors(theirs)).toEqual([{ path: ['explanation'], message: 'explanation must be a `array` type, but the final value was: `null`.', name: 'ValidationError', value: null }]);
    expect(ours.status).toBe(400);
    expect(errors(ours)).toEqual([{ path: ['explanation'], message: 'explanation must be an array of blocks', name: 'ValidationError', value: 'just text' }]);
  },
};

describeReplay(SETS.pluto, {
  title: 'answers as Strapi 5.54 did on PLUTO, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startKitApp('pluto-kit', database),
  different,
  timeout: 180_000,
});
