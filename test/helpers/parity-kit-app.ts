// test/parity-kit: a localized draft & publish type with defaults, private attributes and
// relations, a password and a required media.
import { startKitApp } from './kit-app';
import type { FixtureApp, TestDatabase } from './fixture-app';

export const startParityKitApp = (database: TestDatabase): Promise<FixtureApp> => startKitApp('parity-kit', database);
