// Side by side with real Strapi 5.54 on the buchanan-solutions Next.js site template
// (test/buchanan-kit: the schemas of its cms/ folder as committed: draft & publish and i18n together,
// unique attributes in several locales, required booleans shared by every locale, a non-localized
// category on both sides of relations to localized types, zones whose buttons relate to pages,
// repeatable components inside repeatable components, five localized single types). The steps of
// test/buchanan/steps.ts run against the generated app on SQLite, PostgreSQL and MariaDB (one app
// per database, shared by every step), and every normalized answer must equal the one Strapi gave
// (test/buchanan/answers.json, recorded by `tsx test/answers/record.ts buchanan`). Key order aside.
import { describeReplay, type Replayed } from '../answers/replay';
import { SETS } from '../answers/sets';
import type { FixtureApp } from '../helpers/fixture-app';
import { startKitApp } from '../helpers/kit-app';
import { callJson } from '../helpers/http';

type Row = Record<string, unknown>;

const call = callJson<Row>;

describeReplay(SETS.buchanan, {
  title: 'answers as Strapi 5.54 did on the buchanan-solutions site template, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startKitApp('buchanan-kit', database),
  timeout: 180_000,
  more: (replayed: () => Replayed) => {
    let app: FixtureApp;
    beforeAll(() => {
      app = replayed().app;
    });

    it('a unique attribute is unique per locale: the same name in fr is accepted, a second document with it in en is refused', async () => {
      const name = `Unique ${Date.now()}`;
      const made = await call(app, 'POST', '/api/employees', { data: { slug: `u-${Date.now()}`, name, role: 'Engineer' } });
      expect(made.status).toBe(201);
      const id = (made.body.data as { documentId: string }).documentId;
      const fr = await call(app, 'PUT', `/api/employees/${id}?locale=fr`, { data: { name, role: 'Ingénieur', slug: `u-fr-${Date.now()}` } });
      expect(fr.status).toBe(200);
      const again = await call(app, 'POST', '/api/employees', { data: { slug: `u2-${Date.now()}`, name, role: 'Engineer' } });
      expect(again.status).toBe(400);
      expect((again.body.error as { message: string }).message).toBe('This attribute must be unique');
    });
  },
});
