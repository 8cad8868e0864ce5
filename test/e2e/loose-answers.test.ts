// Side by side with real Strapi 5.54 on the loose kit (test/loose-kit: custom fields, attributes
// Strapi manages declared by hand, loosely declared relations, values Strapi accepts, a dashed
// collectionName and a 60-character attribute name). The steps of test/loose/steps.ts run against
// the generated app on SQLite, PostgreSQL and MariaDB, and every normalized answer must equal the
// one Strapi gave (test/loose/answers.json, recorded by `tsx test/answers/record.ts loose`). Key
// order aside.
// The relations no attribute owns, which make Strapi crash, are asserted on their own below.
import { describeReplay, type Replayed } from '../answers/replay';
import { SETS } from '../answers/sets';
import type { FixtureApp } from '../helpers/fixture-app';
import { startKitApp } from '../helpers/kit-app';
import { callJson } from '../helpers/http';

interface Reply {
  status: number;
  body: { data: { documentId: string; owner?: unknown } & Record<string, unknown>; error?: unknown };
}

const call = callJson<Reply['body']>;

describeReplay(SETS.loose, {
  title: 'answers as Strapi 5.54 did on the loose kit, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startKitApp('loose-kit', database),
  more: (replayed: () => Replayed) => {
    let app: FixtureApp;
    beforeAll(() => {
      app = replayed().app;
    });

    describe('relations no attribute owns (left out of the API)', () => {
      let person: string;
      beforeAll(async () => {
        person = (await call(app, 'POST', '/api/people', { data: { name: 'unowned' } })).body.data.documentId;
      });

      it('populate skips them without an error, as Strapi does', async () => {
        const one = await call(app, 'GET', `/api/people/${person}?fields[0]=name&populate[pets]=true&populate[teams]=true`);
        expect(one).toEqual({ status: 200, body: { data: { id: expect.any(Number), documentId: person, name: 'unowned' }, meta: {} } });
        const list = await call(app, 'GET', '/api/people?filters[name][$eq]=unowned&fields[0]=name&populate=pets');
        expect(list.body.data).toEqual([{ id: expect.any(Number), documentId: person, name: 'unowned' }]);
      });

      it('filters and writes name them like private attributes', async () => {
        const filter = await call(app, 'GET', '/api/people?filters[pets][name][$eq]=rex');
        expect(filter.body.error).toEqual({ status: 400, name: 'ValidationError', message: 'Invalid key pets', details: { key: 'pets', path: 'pets', source: 'query', param: 'filters' } });
        const write = await call(app, 'POST', '/api/teams', { data: { name: 't', members: [person] } });
        expect(write.body.error).toEqual({ status: 400, name: 'ValidationError', message: 'Invalid key members', details: { key: 'members', path: 'members', source: 'body' } });
      });

      it('a pet links to its owner one way', async () => {
        const pet = await call(app, 'POST', '/api/pets?populate[owner][fields][0]=name', { data: { name: 'rex', owner: person } });
        expect(pet.status).toBe(201);
        expect(pet.body.data.owner).toEqual({ id: expect.any(Number), documentId: person, name: 'unowned' });
      });
    });
  },
});
