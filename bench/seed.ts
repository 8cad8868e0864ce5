// Seeds a fresh SQLite file for the benchmark: boots the app once in-process (which migrates the
// schema and applies the bootstrap: roles, Public permissions, locales), then writes 50 authors,
// 20 categories and 10,000 published articles (every 10th with an seo component, a blocks_list and
// sections, for get-one-deep) through the engine's own write path
// (buildWritePlan + createDocument), so the rows, link rows and positions are exactly what the app
// itself would write. No HTTP, and a few large transactions: one commit per batch instead of per
// document is what makes 10k documents take seconds rather than minutes.
//
// Standalone: `tsx bench/seed.ts [file]` (default bench/.data/seed-manual.db).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApp, type Engine } from '../runtime';
import { contentType, contentTypeShape } from '../runtime/engine/schema-index';
import { createDocument } from '../runtime/engine/write/document-writer';
import { buildWritePlan } from '../runtime/engine/write/plan';
import { loadAppDefinition } from './app-definition';
import { DATA_DIR, HOST, SEED_COUNTS } from './config';
import { articleData, authorData, categoryData, DEEP_EVERY, deepArticleData, Faker } from './seed-data';

const ARTICLE_BATCH = 2_000;

export interface SeedReport {
  file: string;
  ms: number;
  counts: typeof SEED_COUNTS;
}

/** Creates documents of `uid` from `rows` in one transaction; returns their documentIds in order. */
async function createMany(engine: Engine, uid: string, rows: Record<string, unknown>[]): Promise<string[]> {
  const meta = contentType(engine.schema, uid);
  const shape = contentTypeShape(engine.schema, uid);
  const options = { schema: engine.schema, dialect: engine.dialect.name, mode: 'create' as const, bcryptRounds: engine.bcryptRounds };
  // Plans are pure (validation + encoding): build them before taking the write lock.
  const plans = await Promise.all(rows.map((data) => buildWritePlan(data, shape, options)));
  return engine.db.transaction(async (tx) => {
    const env = engine.writeEnv(tx);
    const ids: string[] = [];
    for (const plan of plans) ids.push((await createDocument(env, meta, plan, { status: 'published' })).documentId);
    return ids;
  });
}

function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

export async function seedDatabase(file: string, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<SeedReport> {
  removeDatabase(file);
  mkdirSync(dirname(file), { recursive: true });
  const started = performance.now();
  // startApp reads DATABASE_URL from the environment (config/env precedence), as in production.
  process.env.DATABASE_URL = `file:${file}`;
  const running = await startApp(loadAppDefinition(), { port: 0, host: HOST, log: () => undefined });
  try {
    const engine = running.engine;
    const f = new Faker(20_261_122);
    // Components of every DEEP_EVERY-th article, from their own sequence (see deepArticleData).
    const deep = new Faker(20_261_123);
    const authors = await createMany(engine, 'api::author.author', Array.from({ length: SEED_COUNTS.authors }, (_, i) => authorData(f, i + 1)));
    const categories = await createMany(engine, 'api::category.category', Array.from({ length: SEED_COUNTS.categories }, (_, i) => categoryData(f, i + 1)));
    for (let start = 0; start < SEED_COUNTS.articles; start += ARTICLE_BATCH) {
      const size = Math.min(ARTICLE_BATCH, SEED_COUNTS.articles - start);
      const rows = Array.from({ length: size }, (_, k) => {
        const i = start + k + 1;
        const row = articleData(f, i, authors, categories);
        return i % DEEP_EVERY === 0 ? { ...row, ...deepArticleData(deep, i, categories) } : row;
      });
      await createMany(engine, 'api::article.article', rows);
      log(`seed: ${start + size}/${SEED_COUNTS.articles} articles (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    // Closing the last connection checkpoints the WAL into the main file, so the file alone is a
    // complete database that can be copied.
    await running.close();
  }
  const ms = performance.now() - started;
  log(`seed: ${SEED_COUNTS.authors} authors, ${SEED_COUNTS.categories} categories, ${SEED_COUNTS.articles} published articles (${Math.floor(SEED_COUNTS.articles / DEEP_EVERY)} with components) in ${(ms / 1000).toFixed(1)} s → ${file}`);
  return { file, ms, counts: SEED_COUNTS };
}

if (require.main === module) {
  const file = process.argv[2] ?? join(DATA_DIR, 'seed-manual.db');
  seedDatabase(file).then(
    () => {
      if (!existsSync(file)) throw new Error(`seed: ${file} was not written`);
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
