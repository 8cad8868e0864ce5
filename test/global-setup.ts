// Jest's globalSetup: work every suite would otherwise repeat, done once per `jest` run.
//
// 1. better-sqlite3's prebuilt binary, seeded into npm's cache. An `npm install` of a generated app
//    (test/e2e/new-project.test.ts: the app's install and the Dockerfile's) runs better-sqlite3's
//    install script, prebuild-install, which looks for the release tarball in npm's cache
//    (`<cache>/_prebuilds/<first 6 hex of sha512(url)>-<file name>`) before downloading it, and
//    compiles from source (minutes) when it cannot download it, as on a machine without access to
//    GitHub. The checkout's own install already holds that binary, compiled for this Node: packed as
//    the release tarball, it is what the download would have brought, and nothing compiles again.
// 2. cms-gen's own packages, packed once for the checkout (generator/vendoring/checkout-packages.ts,
//    kept in .cms-gen-cache/ until the sources change) when the whole suite runs, so that suites
//    building apps outside the repository do not compile them at the same time in several workers.
import type { Config } from '@jest/types';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { packCheckout } from '../generator/vendoring/checkout-packages';
import { MIGRATION_CODE_KEY_ENV, migrationCodeKey } from './helpers/migration-code-key';

const REPO = join(__dirname, '..');

interface PrebuildUtil {
  getDownloadUrl(opts: Record<string, unknown>): string;
  cachedPrebuild(url: string): string;
}

/** npm's cache folder as an npm started without this run's npm_* variables sees it. */
function npmCaches(): string[] {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^npm_/i.test(name)) env[name] = value;
  const asked = spawnSync('npm', ['config', 'get', 'cache'], { env, encoding: 'utf8', cwd: homedir() });
  const caches = [asked.status === 0 && asked.stdout.trim() ? asked.stdout.trim() : join(homedir(), '.npm')];
  if (process.env.npm_config_cache && !caches.includes(process.env.npm_config_cache)) caches.push(process.env.npm_config_cache);
  return caches;
}

/** Seeds every npm cache with the checkout's compiled better-sqlite3 as its release tarball; returns the files written. */
export function seedBetterSqlitePrebuild(): string[] {
  const pkgDir = dirname(require.resolve('better-sqlite3/package.json', { paths: [REPO] }));
  const binary = join(pkgDir, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(binary)) return [];
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const util = require(require.resolve('prebuild-install/util', { paths: [pkgDir] })) as PrebuildUtil;
  // prebuild-install's defaults (rc.js) for this Node on this machine; glibc Linux has no libc part.
  const url = util.getDownloadUrl({ pkg, runtime: 'node', abi: process.versions.modules, platform: process.platform, arch: process.arch, libc: '', 'tag-prefix': 'v' });
  const written: string[] = [];
  for (const cache of npmCaches()) {
    const previous = process.env.npm_config_cache;
    process.env.npm_config_cache = cache;
    const target = util.cachedPrebuild(url);
    if (previous === undefined) delete process.env.npm_config_cache;
    else process.env.npm_config_cache = previous;
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.tmp`;
    const packed = spawnSync('tar', ['-czf', partial, '-C', pkgDir, 'build/Release/better_sqlite3.node'], { encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(`packing better_sqlite3.node failed: ${packed.stderr}`);
    renameSync(partial, target);
    written.push(target);
  }
  return written;
}

export default function globalSetup(globalConfig: Config.GlobalConfig): void {
  seedBetterSqlitePrebuild();
  // Workers and the processes they start (compiled copies included) name templates by one key.
  process.env[MIGRATION_CODE_KEY_ENV] = migrationCodeKey();
  // Only for a whole run: a developer running one suite does not wait for a compile it may not need.
  if (globalConfig.testPathPatterns.patterns.length === 0) packCheckout(REPO, { err: () => undefined });
}
