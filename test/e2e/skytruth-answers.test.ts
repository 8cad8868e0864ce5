// Side by side with real Strapi 5.54 on SkyTruth 30x30 (test/skytruth-kit: the schemas of its cms/
// folder as committed: localized types whose slug, enumeration and JSON configs are shared by every
// locale, non-localized stats relating to localized taxonomies, a self many-to-many, a two-sided
// one-to-one, one-way one-to-many, bigintegers and decimals with database column options). The steps
// of test/skytruth/steps.ts run against the generated app on SQLite, PostgreSQL and MariaDB (one app
// per database, shared by every step), and every normalized answer must equal the one Strapi gave
// (test/skytruth/answers.json, recorded by `tsx test/answers/record.ts skytruth`), except the steps
// listed in `different`, where the app answers otherwise on purpose (docs/rest.md, "Differences
// from Strapi 5, on purpose"). Key order aside.
import { describeReplay, type Different, type Replayed } from '../answers/replay';
import type { Answer } from '../answers/run';
import { SETS } from '../answers/sets';
import type { FixtureApp } from '../helpers/fixture-app';
import { startKitApp } from '../helpers/kit-app';
import { callJson, errorPaths as paths } from '../helpers/http';

type Row = Record<string, unknown>;

const marineArea = (answer: Answer): unknown => ((answer.body as { data: Row }).data ?? {}).total_marine_area;

const different: Record<string, Different> = {
  // A biginteger past 2^53: Strapi 5.54 on SQLite rounds it to a double (…992); the app keeps
  // every digit, on every database.
  'location.biginteger-beyond-double': (ours, theirs) => {
    expect(theirs.status).toBe(201);
    expect(marineArea(theirs)).toBe('9007199254740992');
    expect(ours.status).toBe(201);
    expect(marineArea(ours)).toBe('9007199254740993');
  },
};

const call = callJson<Row>;


describeReplay(SETS.skytruth, {
  title: 'answers as Strapi 5.54 did on SkyTruth 30x30, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startKitApp('skytruth-kit', database),
  different,
  timeout: 180_000,
  more: (replayed: () => Replayed) => {
    let app: FixtureApp;
    beforeAll(() => {
      app = replayed().app;
    });

    it('a new localization of a type without draft & publish needs its required localized values, and stores nothing without them', async () => {
      const made = await call(app, 'POST', '/api/habitats', { data: { slug: 'kelp-forest', name: 'Kelp forest' } });
      expect(made.status).toBe(201);
      const id = (made.body.data as { documentId: string }).documentId;
      // `name` is required and localized; `slug` is shared, so it comes from en.
      const refused = await call(app, 'PUT', `/api/habitats/${id}?locale=es`, { data: { info: 'Bosque' } });
      expect([refused.status, paths(refused.body)]).toEqual([400, [['name']]]);
      const none = await call(app, 'GET', `/api/habitats/${id}?locale=es`);
      expect(none.status).toBe(404);
      const es = await call(app, 'PUT', `/api/habitats/${id}?locale=es`, { data: { name: 'Bosque de kelp' } });
      expect(es.status).toBe(200);
      expect(es.body.data).toMatchObject({ locale: 'es', name: 'Bosque de kelp', slug: 'kelp-forest' });
    });

    it("a column's defaultTo is what a create leaving the attribute out stores; sent values and null stay as sent", async () => {
      const base = { year: 2020, protected_areas_count: 1 };
      const left = await call(app, 'POST', '/api/protection-coverage-stats', { data: base });
      expect((left.body.data as Row).protected_area).toBe(0);
      const sent = await call(app, 'POST', '/api/protection-coverage-stats', { data: { ...base, protected_area: 4.5 } });
      expect((sent.body.data as Row).protected_area).toBe(4.5);
      const cleared = await call(app, 'POST', '/api/protection-coverage-stats', { data: { ...base, protected_area: null } });
      expect((cleared.body.data as Row).protected_area).toBeNull();
    });
  },
});
