// Builds test/kitchen-kit (every scalar type with options, every relation kind, components nested two
// deep with relations, a dynamic zone, media, i18n, draft & publish on and off, a single type) with
// the generator into a temporary folder, and starts that app in-process on a fresh database. The
// build happens once per test process; each start gets its own database.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from '../../generator/build';
import { DEFAULT_EMIT_OPTIONS } from '../../generator/emitters/types';
import { startApp, type AppDefinition } from '../../runtime';
import { freshDatabase, type FixtureApp, type TestDatabase } from './fixture-app';

const REPO = resolve(__dirname, '..', '..');
const KIT = join(REPO, 'test', 'kitchen-kit');

let built: { root: string; definition: AppDefinition } | undefined;

/** Generates the kit's app once: its bootstrap.json is placed first, so the scaffold keeps it. */
function buildKit(): { root: string; definition: AppDefinition } {
  if (built) return built;
  const root = mkdtempSync(join(tmpdir(), 'cms-gen-kitchen-kit-'));
  const outDir = join(root, 'app');
  mkdirSync(outDir);
  cpSync(join(KIT, 'bootstrap.json'), join(outDir, 'bootstrap.json'));
  // The generated sources import graphql, type-graphql, … from the repository's packages.
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  const lines: string[] = [];
  const code = build({ schemasDir: KIT, outDir, check: false, force: false, emit: DEFAULT_EMIT_OPTIONS }, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  if (code !== 0) throw new Error(`building test/kitchen-kit failed:\n${lines.join('\n')}`);
  // Required, not imported: the app exists only after the build above.
  const main = require(join(outDir, 'src', 'main.ts')) as { app: AppDefinition };
  built = { root, definition: main.app };
  return built;
}

/** The generated folder is removed when the test process ends. */
process.once('exit', () => {
  if (built) rmSync(built.root, { recursive: true, force: true });
});

/** The generated app's folder (tests read its emitted files). */
export function kitchenKitAppDir(): string {
  return join(buildKit().root, 'app');
}

export async function startKitchenKitApp(database: TestDatabase): Promise<FixtureApp> {
  const { definition } = buildKit();
  const temp = await freshDatabase(database);
  process.env.DATABASE_URL = temp.url;
  const running = await startApp(definition, { port: 0, host: '127.0.0.1', log: () => undefined });
  return {
    ...running,
    stop: async () => {
      await running.close();
      await temp.drop();
    },
  };
}
