// Builds one project of the real-world corpus (test/realworld/<project>, schema files as their
// authors committed them) into a temporary folder and starts it in-process on a fresh SQLite
// (or PostgreSQL or MariaDB) database. The corpus folders hold no bootstrap.json, so one granting Public every action on the
// project's own types is written into the output folder first (the scaffold keeps it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { build } from '../../generator/build';
import { DEFAULT_EMIT_OPTIONS } from '../../generator/emitters/types';
import { loadSchemas } from '../../generator/load';
import { buildModel } from '../../generator/model';
import { validateSchemas } from '../../generator/validate';
import { startApp, type AppDefinition } from '@cms-gen/runtime';
import type { SchemaMeta } from '../../runtime/core/model/types';
import { freshDatabase, type FixtureApp, type TestDatabase } from './fixture-app';

const REPO = resolve(__dirname, '..', '..');
export const REALWORLD = join(REPO, 'test', 'realworld');

export interface BuiltProject {
  /** Output folder (a temporary folder's `app/`). */
  outDir: string;
  meta: SchemaMeta;
  definition: AppDefinition;
}

const COLLECTION_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'];
const SINGLE_ACTIONS = ['find', 'update', 'delete'];

function publicGrants(meta: SchemaMeta): string[] {
  const grants: string[] = [];
  for (const type of Object.values(meta.contentTypes)) {
    if (!type.uid.startsWith('api::')) continue;
    for (const action of type.kind === 'singleType' ? SINGLE_ACTIONS : COLLECTION_ACTIONS) grants.push(`${type.actionPrefix}.${action}`);
  }
  return grants;
}

const roots: string[] = [];
process.once('exit', () => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/**
 * Generates and writes the project's app; throws with cms-gen's output when the build fails.
 * `publicActions` are granted to Public besides every action on the project's own types; `locales`
 * are the app's (the first is the default).
 */
export function buildRealworldProject(project: string, publicActions: string[] = [], locales: string[] = ['en']): BuiltProject {
  // A corpus folder's name, or any schema folder's absolute path.
  const schemasDir = resolve(REALWORLD, project);
  // The model alone (no emitting) names the types to grant; build() below generates the app.
  const meta = buildModel(validateSchemas(loadSchemas(schemasDir)));
  const root = mkdtempSync(join(tmpdir(), `cms-gen-realworld-${basename(project).slice(0, 40)}-`));
  roots.push(root);
  const outDir = join(root, 'app');
  mkdirSync(outDir);
  const bootstrap = { locales: { default: locales[0], available: locales.map((code) => ({ code, name: code })) }, roles: { public: [...publicGrants(meta), ...publicActions] } };
  writeFileSync(join(outDir, 'bootstrap.json'), `${JSON.stringify(bootstrap, null, 2)}\n`);
  // The generated sources import graphql, type-graphql, … from the repository's packages.
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  const lines: string[] = [];
  const code = build({ schemasDir, outDir, check: false, force: false, emit: DEFAULT_EMIT_OPTIONS }, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  if (code !== 0) throw new Error(`building test/realworld/${project} failed:\n${lines.join('\n')}`);
  // Required, not imported: the app exists only after the build above.
  const main = require(join(outDir, 'src', 'main.ts')) as { app: AppDefinition };
  return { outDir, meta, definition: main.app };
}

export async function startRealworldApp(built: BuiltProject, database: TestDatabase = 'sqlite'): Promise<FixtureApp> {
  const temp = await freshDatabase(database, built.definition);
  process.env.DATABASE_URL = temp.url;
  const running = await startApp(built.definition, { port: 0, host: '127.0.0.1', log: () => undefined });
  return {
    ...running,
    stop: async () => {
      await running.close();
      await temp.drop();
    },
  };
}

/**
 * Type-checks the sources of generated apps in one TypeScript program (typecheck-files.cjs): the
 * runtime they import, mapped to this repository's source as in its own tsconfig, is read for its
 * types, not checked again. The diagnostics, empty when the apps type-check.
 */
export function typecheck(built: BuiltProject[]): { status: number | null; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'cms-gen-realworld-tsc-'));
  roots.push(root);
  const tsconfig = {
    extends: join(REPO, 'tsconfig.json'),
    compilerOptions: { noEmit: true, rootDir: '/', typeRoots: [join(REPO, 'node_modules', '@types')] },
    include: built.map((b) => join(b.outDir, 'src', '**', '*.ts')),
    exclude: [],
  };
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const script = join(__dirname, 'typecheck-files.cjs');
  const result = spawnSync(process.execPath, [script, join(root, 'tsconfig.json'), ...built.map((b) => join(b.outDir, 'src'))], { encoding: 'utf8', cwd: REPO, timeout: 300_000 });
  return { status: result.status, output: result.stdout + result.stderr };
}
