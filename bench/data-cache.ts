// The seeded database is cached under bench/.data, keyed by a hash of everything that decides its
// contents: the fixture schemas, the generated Prisma schema (the DDL), and the seed code and
// counts. Each server then runs on its own copy, so creates on one never show up on the other and
// a run never dirties the cache.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { APP_MAIN, BENCH_DIR, DATA_DIR, FIXTURE_DIR, ROOT, SEED_COUNTS } from './config';
import type { SeedIds } from './scenarios';
import { seedDatabase } from './seed';
import { filesUnder } from './files-under';

export function schemaHash(): string {
  const appDir = dirname(dirname(APP_MAIN));
  const inputs = [
    ...filesUnder(join(FIXTURE_DIR, 'src')),
    join(appDir, 'prisma', 'sqlite', 'schema.prisma'),
    join(BENCH_DIR, 'seed.ts'),
    join(BENCH_DIR, 'seed-content.ts'),
    join(BENCH_DIR, 'seed-data.ts'),
  ];
  const hash = createHash('sha256').update(JSON.stringify(SEED_COUNTS));
  for (const file of inputs) {
    hash.update(relative(ROOT, file));
    hash.update(existsSync(file) ? readFileSync(file) : 'missing');
  }
  return hash.digest('hex').slice(0, 12);
}

function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/** The cached seeded file for the current schema, seeding it first when missing. */
export async function seededDatabase(log: (line: string) => void): Promise<{ file: string; cached: boolean; seedMs?: number }> {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = join(DATA_DIR, `seed-${schemaHash()}.db`);
  if (existsSync(file)) return { file, cached: true };
  // Seeds stamped with another hash are stale.
  for (const name of readdirSync(DATA_DIR)) if (/^seed-[0-9a-f]{12}\.db/.test(name)) rmSync(join(DATA_DIR, name), { force: true });
  // Seed under a temporary name and rename: an interrupted seed never looks like a cached one.
  const partial = `${file}.partial`;
  const report = await seedDatabase(partial, log);
  renameSync(partial, file);
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  return { file, cached: false, seedMs: report.ms };
}

/** A fresh copy of the seeded file for one server. */
export function copyFor(seeded: string, name: string): string {
  const copy = join(DATA_DIR, `run-${name}.db`);
  removeDatabase(copy);
  copyFileSync(seeded, copy);
  return copy;
}

/** Every published article's documentId (and those with components), the authors' and categories' (same in every copy). */
export function readSeedIds(file: string): SeedIds {
  // Not read-only: a read-only handle on a WAL-mode file fails when the -shm file is absent.
  const db = new Database(file);
  try {
    const column = (sql: string) => db.prepare<[], { id: string }>(sql).all().map((r) => r.id);
    return {
      articles: column('SELECT document_id AS id FROM articles WHERE published_at IS NOT NULL ORDER BY id'),
      // The published articles seeded with components (those the seo component belongs to).
      deepArticles: column(
        "SELECT a.document_id AS id FROM articles a JOIN components_shared_seos s ON s.owner_type = 'api::article.article' AND s.owner_field = 'seo' AND s.owner_id = a.id " +
          'WHERE a.published_at IS NOT NULL ORDER BY a.id',
      ),
      authors: column('SELECT document_id AS id FROM authors ORDER BY id'),
      categories: column("SELECT document_id AS id FROM categories WHERE locale = 'en' ORDER BY id"),
    };
  } finally {
    db.close();
  }
}
