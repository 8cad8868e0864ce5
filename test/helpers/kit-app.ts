// Builds one of the test schema sets under test/ (`parity-kit`, `morph-kit`, `kitchen-kit`,
// `users-kit`, `loose-kit`, `relation-kit`, `admin-kit`, `foodadvisor-kit`, `gmbsk-kit`, `skytruth-kit`, `buchanan-kit`, `pluto-kit`, `easyfest-kit`, `conditions-kit`, `unique-kit`: schemas unlike the strapi-blog fixture) with the
// generator into a temporary folder, and starts that app in-process on a fresh database. A kit's
// `config/` (Strapi's plugin settings) becomes the app's, and its own user files (routes,
// controllers, … in Strapi's layout, e.g. relation-kit's documents() route) are copied in. Each kit
// is built once per test process; each start gets its own database.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from '../../generator/build';
import { DEFAULT_EMIT_OPTIONS } from '../../generator/emitters/types';
import { startApp, type AppDefinition } from '@cms-gen/runtime';
import { API_FOLDERS } from '../../runtime/server/customize/user-files';
import { freshDatabase, type FixtureApp, type TestDatabase } from './fixture-app';

const REPO = resolve(__dirname, '..', '..');

export type Kit = 'parity-kit' | 'morph-kit' | 'kitchen-kit' | 'users-kit' | 'loose-kit' | 'relation-kit' | 'admin-kit' | 'foodadvisor-kit' | 'gmbsk-kit' | 'skytruth-kit' | 'buchanan-kit' | 'pluto-kit' | 'easyfest-kit' | 'conditions-kit' | 'unique-kit';

const built = new Map<Kit, { root: string; definition: AppDefinition }>();

/**
 * Generates the kit's app once: its bootstrap.json is placed first, so the scaffold keeps it. The
 * app is `<root>/app` (its client package in `<root>/app/client`).
 */
export function buildKit(kit: Kit): { root: string; definition: AppDefinition } {
  const done = built.get(kit);
  if (done) return done;
  const schemas = join(REPO, 'test', kit);
  const root = mkdtempSync(join(tmpdir(), `cms-gen-${kit}-`));
  const outDir = join(root, 'app');
  mkdirSync(outDir);
  cpSync(join(schemas, 'bootstrap.json'), join(outDir, 'bootstrap.json'));
  if (existsSync(join(schemas, 'config'))) cpSync(join(schemas, 'config'), join(outDir, 'config'), { recursive: true });
  // The generated sources import graphql, type-graphql, … from the repository's packages.
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  const lines: string[] = [];
  const code = build({ schemasDir: schemas, outDir, check: false, force: false, emit: DEFAULT_EMIT_OPTIONS }, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  if (code !== 0) throw new Error(`building test/${kit} failed:\n${lines.join('\n')}`);
  copyUserFiles(join(schemas, 'src', 'api'), join(outDir, 'src', 'api'));
  // Required, not imported: the app exists only after the build above.
  const main = require(join(outDir, 'src', 'main.ts')) as { app: AppDefinition };
  const result = { root, definition: main.app };
  built.set(kit, result);
  return result;
}

/** The kit's `src/api/<api>/{controllers,routes,…}` folders, over the stubs the build wrote. */
function copyUserFiles(from: string, to: string): void {
  if (!existsSync(from)) return;
  for (const api of readdirSync(from)) {
    for (const folder of API_FOLDERS) {
      const dir = join(from, api, folder);
      if (existsSync(dir)) cpSync(dir, join(to, api, folder), { recursive: true });
    }
  }
}

/** The generated folders are removed when the test process ends. */
process.once('exit', () => {
  for (const { root } of built.values()) rmSync(root, { recursive: true, force: true });
});

/** `port` 0 (the default) takes any free port; side-by-side runs by hand pass a fixed one. */
export async function startKitApp(kit: Kit, database: TestDatabase, port = 0): Promise<FixtureApp> {
  const { definition } = buildKit(kit);
  const temp = await freshDatabase(database, definition);
  process.env.DATABASE_URL = temp.url;
  const running = await startApp(definition, { port, host: '127.0.0.1', log: () => undefined });
  return {
    ...running,
    stop: async () => {
      await running.close();
      await temp.drop();
    },
  };
}
