// Seeds a SQLite file for real Strapi 5.54 with the same documents as the generated app's bench
// seeder (bench/seed.ts): the same Faker sequences in the same order, 50 authors, 20 categories
// (default locale en), N published articles, every DEEP_EVERY-th with an seo component (two
// meta_social), a blocks_list and three dynamic-zone sections.
//
// Why SQL and not Strapi's document service: through strapi.documents().create({ status:
// 'published' }) one article costs about 44 ms here even inside a transaction (200 in 8.8 s), so
// 100k would take over an hour. Instead, Strapi itself creates the empty database (base-db.ts) and
// this file inserts the rows exactly as the document service lays them out (strapi-rows.ts, checked
// against a document-service seed by verify.ts): a draft row and a published row per article, link
// rows for both, components copied for both.
//
// CLI: `tsx bench/strapi/seed.ts <articles> [file]` (default: the cache file for that size).
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { articleData, authorData, categoryData, DEEP_EVERY, deepArticleData, Faker } from '../seed-data';
import { copyBaseDatabase, removeSqlite } from './base-db';
import { strapiSeedFile } from './seed-cache';
import { StrapiRowWriter } from './strapi-rows';

/** Articles per transaction (progress is logged per batch). */
const BATCH = 10_000;

export interface StrapiSeedIds {
  articles: string[];
  deepArticles: string[];
  authors: string[];
  categories: string[];
}

export interface StrapiSeedReport {
  file: string;
  ms: number;
  ids: StrapiSeedIds;
}

/**
 * Writes the bench documents into `db` (a database Strapi created, content tables empty) in the
 * order of bench/seed.ts, with the same Faker draws; `progress` gets the article count per batch.
 */
export function writeBenchDocuments(db: Database.Database, articleCount: number, startMs: number, progress: (done: number) => void = () => undefined): StrapiSeedIds {
  const writer = new StrapiRowWriter(db, startMs);
  const f = new Faker(20_261_122);
  // Components of every DEEP_EVERY-th article come from their own sequence (see deepArticleData).
  const deep = new Faker(20_261_123);
  const authors = db.transaction(() => Array.from({ length: 50 }, (_, i) => writer.author(authorData(f, i + 1))))();
  const categories = db.transaction(() => Array.from({ length: 20 }, (_, i) => writer.category(categoryData(f, i + 1))))();
  const articles: string[] = [];
  const deepArticles: string[] = [];
  for (let start = 0; start < articleCount; start += BATCH) {
    const size = Math.min(BATCH, articleCount - start);
    db.transaction(() => {
      for (let k = 0; k < size; k += 1) {
        const i = start + k + 1;
        const row = articleData(f, i, authors, categories);
        const isDeep = i % DEEP_EVERY === 0;
        const documentId = writer.article(isDeep ? { ...row, ...deepArticleData(deep, i, categories) } : row);
        articles.push(documentId);
        if (isDeep) deepArticles.push(documentId);
      }
    })();
    progress(start + size);
  }
  return { articles, deepArticles, authors, categories };
}

export async function seedStrapiDatabase(o: { articles: number; file: string; log?: (l: string) => void }): Promise<StrapiSeedReport> {
  const log = o.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  if (!Number.isInteger(o.articles) || o.articles < 0) throw new Error(`articles must be a non-negative integer (got ${o.articles})`);
  mkdirSync(dirname(o.file), { recursive: true });
  const started = performance.now();
  // Seed under a temporary name: an interrupted seed never looks complete.
  const partial = `${o.file}.partial`;
  await copyBaseDatabase(partial, log);
  const db = new Database(partial);
  let ids: StrapiSeedIds;
  try {
    // A throw-away build: no rollback journal or fsync needed while writing.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    ids = writeBenchDocuments(db, o.articles, Date.now(), (done) => log(`strapi seed: ${done}/${o.articles} articles (${((performance.now() - started) / 1000).toFixed(1)} s)`));
    // Back to Strapi's own mode. No ANALYZE: a database Strapi filled has no sqlite_stat1 either.
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
  removeSqlite(o.file);
  renameSync(partial, o.file);
  const ms = performance.now() - started;
  const mb = statSync(o.file).size / 1024 / 1024;
  log(`strapi seed: 50 authors, 20 categories, ${o.articles} published articles (${ids.deepArticles.length} with components) in ${(ms / 1000).toFixed(1)} s, ${mb.toFixed(1)} MB → ${o.file}`);
  return { file: o.file, ms, ids };
}

if (require.main === module) {
  const articles = Number(process.argv[2]);
  if (!Number.isInteger(articles) || articles < 0) {
    process.stderr.write('usage: tsx bench/strapi/seed.ts <articles> [file]\n');
    process.exit(2);
  }
  const file = process.argv[3] ?? strapiSeedFile(articles);
  seedStrapiDatabase({ articles, file }).then(
    () => {
      if (!existsSync(file)) throw new Error(`strapi seed: ${file} was not written`);
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
