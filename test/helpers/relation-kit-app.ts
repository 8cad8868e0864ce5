// test/relation-kit: every relation kind between four types (draft & publish on and off on either
// side), morph relations, and a route running strapi.documents() (test/relation-matrix).
import { startKitApp } from './kit-app';
import type { FixtureApp, TestDatabase } from './fixture-app';

export const startRelationKitApp = (database: TestDatabase): Promise<FixtureApp> => startKitApp('relation-kit', database);
