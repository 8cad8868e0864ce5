// test/kitchen-kit: every scalar type with options, every relation kind, components nested two deep
// with relations, a dynamic zone, media, i18n, draft & publish on and off, a single type.
import { startKitApp } from './kit-app';
import type { FixtureApp, TestDatabase } from './fixture-app';

export const startKitchenKitApp = (database: TestDatabase): Promise<FixtureApp> => startKitApp('kitchen-kit', database);
