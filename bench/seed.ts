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
import { startApp } from '@cms-gen/runtime';
import { loadAppDefinition } from './app-definition';
import { DATA_DIR, HOST, SEED_COUNTS } from './config';
import { seedContent } from './seed-content';
import { DEEP_EVERY } from './seed-data';

const ARTICLE_BATCH = 2_000;

export interface SeedReport {
  file: string;
  ms: number;
  counts: typeof SEED_COUNTS;
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
    await seedContent(running.engine, { articles: SEED_COUNTS.articles, batch: ARTICLE_BATCH, log });
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
