// Where the scale mode keeps its seeded databases, and how it knows one is still good.
//
// The key is a hash of what decides the *rows*: the fixture's schemas, the generated Prisma
// schemas with their index lines left out, and the seed's values and order; plus the size. Indexes are left out
// on purpose: a 1M-article seed takes many minutes, and an index change does not change a row.
// Before a run the cached database is migrated to the current schema (bench/scale/prepare.ts),
// which adds or drops indexes exactly as a deployed app upgraded in place would.
//
// SQLite: bench/.data/scale-<hash>-<size>.db. PostgreSQL: a database cmsgen_scale_<hash>_<size>
// (lowercase, at most 63 characters). Both are seeded under a temporary name and renamed when
// complete, so an interrupted seed never looks like a cached one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BENCH_DIR, DATA_DIR, FIXTURE_DIR, ROOT } from '../config';
import type { ScaleDb, ScaleSize } from './sizes';
import { filesUnder } from '../files-under';

export const POSTGRES_SERVER = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';

/** A schema.prisma without its @@index / @@unique lines: the tables and columns alone. */
export function schemaWithoutIndexes(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*@@(index|unique)\(/.test(line))
    .join('\n');
}

/** What decides the rows: the values and their order (not the driver, bench/scale/seed.ts, whose batch size changes nothing). */
const SEED_CODE = ['seed-content.ts', 'seed-data.ts'];

/** 10 hex digits over the row-deciding inputs (not the size: that is part of the name). */
export function scaleHash(): string {
  const prisma = join(FIXTURE_DIR, 'app', 'prisma');
  const hash = createHash('sha256');
  for (const file of filesUnder(join(FIXTURE_DIR, 'src'))) hash.update(relative(ROOT, file)).update(readFileSync(file));
  for (const provider of ['sqlite', 'postgresql']) {
    const file = join(prisma, provider, 'schema.prisma');
    hash.update(file).update(existsSync(file) ? schemaWithoutIndexes(readFileSync(file, 'utf8')) : 'missing');
  }
  for (const file of SEED_CODE) hash.update(file).update(readFileSync(join(BENCH_DIR, file)));
  return hash.digest('hex').slice(0, 10);
}

export function sqliteFile(hash: string, size: ScaleSize): string {
  return join(DATA_DIR, `scale-${hash}-${size.label}.db`);
}

export function postgresName(hash: string, size: ScaleSize): string {
  return `cmsgen_scale_${hash}_${size.label}`;
}

export function postgresUrl(name: string): string {
  return `${POSTGRES_SERVER}/${name}`;
}

/** DATABASE_URL of the cached database of `size` on `db`. */
export function scaleDatabaseUrl(db: ScaleDb, hash: string, size: ScaleSize): string {
  return db === 'sqlite' ? `file:${sqliteFile(hash, size)}` : postgresUrl(postgresName(hash, size));
}
