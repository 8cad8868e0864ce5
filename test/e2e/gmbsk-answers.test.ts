// Side by side with real Strapi 5.54 on gmb.sk (test/gmbsk-kit: the Bratislava City Gallery's
// schemas as committed: many-to-many and self relations, components nested with relations and media
// inside, every type localized). The steps of test/gmbsk/steps.ts run against the generated app on
// SQLite, PostgreSQL and MariaDB (one app per database, shared by every step), and every normalized answer
// must equal the one Strapi gave (test/gmbsk/answers.json, recorded by `tsx test/answers/record.ts
// gmbsk`), except the steps listed in `different`, where the app answers otherwise on purpose
// (docs/rest.md, "Deliberate"). Key order aside.
import { describeReplay, type Different, type Replayed } from '../answers/replay';
import type { Answer } from '../answers/run';
import { SETS } from '../answers/sets';
import type { FixtureApp } from '../helpers/fixture-app';
import { startKitApp } from '../helpers/kit-app';
import { callJson, errorPaths as paths } from '../helpers/http';

type Row = Record<string, unknown>;

const different: Record<string, Different> = {
  // A required media inside a component (a download's file) that Strapi let a write leave empty
  // (`content-page.file-required`, accepted by both): Strapi 5.54 types it non-null in GraphQL, so
  // reading it nulls the entry and adds an error; the app types it nullable and answers null.
  'graphql.content-pages': (ours, theirs) => {
    const pages = (answer: Answer) => (answer.body as { data: { contentPages: Array<{ title: string; downloadSection: { files: Array<Row | null> } }> } }).data.contentPages;
    const noFile = (answer: Answer) => pages(answer).find((p) => p.title.endsWith(' NoFile'));
    expect((theirs.body as { errors: Array<{ message: string }> }).errors[0].message).toBe('Cannot return null for non-nullable field ComponentBlocksFileItem.file.');
    expect(noFile(theirs)?.downloadSection.files).toEqual([null]);
    expect((ours.body as { errors?: unknown }).errors).toBeUndefined();
    expect(noFile(ours)?.downloadSection.files).toEqual([{ title: 'no file', file: null }]);
    expect(pages(ours).map((p) => p.title)).toEqual(pages(theirs).map((p) => p.title));
  },
  // A relation inside a component (the menu's link to Expo) to a draft & publish document: Strapi
  // 5.54 loses it when the target is republished (Expo, updated since); the app keeps it, as on
  // FoodAdvisor.
  'graphql.menu': (ours, theirs) => {
    const links = (answer: Answer) => (answer.body as { data: { menu: { menuLinks: Array<{ title: string; contentPage: Row | null }> } } }).data.menu.menuLinks;
    expect(links(theirs)[1].contentPage).toBeNull();
    expect(links(ours)[1].contentPage).toEqual({ title: '<stamp> Expo' });
    expect(links(ours).map((l) => l.title)).toEqual(links(theirs).map((l) => l.title));
  },
};

const call = callJson<Row>;


describeReplay(SETS.gmbsk, {
  title: 'answers as Strapi 5.54 did on gmb.sk, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startKitApp('gmbsk-kit', database),
  different,
  timeout: 180_000,
  more: (replayed: () => Replayed) => {
    let app: FixtureApp;
    beforeAll(() => {
      app = replayed().app;
    });

    it('a draft & publish type answers a required value left out only when nothing else is wrong', async () => {
      const zone = [{ __component: 'sections.page-section', layout: 'grid' }];
      const both = await call(app, 'POST', '/api/main-pages', { data: { title: 'left out', sections: zone } });
      expect(both.status).toBe(400);
      expect(paths(both.body)).toEqual([['sections', '0', 'layout']]);
      const sentNull = await call(app, 'POST', '/api/main-pages', { data: { title: { a: 1 }, slug: null } });
      expect(paths(sentNull.body)).toEqual([['title']]);
      const alone = await call(app, 'POST', '/api/main-pages', { data: { title: 'left out' } });
      expect(paths(alone.body)).toEqual([['slug']]);
    });

    it("a new localization takes every shared scalar kind from another locale, stored as the database stores a write's", async () => {
      // A datetime read back from MariaDB is ISO 8601 text, which MariaDB refuses as a parameter:
      // the copy once answered 400 there.
      const shared = { addedAt: '2026-02-03T04:05:06.789Z', dateFrom: '2026-02-01', timeFrom: '09:15:00.000', sellTickets: true, color: '#00ff00', purchaseId: 'shared-1' };
      const made = await call(app, 'POST', '/api/content-pages', { data: { title: 'shared scalars', slug: 'shared-scalars', ...shared } });
      expect(made.status).toBe(201);
      const id = (made.body.data as { documentId: string }).documentId;
      const sk = await call(app, 'PUT', `/api/content-pages/${id}?locale=sk`, { data: { title: 'zdieľané', slug: 'zdielane' } });
      expect(sk.status).toBe(200);
      expect(sk.body.data).toMatchObject({ locale: 'sk', title: 'zdieľané', ...shared });
      const en = await call(app, 'GET', `/api/content-pages/${id}`);
      expect(en.body.data).toMatchObject({ locale: 'en', title: 'shared scalars', ...shared });
    });
  },
});
