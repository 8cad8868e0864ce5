// The generated app seeded with N articles, the same way bench/seed.ts seeds SEED_COUNTS (boot the
// app in-process, then buildWritePlan + createDocument in large transactions), for verify.ts to
// compare against Strapi seeded by seed.ts with the same N. Kept here rather than generalizing
// bench/seed.ts, which the scale mode owns; the loop is the same one, with N as a parameter.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { startApp, type Engine } from '../../runtime';
import { contentType, contentTypeShape } from '../../runtime/engine/schema-index';
import { createDocument } from '../../runtime/engine/write/document-writer';
import { buildWritePlan } from '../../runtime/engine/write/plan';
import { loadAppDefinition } from '../app-definition';
import { HOST } from '../config';
import { articleData, authorData, categoryData, DEEP_EVERY, deepArticleData, Faker } from '../seed-data';
import { removeSqlite } from './base-db';

async function createMany(engine: Engine, uid: string, rows: Record<string, unknown>[]): Promise<string[]> {
  const meta = contentType(engine.schema, uid);
  const shape = contentTypeShape(engine.schema, uid);
  const options = { schema: engine.schema, dialect: engine.dialect.name, mode: 'create' as const, bcryptRounds: engine.bcryptRounds };
  const plans = await Promise.all(rows.map((data) => buildWritePlan(data, shape, options)));
  return engine.db.transaction(async (tx) => {
    const env = engine.writeEnv(tx);
    const ids: string[] = [];
    for (const plan of plans) ids.push((await createDocument(env, meta, plan, { status: 'published' })).documentId);
    return ids;
  });
}

/** Seeds `file` (SQLite) for the generated app with 50 authors, 20 categories and `articles` published articles. */
export async function seedAppDatabase(o: { articles: number; file: string }): Promise<void> {
  removeSqlite(o.file);
  mkdirSync(dirname(o.file), { recursive: true });
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = `file:${o.file}`;
  const running = await startApp(loadAppDefinition(), { port: 0, host: HOST, log: () => undefined });
  try {
    const engine = running.engine;
    const f = new Faker(20_261_122);
    const deep = new Faker(20_261_123);
    const authors = await createMany(engine, 'api::author.author', Array.from({ length: 50 }, (_, i) => authorData(f, i + 1)));
    const categories = await createMany(engine, 'api::category.category', Array.from({ length: 20 }, (_, i) => categoryData(f, i + 1)));
    const rows = Array.from({ length: o.articles }, (_, k) => {
      const i = k + 1;
      const row = articleData(f, i, authors, categories);
      return i % DEEP_EVERY === 0 ? { ...row, ...deepArticleData(deep, i, categories) } : row;
    });
    await createMany(engine, 'api::article.article', rows);
  } finally {
    await running.close();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}
