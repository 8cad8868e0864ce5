// Side by side with real Strapi 5.54 on the users kit (test/users-kit: a users-permissions user
// extension modelled on FoodAdvisor's, with relations to the user from both sides, media, a
// component, private and required fields; a role extension; register.allowedFields). The steps of
// test/users-ext/requests.ts run against the generated app on SQLite, PostgreSQL and MariaDB, and
// every normalized answer must equal the one Strapi gave (recorded in test/users-ext/answers.json
// by test/users-ext/record.ts; CI needs no Strapi). Key order aside. The steps where the app
// answers otherwise on purpose are listed in DIFFERENT with the reason (docs/users-permissions.md),
// and what the app answers there is asserted instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { FixtureApp, TestDatabase } from '../helpers/fixture-app';
import { startUsersKitApp } from '../helpers/users-kit-app';
import { runUserSteps, type Answer, type Recorded } from '../users-ext/steps';

const strapi = (JSON.parse(readFileSync(join(__dirname, '..', 'users-ext', 'answers.json'), 'utf8')) as { recorded: Recorded }).recorded;

const titles = (answer: Answer, key: string) => ((answer.body as Record<string, Array<{ title: string }>>)[key] ?? []).map((a) => a.title);

const DIFFERENT: Record<string, (ours: Answer, theirs: Answer) => void> = {
  // Strapi 5.54 reads /users through its query layer, which does not pick a version of draft &
  // publish targets: the user's relations list the draft and the published row of each article,
  // and draft-only articles, to anyone allowed to read users. The app lists the published
  // versions, as every other read does.
  'users.one-populate-favorites': (ours, theirs) => {
    expect(titles(theirs, 'favorites')).toEqual(['<stamp> Pasta', '<stamp> Pasta']);
    expect(titles(ours, 'favorites')).toEqual(['<stamp> Pasta']);
  },
  'users.one-populate-articles': (ours, theirs) => {
    expect(titles(theirs, 'articles')).toEqual(['<stamp> Draft', '<stamp> Pasta', '<stamp> Pasta']);
    expect(titles(ours, 'articles')).toEqual(['<stamp> Pasta']);
  },
  // Strapi 5.54's GraphQL createUsersPermissionsUser runs the REST controller, whose 201 leaks
  // into the GraphQL response; the app answers GraphQL with 200, the body is the same.
  'gql.create-user': (ours, theirs) => {
    expect(theirs.status).toBe(201);
    expect(ours).toEqual({ ...theirs, status: 200 });
  },
};

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('answers as Strapi 5.54 did on the users kit, on %s', (database) => {
  let app: FixtureApp;
  let ours: Recorded;

  beforeAll(async () => {
    app = await startUsersKitApp(database);
    ours = await runUserSteps(app.url);
  }, 180_000);
  afterAll(() => app?.stop());

  it('answers every recorded step, and no other', () => {
    expect(Object.keys(ours)).toEqual(Object.keys(strapi));
  });

  it('differs only where listed', () => {
    for (const name of Object.keys(DIFFERENT)) expect({ name, differs: !isDeepStrictEqual(ours[name], strapi[name]) }).toEqual({ name, differs: true });
  });

  it.each(Object.keys(strapi))('%s', (name) => {
    const different = DIFFERENT[name];
    if (different) different(ours[name], strapi[name]);
    else expect(ours[name]).toEqual(strapi[name]);
  });
});
