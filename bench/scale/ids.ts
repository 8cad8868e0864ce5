// The documentIds the load draws from, read from a seeded app database (SQLite or PostgreSQL).
// At 1M articles every id would be ~80 MB in the load process, so the list is an even sample:
// every k-th published article by id, at most MAX_IDS of them, spread over the whole table
// (old and new rows alike), which is what a random pick over all of them would touch.
import Database from 'better-sqlite3';
import { Client } from 'pg';
import type { ScaleIds } from './scenarios';
import type { ScaleDb } from './sizes';

const MAX_IDS = 20_000;

const ARTICLES = 'SELECT document_id AS id FROM articles WHERE published_at IS NOT NULL ORDER BY id';
// The published articles seeded with components (those the seo component belongs to).
const DEEP_ARTICLES =
  "SELECT a.document_id AS id FROM articles a JOIN components_shared_seos s ON s.owner_type = 'api::article.article' AND s.owner_field = 'seo' AND s.owner_id = a.id " +
  'WHERE a.published_at IS NOT NULL ORDER BY a.id';

/** Every `step`-th element, so that at most `max` are kept. */
export function evenSample<T>(items: readonly T[], max = MAX_IDS): T[] {
  if (items.length <= max) return [...items];
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)]);
}

function fromSqlite(file: string): { articles: string[]; deep: string[] } {
  // Not read-only: a read-only handle on a WAL-mode file fails when the -shm file is absent.
  const db = new Database(file);
  try {
    const column = (sql: string) => {
      const out: string[] = [];
      for (const row of db.prepare<[], { id: string }>(sql).iterate()) out.push(row.id);
      return out;
    };
    return { articles: column(ARTICLES), deep: column(DEEP_ARTICLES) };
  } finally {
    db.close();
  }
}

async function fromPostgres(url: string): Promise<{ articles: string[]; deep: string[] }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const column = async (sql: string) => (await client.query<{ id: string }>(sql)).rows.map((r) => r.id);
    return { articles: await column(ARTICLES), deep: await column(DEEP_ARTICLES) };
  } finally {
    await client.end();
  }
}

/** Sampled ids of the app database at `url` (a `file:` path or a PostgreSQL URL). */
export async function readScaleIds(db: ScaleDb, url: string): Promise<ScaleIds> {
  const all = db === 'sqlite' ? fromSqlite(url.replace(/^file:/, '')) : await fromPostgres(url);
  return { articles: evenSample(all.articles), deepArticles: evenSample(all.deep), articleCount: all.articles.length };
}
