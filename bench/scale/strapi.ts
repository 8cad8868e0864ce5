// Real Strapi 5 beside the app, through the "strapi" modules (bench/strapi/): its database seeded
// with the same content (bench/seed-content.ts's order) and cached by bench/strapi/seed-cache.ts,
// served by `strapi start` on a fresh copy (Strapi writes to its database when it boots).
import { seededStrapiDatabase, copyStrapiSeed } from '../strapi/seed-cache';
import { startStrapi, strapiAppDir } from '../strapi/server';
import type { ScaleIds } from './scenarios';
import type { ScaleSize } from './sizes';

export interface RunningStrapi {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Why Strapi cannot run here, or undefined when it can. */
export function strapiUnavailable(): string | undefined {
  return strapiAppDir() ? undefined : 'not set up (no installed oracle app: `test/strapi-oracle/setup.sh`, see bench/strapi/README.md)';
}

/** The seeded Strapi database of `size` (cached) and its documentIds. */
export async function strapiDatabase(size: ScaleSize, log: (line: string) => void): Promise<{ file: string; ids: ScaleIds; seedMs?: number; cached: boolean }> {
  const seeded = await seededStrapiDatabase(size.articles, log);
  return { file: seeded.file, cached: seeded.cached, seedMs: seeded.seedMs, ids: { articles: seeded.ids.articles, deepArticles: seeded.ids.deepArticles, articleCount: seeded.ids.articles.length } };
}

/** Starts Strapi on a fresh copy of `file`. */
export function startStrapiOn(file: string, size: ScaleSize, port: number, log: (line: string) => void): Promise<RunningStrapi> {
  return startStrapi({ dbFile: copyStrapiSeed(file, `scale-${size.label}`), port, log });
}
