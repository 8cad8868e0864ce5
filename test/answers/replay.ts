// The replay of Strapi's recorded answers in the e2e suites: for each database, starts the app the
// set's steps need, runs the steps against it (the same steps record.ts ran against Strapi) and
// compares every normalized answer with Strapi's, key order aside unless the set compares it.
// The steps where the app answers otherwise on purpose are listed by the suite in `different`, each
// with the check of what the app answers there instead, and each must still differ (a difference
// Strapi no longer makes is taken off the list). Suites that check answers their own way (the
// relation matrix) set `each: false` and add their tests in `more`.
import { isDeepStrictEqual } from 'node:util';
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { keyOrder } from './normalize';
import { runSteps, type Answer, type Recorded, type Steps } from './run';
import { loadAnswers, type AnswerSet } from './sets';

export type Different = (ours: Answer, theirs: Answer, database: TestDatabase) => void;

/** What a suite's own tests see, once the steps ran (read it inside tests or hooks). */
export interface Replayed {
  database: TestDatabase;
  app: FixtureApp;
  ours: Recorded;
  strapi: Recorded;
}

export interface ReplayOptions {
  /** The suite's title; `%s` is the database. */
  title: string;
  databases: TestDatabase[];
  start: (database: TestDatabase) => Promise<FixtureApp>;
  /** The steps run against the app, when they are the set's with other settings (the matrix's concurrency, its cases per database). */
  steps?: (database: TestDatabase) => Steps;
  /** The recorded answers a database replays, when not all of them (by name); the default is all. */
  replays?: (database: TestDatabase) => (name: string) => boolean;
  /** Steps answered otherwise on purpose, and what the app answers there. */
  different?: Record<string, Different>;
  /** One test per recorded step comparing it (default true). */
  each?: boolean;
  /** Tests of the suite's own, inside each database's block. */
  more?: (replayed: () => Replayed, database: TestDatabase) => void;
  /** beforeAll's time: starting the app and running every step. */
  timeout?: number;
}

export function describeReplay(set: AnswerSet, options: ReplayOptions): void {
  const recorded = loadAnswers(set);
  const different = options.different ?? {};
  describe.each<TestDatabase>(options.databases)(options.title, (database) => {
    let app: FixtureApp | undefined;
    let ours: Recorded;
    const replays = options.replays?.(database);
    const strapi = replays ? Object.fromEntries(Object.entries(recorded).filter(([name]) => replays(name))) : recorded;
    const steps = options.steps?.(database) ?? set.steps;

    beforeAll(async () => {
      app = await options.start(database);
      ours = await runSteps(app.url, steps, set.run);
    }, options.timeout ?? 120_000);
    afterAll(() => app?.stop());

    it('answers every recorded step, and no other', () => {
      expect(Object.keys(ours)).toEqual(Object.keys(strapi));
    });

    if (Object.keys(different).length > 0) {
      it('differs only where listed', () => {
        for (const name of Object.keys(different)) expect({ name, differs: !isDeepStrictEqual(ours[name], strapi[name]) }).toEqual({ name, differs: true });
      });
    }

    if (options.each !== false) {
      it.each(Object.keys(strapi))('%s', (name) => {
        const check = different[name];
        if (check) check(ours[name], strapi[name], database);
        else expect(ours[name]).toEqual(strapi[name]);
        if (set.keyOrder?.(name)) expect(keyOrder(ours[name]?.body)).toEqual(keyOrder(strapi[name].body));
      });
    }

    options.more?.(() => {
      if (!app) throw new Error('the app did not start');
      return { database, app, ours, strapi };
    }, database);
  });
}
