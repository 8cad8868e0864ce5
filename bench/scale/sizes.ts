// Sizes and databases of the scale mode, as written in BENCH_SCALE_SIZES / BENCH_SCALE_DB.
export type ScaleDb = 'sqlite' | 'postgres';

export interface ScaleSize {
  /** As written: 1k, 10k, 100k, 1m. */
  label: string;
  articles: number;
}

const UNITS: Record<string, number> = { '': 1, k: 1_000, m: 1_000_000 };

export function parseSize(text: string): ScaleSize {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!m) throw new Error(`not a size: ${JSON.stringify(text)} (expected e.g. 1k, 10k, 100k, 1m, 2500)`);
  const articles = Math.round(Number(m[1]) * UNITS[m[2].toLowerCase()]);
  if (articles < 1) throw new Error(`size ${text}: at least one article`);
  return { label: text.trim().toLowerCase(), articles };
}

/** BENCH_SCALE_SIZES (default 1k,10k,100k), smallest first: growth is reported against the first. */
export function scaleSizes(raw = process.env.BENCH_SCALE_SIZES): ScaleSize[] {
  const sizes = (raw?.trim() ? raw : '1k,10k,100k').split(',').filter((s) => s.trim()).map(parseSize);
  return sizes.sort((a, b) => a.articles - b.articles);
}

/** BENCH_SCALE_DB: one database or a comma list (default sqlite). */
export function scaleDbs(raw = process.env.BENCH_SCALE_DB): ScaleDb[] {
  const dbs = (raw?.trim() ? raw : 'sqlite').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const db of dbs) if (db !== 'sqlite' && db !== 'postgres') throw new Error(`BENCH_SCALE_DB: ${db} is not sqlite or postgres`);
  return dbs as ScaleDb[];
}
