// test/users-kit: a users-permissions user extension modelled on FoodAdvisor's (relations to the
// user from both sides, media, a component, a private field, a required field, a redeclared
// username) and a role extension, with register.allowedFields in its config/plugins.js.
import { startKitApp } from './kit-app';
import type { FixtureApp, TestDatabase } from './fixture-app';

export const startUsersKitApp = (database: TestDatabase, port = 0): Promise<FixtureApp> => startKitApp('users-kit', database, port);
