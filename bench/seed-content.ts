// The seeded content, in the one order every seeded database shares (bench/seed.ts, the scale
// seeder bench/scale/seed.ts, and real Strapi's seed in bench/strapi/ draw the same values):
//   f = Faker(20_261_122), deep = Faker(20_261_123);
//   50 authors authorData(f, i + 1), 20 categories categoryData(f, i + 1), then for i = 1..N
//   articleData(f, i, authors, categories), every DEEP_EVERY-th merged with deepArticleData(deep, i, categories).
// Everything is written through the engine's own write path (buildWritePlan + createDocument), in
// one transaction per batch: one commit per batch instead of per document is what makes 10k
// documents take seconds and 1M take minutes rather than hours.
import { performance } from 'node:perf_hooks';
import type { Engine } from '@cms-gen/runtime';
import { contentType, contentTypeShape } from '../runtime/core/model/schema-index';
import { createDocument } from '../runtime/core/engine/write/document-writer';
import { buildWritePlan } from '../runtime/core/engine/write/plan';
import { articleData, authorData, categoryData, DEEP_EVERY, deepArticleData, Faker } from './seed-data';

export const SEED_AUTHORS = 50;
export const SEED_CATEGORIES = 20;

/** Creates documents of `uid` from `rows` in one transaction; returns their documentIds in order. */
export async function createMany(engine: Engine, uid: string, rows: Record<string, unknown>[]): Promise<string[]> {
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

export interface SeedContentOptions {
  articles: number;
  /** Articles per transaction. */
  batch: number;
  log: (line: string) => void;
}

export interface BatchTiming {
  /** Articles written when the batch committed. */
  done: number;
  /** Articles per second in this batch alone: a falling rate is a write path growing with size. */
  rate: number;
}

export interface SeededContent {
  authors: string[];
  categories: string[];
  batches: BatchTiming[];
}

/** Writes the authors, categories and `articles` articles, all published, in the shared order. */
export async function seedContent(engine: Engine, o: SeedContentOptions): Promise<SeededContent> {
  const started = performance.now();
  const f = new Faker(20_261_122);
  // Components of every DEEP_EVERY-th article, from their own sequence (see deepArticleData).
  const deep = new Faker(20_261_123);
  const authors = await createMany(engine, 'api::author.author', Array.from({ length: SEED_AUTHORS }, (_, i) => authorData(f, i + 1)));
  const categories = await createMany(engine, 'api::category.category', Array.from({ length: SEED_CATEGORIES }, (_, i) => categoryData(f, i + 1)));
  const batches: BatchTiming[] = [];
  for (let start = 0; start < o.articles; start += o.batch) {
    const batchStarted = performance.now();
    const size = Math.min(o.batch, o.articles - start);
    const rows = Array.from({ length: size }, (_, k) => {
      const i = start + k + 1;
      const row = articleData(f, i, authors, categories);
      return i % DEEP_EVERY === 0 ? { ...row, ...deepArticleData(deep, i, categories) } : row;
    });
    await createMany(engine, 'api::article.article', rows);
    const rate = size / ((performance.now() - batchStarted) / 1000);
    batches.push({ done: start + size, rate });
    o.log(`seed: ${start + size}/${o.articles} articles (${((performance.now() - started) / 1000).toFixed(1)} s, ${rate.toFixed(0)} articles/s in this batch)`);
  }
  return { authors, categories, batches };
}
