// Checks the SQL seeder (seed.ts) two ways, on N articles (default 200):
// 1. Database: seeds N through Strapi's own document service (seed-documents.ts, in a child booted
//    with createStrapi().load()) and compares every content table row by row with seed.ts's file
//    (compare-databases.ts: ids, links, ords and components must match; documentIds and
//    timestamps are compared by shape only).
// 2. HTTP: seeds the generated app with the same N (seed-app.ts), starts real Strapi (strapi start,
//    production) and the app, and compares their answers: pagination totals, each of a few articles
//    by slug with author, categories and every component populated, and the scale mode's requests
//    (scale-requests.ts), which must all answer 200 on Strapi.
// Usage: tsx bench/strapi/verify.ts [articles] [--no-reference]   (Strapi on port STRAPI_PORT, default 17100)
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startChild } from '../children';
import { DEEP_EVERY } from '../seed-data';
import { STRAPI_DATA_DIR } from './base-db';
import { compareDatabases, rowCounts } from './compare-databases';
import { scaleRequests } from './scale-requests';
import { seedStrapiDatabase, type StrapiSeedIds } from './seed';
import { seedAppDatabase } from './seed-app';
import { copyStrapiSeed, readStrapiSeedIds } from './seed-cache';
import { startStrapi } from './server';
import { seedThroughDocumentService } from './seed-documents-child';

const log = (l: string) => process.stderr.write(`${l}\n`);
const VOLATILE = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);

/** Drops ids and timestamps at every level and sorts keys, so two servers' answers compare by value. */
export function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) if (!VOLATILE.has(key)) out[key] = comparable((value as Record<string, unknown>)[key]);
  return out;
}

function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (d) return d;
    }
  }
  return `${path || '(root)'}: strapi ${JSON.stringify(a)?.slice(0, 300)} vs app ${JSON.stringify(b)?.slice(0, 300)}`;
}

async function send(base: string, req: { method: string; path: string; body?: string }): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${req.path}`, { method: req.method, headers: req.body ? { 'content-type': 'application/json' } : {}, body: req.body });
  const text = await res.text();
  const ms = performance.now() - started;
  try {
    return { status: res.status, body: JSON.parse(text) as unknown, ms };
  } catch {
    return { status: res.status, body: text, ms };
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const articles = Number(args.find((a) => /^\d+$/.test(a)) ?? 200);
  const reference = !args.includes('--no-reference');
  const problems: string[] = [];
  const sqlFile = join(STRAPI_DATA_DIR, `verify-sql-${articles}.db`);
  const seeded = await seedStrapiDatabase({ articles, file: sqlFile, log });
  // What a cached seed reads back must be what the seeder returned (same documentIds, seed order).
  if (JSON.stringify(readStrapiSeedIds(sqlFile)) !== JSON.stringify(seeded.ids)) problems.push('ids read back from the file differ from the seeder\'s');

  if (reference) {
    const refFile = join(STRAPI_DATA_DIR, `verify-ref-${articles}.db`);
    const started = performance.now();
    await seedThroughDocumentService(articles, refFile);
    log(`document service seed of ${articles} articles: ${((performance.now() - started) / 1000).toFixed(1)} s (boot included)`);
    const diffs = compareDatabases(refFile, sqlFile);
    log(diffs.length === 0 ? `database: same rows as the document service's seed ${JSON.stringify(rowCounts(sqlFile))}` : `database differs:\n${diffs.join('\n')}`);
    problems.push(...diffs.map((d) => `database: ${d}`));
  }

  const appFile = join(STRAPI_DATA_DIR, `verify-app-${articles}.db`);
  await seedAppDatabase({ articles, file: appFile });
  const appIds = readAppIds(appFile);
  const strapi = await startStrapi({ dbFile: copyStrapiSeed(sqlFile, 'verify'), port: Number(process.env.STRAPI_PORT) || 17100, log });
  const app = await startChild({
    name: 'app',
    script: 'app-server.ts',
    env: { NODE_ENV: 'production', PORT: '0', DATABASE_URL: `file:${appFile}`, JWT_SECRET: 'bench-only-secret' },
  });
  try {
    const compare = async (name: string, path: string, pick: (body: unknown) => unknown = (b) => b) => {
      const [s, a] = await Promise.all([send(strapi.url, { method: 'GET', path }), send(app.url, { method: 'GET', path })]);
      if (s.status !== 200 || a.status !== 200) {
        problems.push(`${name}: status strapi ${s.status}, app ${a.status} (${path})`);
        return;
      }
      const d = firstDifference(comparable(pick(s.body)), comparable(pick(a.body)));
      if (d) problems.push(`${name}: ${d}`);
      log(`${d ? 'DIFF' : 'same'}  ${name}`);
    };
    const meta = (b: unknown) => (b as { meta: unknown }).meta;
    for (const type of ['articles', 'authors', 'categories']) await compare(`${type} pagination`, `/api/${type}`, meta);
    const populate = 'populate[author]=true&populate[categories]=true&populate[seo][populate]=*&populate[blocks_list]=true&populate[sections][populate]=*';
    for (const i of [...new Set([1, 10, articles >> 1, articles - (articles % 10), articles])].filter((n) => n >= 1)) {
      await compare(`article-${i} populated`, `/api/articles?filters[slug][$eq]=article-${i}&${populate}`, (b) => (b as { data: unknown }).data);
    }
    await compare('author-1 with articles', `/api/authors?filters[email][$eq]=author1@example.com&populate[articles][fields][0]=slug&populate[articles][sort][0]=slug:asc`);
    await compare('category-1 with articles', `/api/categories?filters[slug][$eq]=category-1&populate[articles][fields][0]=slug&populate[articles][sort][0]=slug:asc`);
    // Without a sort, populated relations come in link order (the *_ord columns).
    await compare('author-1 articles in relation order', `/api/authors?filters[email][$eq]=author1@example.com&populate[articles][fields][0]=slug`);
    await compare('category-2 articles in relation order', `/api/categories?filters[slug][$eq]=category-2&populate[articles][fields][0]=slug`);

    for (const req of scaleRequests(seeded.ids, articles)) {
      const s = await send(strapi.url, req);
      // The app has its own documentIds: send it the same request with its ids.
      const appReq = scaleRequests(appIds, articles).find((r) => r.name === req.name) ?? req;
      const a = await send(app.url, appReq);
      const summary = (r: { status: number; body: unknown }) => {
        const body = r.body as { data?: unknown; meta?: unknown; errors?: unknown };
        const data = (req.name === 'graphql-list' ? (body?.data as { articles?: unknown })?.articles : body?.data) as unknown;
        const n = Array.isArray(data) ? `${data.length} items` : data && typeof data === 'object' ? 'one document' : JSON.stringify(body).slice(0, 200);
        return `${r.status} ${n}`;
      };
      if (s.status !== 200) problems.push(`${req.name}: strapi answers ${s.status} ${JSON.stringify(s.body).slice(0, 300)}`);
      const d = firstDifference(comparable(s.body), comparable(a.body));
      if (d) problems.push(`${req.name}: ${d}`);
      log(`${req.name.padEnd(17)} strapi ${summary(s)} (${s.ms.toFixed(0)} ms) | app ${summary(a)} (${a.ms.toFixed(0)} ms) | ${d ? `DIFF ${d}` : 'same values'}`);
    }
  } finally {
    await strapi.stop();
    await app.stop();
  }
  if (problems.length > 0) {
    log(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
    process.exit(1);
  }
  log(`\nverified: ${articles} articles, Strapi seeded by SQL in ${(seeded.ms / 1000).toFixed(1)} s`);
}

/** The app's own documentIds in seed order (by the number in the slug), read from its database file. */
function readAppIds(file: string): StrapiSeedIds {
  // Not read-only: a read-only handle on a WAL-mode file fails when the -shm file is absent.
  const db = new Database(file);
  try {
    const seedIndex = (slug: string) => Number(/(\d+)$/.exec(slug)?.[1] ?? 0);
    const articles = db
      .prepare<[], { doc: string; slug: string }>('SELECT a.document_id AS doc, a.slug FROM articles a WHERE a.published_at IS NOT NULL')
      .all()
      .sort((x, y) => seedIndex(x.slug) - seedIndex(y.slug));
    const column = (sql: string) => db.prepare<[], { doc: string }>(sql).all().map((r) => r.doc);
    return {
      articles: articles.map((a) => a.doc),
      deepArticles: articles.filter((a) => seedIndex(a.slug) % DEEP_EVERY === 0).map((a) => a.doc),
      authors: column('SELECT a.document_id AS doc FROM authors a ORDER BY a.id'),
      categories: column("SELECT c.document_id AS doc FROM categories c WHERE c.locale = 'en' ORDER BY c.id"),
    };
  } finally {
    db.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
