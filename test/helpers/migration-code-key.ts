// The key of the migration code (runtime/core/db and the schema engine's version) that names the
// migrated-database templates (migrated-database.ts), in a module of its own so that the global
// setup can compute it without loading the migration code.
//
// One key per run. A compiled copy of the helpers (compiled-app.ts) hashes its own `.js` files, so
// a child process started from it computed another key than the jest workers. Each side then
// dropped the other's templates as stale when it made one. A stage database dropped between its
// CREATE and its migration failed the start of the app in that child ("database … does not
// exist"). The global setup computes the key from the sources and hands it to every worker and
// child through the environment.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const REPO = resolve(__dirname, '..', '..');
export const MIGRATION_CODE_KEY_ENV = 'CMSGEN_MIGRATION_CODE_KEY';

/** Files under `dir` (recursively, sorted), for hashing. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

let codeKey: string | undefined;

/** The migration code's key: the run's (from the environment) or computed from the files here. */
export function migrationCodeKey(): string {
  if (codeKey) return codeKey;
  const given = process.env[MIGRATION_CODE_KEY_ENV];
  if (given && /^[0-9a-f]{8}$/.test(given)) return (codeKey = given);
  const hash = createHash('sha256');
  // .js in the compiled copy of the tests' helpers (compiled-app.ts) outside a jest run.
  for (const file of filesUnder(join(REPO, 'runtime', 'core', 'db')).filter((f) => /\.[jt]s$/.test(f) && !/\.test\.[jt]s$/.test(f))) hash.update(file.slice(REPO.length)).update(readFileSync(file));
  // Its package.json is not among its exports: found beside its entry module.
  hash.update(readFileSync(join(dirname(require.resolve('@prisma/schema-engine-wasm')), 'package.json')));
  codeKey = hash.digest('hex').slice(0, 8);
  return codeKey;
}
