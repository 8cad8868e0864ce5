// The bulk seeder of the scale mode: N articles (with the 50 authors, 20 categories, components
// and dynamic-zone entries of bench/seed-content.ts, in its order) on SQLite or PostgreSQL,
// through the engine's write path in transactions of ARTICLE_BATCH articles. The app is booted
// in-process once (startApp: migration, bootstrap), exactly as bench/seed.ts does for 10k.
//
// Cached (bench/scale/cache.ts): a second call for the same size and schema returns at once.
//
//   node --import tsx bench/scale/seed.ts 100k [sqlite|postgres]
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { startApp } from '@cms-gen/runtime';
import { ensurePostgres } from '../../test/helpers/test-services';
import { loadAppDefinition } from '../app-definition';
import { DATA_DIR, HOST } from '../config';
import { seedContent, type BatchTiming } from '../seed-content';
import { postgresName, postgresUrl, POSTGRES_SERVER, scaleDatabaseUrl, scaleHash, sqliteFile } from './cache';
import { parseSize, type ScaleDb, type ScaleSize } from './sizes';

const ARTICLE_BATCH = 5_000;

export interface SeedTiming {
  ms: number;
  /** One entry per batch: articles written so far and the batch's own rate. */
  batches: BatchTiming[];
}

export interface ScaleDatabase {
  db: ScaleDb;
  size: ScaleSize;
  url: string;
  cached: boolean;
  /** How long the seed took (also for a cached database: read from its side file). */
  timing?: SeedTiming;
}

function removeSqlite(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

const timingFile = (db: ScaleDb, hash: string, size: ScaleSize) => join(DATA_DIR, `scale-${hash}-${size.label}-${db}.seed.json`);

function readTiming(file: string): SeedTiming | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SeedTiming) : undefined;
}

/** Boots the app on `url` in-process and writes the content; returns the batch timings. */
async function seedInto(url: string, size: ScaleSize, log: (line: string) => void): Promise<SeedTiming> {
  const started = performance.now();
  // startApp reads DATABASE_URL from the environment (config/env precedence), as in production.
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  const running = await startApp(loadAppDefinition(), { port: 0, host: HOST, log: () => undefined });
  try {
    const { batches } = await seedContent(running.engine, { articles: size.articles, batch: ARTICLE_BATCH, log });
    return { ms: performance.now() - started, batches };
  } finally {
    await running.close();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function seedSqlite(size: ScaleSize, hash: string, log: (line: string) => void): Promise<ScaleDatabase> {
  const file = sqliteFile(hash, size);
  const url = scaleDatabaseUrl('sqlite', hash, size);
  if (existsSync(file)) return { db: 'sqlite', size, url, cached: true, timing: readTiming(timingFile('sqlite', hash, size)) };
  mkdirSync(DATA_DIR, { recursive: true });
  // Seeds of this size stamped with another hash are stale: a 1M file is gigabytes.
  for (const name of readdirSync(DATA_DIR)) if (new RegExp(`^scale-[0-9a-f]{10}-${size.label}\\.db`).test(name)) rmSync(join(DATA_DIR, name), { force: true });
  const partial = `${file}.partial`;
  removeSqlite(partial);
  const timing = await seedInto(`file:${partial}`, size, log);
  renameSync(partial, file);
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  writeFileSync(timingFile('sqlite', hash, size), JSON.stringify(timing));
  return { db: 'sqlite', size, url, cached: false, timing };
}

async function seedPostgres(size: ScaleSize, hash: string, log: (line: string) => void): Promise<ScaleDatabase> {
  await ensurePostgres();
  const name = postgresName(hash, size);
  const url = postgresUrl(name);
  const existing = await withAdmin(async (c) => (await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'cmsgen\\_scale\\_%'")).rows.map((r) => r.datname));
  if (existing.includes(name)) return { db: 'postgres', size, url, cached: true, timing: readTiming(timingFile('postgres', hash, size)) };
  const partial = `${name}_partial`;
  await withAdmin(async (c) => {
    for (const stale of existing.filter((d) => d.endsWith(`_${size.label}`) || d === partial)) await c.query(`DROP DATABASE IF EXISTS "${stale}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${partial}"`);
  });
  const timing = await seedInto(postgresUrl(partial), size, log);
  // A production database has statistics and a visibility map (autovacuum); a freshly loaded one
  // has neither until autovacuum gets to it, which would make the first minutes of a run differ
  // from the rest. VACUUM ANALYZE does now what autovacuum would do shortly.
  const vacuumStarted = performance.now();
  const client = new Client({ connectionString: postgresUrl(partial) });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
  log(`seed: VACUUM (ANALYZE) in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
  await withAdmin((c) => c.query(`ALTER DATABASE "${partial}" RENAME TO "${name}"`));
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(timingFile('postgres', hash, size), JSON.stringify(timing));
  return { db: 'postgres', size, url, cached: false, timing };
}

/** The seeded database of `size` on `db`, seeding it first when it is not cached. */
export function scaleDatabase(db: ScaleDb, size: ScaleSize, log: (line: string) => void): Promise<ScaleDatabase> {
  const hash = scaleHash();
  return db === 'sqlite' ? seedSqlite(size, hash, log) : seedPostgres(size, hash, log);
}

if (require.main === module) {
  const size = parseSize(process.argv[2] ?? '10k');
  const db = (process.argv[3] ?? 'sqlite') as ScaleDb;
  if (db !== 'sqlite' && db !== 'postgres') throw new Error('database: sqlite or postgres');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  scaleDatabase(db, size, log).then(
    (r) => log(`${r.cached ? 'cached' : 'seeded'}: ${r.url}${r.timing ? ` (seed ${(r.timing.ms / 1000).toFixed(1)} s)` : ''}`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
