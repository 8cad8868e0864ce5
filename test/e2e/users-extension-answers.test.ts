// Side by side with real Strapi 5.54 on the users kit (test/users-kit: a users-permissions user
// extension modelled on FoodAdvisor's, with relations to the user from both sides, media, a
// component, private and required fields; a role extension; register.allowedFields). The steps of
// test/users-ext/requests.ts run against the generated app on SQLite, PostgreSQL and MariaDB, and
// every normalized answer must equal the one Strapi gave (recorded in test/users-ext/answers.json
// by `tsx test/answers/record.ts users`; CI needs no Strapi). Key order aside. The steps where the app
// answers otherwise on purpose are listed in DIFFERENT with the reason (docs/users-permissions.md),
// and what the app answers there is asserted instead.
import { describeReplay, type Different } from '../answers/replay';
import type { Answer } from '../answers/run';
import { SETS } from '../answers/sets';
import { startUsersKitApp } from '../helpers/users-kit-app';

const titles = (answer: Answer, key: string) => ((answer.body as Record<string, Array<{ title: string }>>)[key] ?? []).map((a) => a.title);

const DIFFERENT: Record<string, Different> = {
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

describeReplay(SETS.users, {
  title: 'answers as Strapi 5.54 did on the users kit, on %s',
  databases: ['sqlite', 'postgres', 'mariadb'],
  start: (database) => startUsersKitApp(database),
  different: DIFFERENT,
  timeout: 180_000,
});
