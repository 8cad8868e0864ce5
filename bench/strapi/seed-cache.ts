// Seeded Strapi databases cached under bench/.data/strapi, one per article count, keyed by a hash of
// everything that decides their contents: the installed Strapi app (schemas, config, bootstrap,
// version) and the seed code. A server must run on a copy (copyStrapiSeed): Strapi writes to its
// database at boot.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BENCH_DIR } from '../config';
import { removeSqlite, STRAPI_DATA_DIR, strapiAppHash } from './base-db';
import type { StrapiSeedIds } from './seed';

const SEED_SOURCES = [join(BENCH_DIR, 'seed-data.ts'), join(BENCH_DIR, 'strapi', 'seed.ts'), join(BENCH_DIR, 'strapi', 'strapi-rows.ts'), join(BENCH_DIR, 'strapi', 'base-db.ts')];

export function strapiSeedHash(): string {
  const hash = createHash('sha256').update(strapiAppHash());
  for (const file of SEED_SOURCES) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/** Where the cached seed of `articles` articles lives (whether or not it exists yet). */
export function strapiSeedFile(articles: number): string {
  return join(STRAPI_DATA_DIR, `seed-${articles}-${strapiSeedHash()}.db`);
}

/** The documentIds a bench needs, read back from a seeded Strapi database (seed order). */
export function readStrapiSeedIds(file: string): StrapiSeedIds {
  const db = new Database(file, { readonly: true });
  try {
    // Aliased `doc`, not `id`: SQLite would resolve ORDER BY id to an `id` alias (the documentId).
    const column = (sql: string) => db.prepare<[], { doc: string }>(sql).all().map((r) => r.doc);
    return {
      articles: column('SELECT a.document_id AS doc FROM articles a WHERE a.published_at IS NOT NULL ORDER BY a.id'),
      deepArticles: column(
        "SELECT a.document_id AS doc FROM articles a JOIN articles_cmps c ON c.entity_id = a.id AND c.field = 'seo' WHERE a.published_at IS NOT NULL ORDER BY a.id",
      ),
      authors: column('SELECT a.document_id AS doc FROM authors a ORDER BY a.id'),
      categories: column("SELECT c.document_id AS doc FROM categories c WHERE c.locale = 'en' ORDER BY c.id"),
    };
  } finally {
    db.close();
  }
}

/** The cached seed for `articles`, seeding it first when missing (older hashes of that size are removed). */
export async function seededStrapiDatabase(
  articles: number,
  log: (l: string) => void,
): Promise<{ file: string; cached: boolean; seedMs?: number; ids: StrapiSeedIds }> {
  mkdirSync(STRAPI_DATA_DIR, { recursive: true });
  const file = strapiSeedFile(articles);
  if (existsSync(file)) return { file, cached: true, ids: readStrapiSeedIds(file) };
  const stale = new RegExp(`^seed-${articles}-[0-9a-f]{12}\\.db$`);
  for (const name of readdirSync(STRAPI_DATA_DIR)) if (stale.test(name)) removeSqlite(join(STRAPI_DATA_DIR, name));
  // Imported here: seed.ts imports this module for its CLI default.
  const { seedStrapiDatabase } = await import('./seed');
  const report = await seedStrapiDatabase({ articles, file, log });
  return { file, cached: false, seedMs: report.ms, ids: report.ids };
}

/** A fresh copy of a seeded file for one Strapi run (`name` tells runs apart). */
export function copyStrapiSeed(seeded: string, name: string): string {
  const copy = join(STRAPI_DATA_DIR, `run-${name}.db`);
  removeSqlite(copy);
  rmSync(`${copy}.partial`, { force: true });
  copyFileSync(seeded, copy);
  return copy;
}
