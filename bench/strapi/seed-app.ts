// The generated app seeded with N articles by the shared seeder (bench/seed-content.ts: the app
// booted in-process, then its write path in large transactions), for verify.ts to compare against
// Strapi seeded by seed.ts with the same N.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { startApp } from '@cms-gen/runtime';
import { loadAppDefinition } from '../app-definition';
import { HOST } from '../config';
import { seedContent } from '../seed-content';
import { removeSqlite } from './base-db';

/** Seeds `file` (SQLite) for the generated app with 50 authors, 20 categories and `articles` published articles. */
export async function seedAppDatabase(o: { articles: number; file: string }): Promise<void> {
  removeSqlite(o.file);
  mkdirSync(dirname(o.file), { recursive: true });
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = `file:${o.file}`;
  const running = await startApp(loadAppDefinition(), { port: 0, host: HOST, log: () => undefined });
  try {
    await seedContent(running.engine, { articles: o.articles, batch: 5000, log: () => undefined });
  } finally {
    await running.close();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}
