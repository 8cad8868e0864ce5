// BENCH_BASELINE=<commit>: an older cms-gen, checked out and seeded beside this one, so that one
// `npm run bench` measures today's app and that commit's app alternately on the same content.
//
//  1. a detached git worktree of the commit in bench/.data/baseline-<commit> (kept and reused)
//  2. its own `npm install` (an old commit may predate the workspaces: its own package.json decides)
//  3. its own generator rebuilds its fixture app (`node bin/cms-gen build fixtures/strapi-blog …`)
//  4. its own bench/seed.ts seeds its own SQLite file: the schema (tables, columns, indexes) is that
//     commit's, the content is the same (bench/seed-data.ts draws the same values from the same
//     seeds; the documentIds are random, so its ids are read back from its own file)
//
// Its app then runs as `node --import tsx <worktree>/bench/app-server.ts` from the worktree, in
// production mode like today's app (bench/servers.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, ROOT } from './config';
import { readSeedIds } from './data-cache';
import type { SeedIds } from './scenarios';

export interface Baseline {
  /** The commit as given (e.g. `4d87da5`) and its full hash. */
  label: string;
  commit: string;
  root: string;
  appMain: string;
  /** Its seeded database (its own schema, the same content as today's seed). */
  seedFile: string;
  ids: SeedIds;
}

export function baselineCommit(): string | undefined {
  const value = process.env.BENCH_BASELINE?.trim();
  return value ? value : undefined;
}

function run(log: (line: string) => void, what: string, cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): void {
  log(`baseline: ${what} (${cmd} ${args.join(' ')})`);
  const r = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`baseline: ${what} failed (${r.status}):\n${(r.stdout ?? '').slice(-3000)}\n${(r.stderr ?? '').slice(-3000)}`);
}

/** Checks the commit out, installs, generates and seeds it (each step skipped when already done). */
export function prepareBaseline(label: string, log: (line: string) => void): Baseline {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${label}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  const root = join(DATA_DIR, `baseline-${commit.slice(0, 7)}`);
  mkdirSync(DATA_DIR, { recursive: true });
  if (!existsSync(join(root, 'package.json'))) {
    rmSync(root, { recursive: true, force: true });
    run(log, `worktree of ${label}`, 'git', ['worktree', 'add', '--detach', root, commit], ROOT);
  }
  // A marker written after a complete install: an interrupted one is redone.
  const installed = join(root, 'node_modules', '.bench-baseline-installed');
  if (!existsSync(installed)) {
    run(log, 'npm install (a few minutes the first time)', 'npm', ['install', '--no-audit', '--no-fund'], root);
    writeFileSync(installed, `${commit}\n`);
  }
  const generated = join(root, 'node_modules', '.bench-baseline-generated');
  if (!existsSync(generated)) {
    run(log, 'generate its fixture app', process.execPath, ['bin/cms-gen', 'build', 'fixtures/strapi-blog', '--out', 'fixtures/strapi-blog/app'], root);
    writeFileSync(generated, `${commit}\n`);
  }
  const appMain = join(root, 'fixtures', 'strapi-blog', 'app', 'src', 'main.ts');
  const seedFile = join(root, 'bench', '.data', 'baseline-seed.db');
  if (!existsSync(seedFile)) {
    const partial = `${seedFile}.partial`;
    // Its own seed script, its own runtime: the rows are what that commit's write path writes.
    run(log, 'seed its database (its own bench/seed.ts)', process.execPath, ['--import', 'tsx', join(root, 'bench', 'seed.ts'), partial], root, { BENCH_APP_MAIN: appMain });
    renameSync(partial, seedFile);
    for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  }
  return { label, commit, root, appMain, seedFile, ids: readSeedIds(seedFile) };
}
