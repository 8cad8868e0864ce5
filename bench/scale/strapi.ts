// Real Strapi 5 beside the app, through the "strapi" modules (bench/strapi/seed.ts, server.ts):
// seeded with the same content (bench/seed-content.ts's order), its database cached like the
// app's, served on a copy (Strapi writes to its database when it boots).
//
// The modules are loaded at run time, not imported: the scale mode runs (with a "not set up"
// column) on a checkout without them or without the installed oracle app.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BENCH_DIR, DATA_DIR, ROOT } from '../config';
import type { ScaleIds } from './scenarios';
import type { ScaleSize } from './sizes';

interface StrapiSeedModule {
  seedStrapiDatabase(o: { articles: number; file: string; log?: (l: string) => void }): Promise<{
    file: string;
    ms: number;
    ids: { articles: string[]; deepArticles: string[]; authors: string[]; categories: string[] };
  }>;
}

interface StrapiServerModule {
  strapiAppDir(): string | undefined;
  startStrapi(o: { dbFile: string; port: number; log?: (l: string) => void }): Promise<{ url: string; pid: number; stop(): Promise<void> }>;
}

export interface RunningStrapi {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const STRAPI_DIR = join(BENCH_DIR, 'strapi');

function load<T>(name: string): T | undefined {
  const file = join(STRAPI_DIR, `${name}.ts`);
  if (!existsSync(file)) return undefined;
  // A computed path: tsc does not resolve it, so the bench type-checks without the module.
  return require(file) as T;
}

/** Why Strapi cannot run here, or undefined when it can. */
export function strapiUnavailable(): string | undefined {
  const server = load<StrapiServerModule>('server');
  if (!server || !load<StrapiSeedModule>('seed')) return 'not set up (bench/strapi/ modules missing)';
  return server.strapiAppDir() ? undefined : 'not set up (no installed oracle app: see bench/strapi/)';
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name !== 'node_modules' && !name.startsWith('.'))
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

function strapiHash(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(STRAPI_DIR), join(BENCH_DIR, 'seed-data.ts'), join(BENCH_DIR, 'seed-content.ts')]) {
    hash.update(relative(ROOT, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 10);
}

interface CachedStrapi {
  file: string;
  ids: ScaleIds;
  seedMs: number;
  cached: boolean;
}

/** The seeded Strapi database of `size` (cached as bench/.data/strapi-<hash>-<size>.db + .json). */
export async function strapiDatabase(size: ScaleSize, log: (line: string) => void): Promise<CachedStrapi> {
  const seed = load<StrapiSeedModule>('seed');
  if (!seed) throw new Error('bench/strapi/seed.ts is missing');
  mkdirSync(DATA_DIR, { recursive: true });
  const file = join(DATA_DIR, `strapi-${strapiHash()}-${size.label}.db`);
  const sidecar = `${file}.json`;
  if (existsSync(file) && existsSync(sidecar)) {
    const saved = JSON.parse(readFileSync(sidecar, 'utf8')) as { ids: ScaleIds; seedMs: number };
    return { file, ids: saved.ids, seedMs: saved.seedMs, cached: true };
  }
  for (const name of readdirSync(DATA_DIR)) if (new RegExp(`^strapi-[0-9a-f]{10}-${size.label}\\.db`).test(name)) rmSync(join(DATA_DIR, name), { force: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const report = await seed.seedStrapiDatabase({ articles: size.articles, file: partial, log });
  if (report.file !== partial) copyFileSync(report.file, partial);
  renameSync(partial, file);
  const ids: ScaleIds = { articles: report.ids.articles, deepArticles: report.ids.deepArticles, articleCount: report.ids.articles.length };
  writeFileSync(sidecar, JSON.stringify({ ids, seedMs: report.ms }));
  return { file, ids, seedMs: report.ms, cached: false };
}

/** Starts Strapi on a fresh copy of `file`. */
export async function startStrapiOn(file: string, port: number, log: (line: string) => void): Promise<RunningStrapi> {
  const server = load<StrapiServerModule>('server');
  if (!server) throw new Error('bench/strapi/server.ts is missing');
  const copy = join(DATA_DIR, 'run-strapi.db');
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${copy}${suffix}`, { force: true });
  copyFileSync(file, copy);
  return server.startStrapi({ dbFile: copy, port, log });
}
