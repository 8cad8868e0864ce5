// test/morph-kit: polymorphic relations (note.subjects morphToMany, note.pinned morphToOne, their
// inverse sides on page and clip, and a type Public cannot read).
import { startKitApp } from './kit-app';
import type { FixtureApp, TestDatabase } from './fixture-app';

export const startMorphKitApp = (database: TestDatabase): Promise<FixtureApp> => startKitApp('morph-kit', database);
