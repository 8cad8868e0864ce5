// Lists over more rows than a page (issue 14, "Big data"): what the scale benchmark measured, as
// behaviour. Pages past the first are a deferred join, rows are picked by `is_draft`, and counts
// are kept until the data changes; none of that may change an answer. On each database:
// - every page, sort and filter answers the rows the plain `published_at IS NOT NULL … OFFSET`
//   statement picks (what the engine ran before), with the same total;
// - SQLite and PostgreSQL page, skip and count through the `(is_draft, id)` index (EXPLAIN);
// - a cached count follows every committed write, through the app or another connection.
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { collectionOperations, type AuthContext } from '@cms-gen/runtime';
import type { Db, SqlValue } from '../../runtime/db/types';
import { contentType, contentTypeShape } from '../../runtime/core/model/schema-index';
import { createDocument } from '../../runtime/core/engine/write/document-writer';
import { buildWritePlan } from '../../runtime/core/engine/write/plan';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';

const SERVER: AuthContext = { kind: 'api-token', can: () => true };
const ARTICLE = 'api::article.article';
const ARTICLES = 480;
const KINDS = ['news', 'tutorial', 'opinion', 'review'];

/** Published articles with scrambled views and kinds, and a draft edit on every 7th (a newer draft row). */
async function seed(app: FixtureApp): Promise<void> {
  const engine = app.engine;
  const meta = contentType(engine.schema, ARTICLE);
  const shape = contentTypeShape(engine.schema, ARTICLE);
  const options = { schema: engine.schema, dialect: engine.dialect.name, mode: 'create' as const, bcryptRounds: engine.bcryptRounds };
  const rows = Array.from({ length: ARTICLES }, (_, i) => ({ title: `Article ${(i * 37) % ARTICLES}`, slug: `article-${i}`, views: (i * 7919) % 1000, kind: KINDS[(i * 13) % 4] }));
  const plans = await Promise.all(rows.map((data) => buildWritePlan(data, shape, options)));
  await engine.db.transaction(async (tx) => {
    const env = engine.writeEnv(tx);
    for (const plan of plans) await createDocument(env, meta, plan, { status: 'published' });
  });
  const ops = collectionOperations(engine, ARTICLE);
  const some = await ops.find({ pagination: { pageSize: 100 } }, SERVER);
  for (const doc of some.results.filter((_, i) => i % 7 === 0)) await ops.update(String(doc.documentId), { data: { title: `Edited ${String(doc.title)}` } }, { status: 'draft' }, SERVER);
  await ops.create({ data: { title: 'Never published', slug: 'never-published', kind: 'review' } }, { status: 'draft' }, SERVER);
}

/** The statements a call sends through the root Db (reads run there). */
async function captured(db: Db, fn: () => Promise<unknown>): Promise<{ sql: string; params: readonly SqlValue[] }[]> {
  const out: { sql: string; params: readonly SqlValue[] }[] = [];
  const original = db.query.bind(db);
  db.query = (sql, params = []) => (out.push({ sql, params }), original(sql, params));
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return out;
}

async function plan(db: Db, statement: { sql: string; params: readonly SqlValue[] }): Promise<string> {
  const rows = await db.query(`${db.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${statement.sql}`, statement.params);
  return rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n');
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('list reads at size on %s', (database) => {
  let app: FixtureApp;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    await seed(app);
    // PostgreSQL plans from statistics; a production table has them (autovacuum).
    if (database === 'postgres') await app.engine.db.execute('VACUUM ANALYZE articles');
  }, 180_000);
  afterAll(() => app?.stop());

  const sorts: { raw?: string; order: string }[] = [
    { order: 'id ASC' },
    { raw: 'views:desc', order: 'views DESC, id ASC' },
    { raw: 'publishedAt:desc', order: 'published_at DESC, id ASC' },
    { raw: 'title:asc', order: 'title ASC, id ASC' },
    // Four values over every article: pages of ties, which only the id may order.
    { raw: 'kind:asc', order: 'kind ASC, id ASC' },
  ];

  it('answers every page, sort and filter with the rows and total of the plain OFFSET statement', async () => {
    const ops = collectionOperations(app.engine, ARTICLE);
    const q = app.engine.dialect.quote;
    for (const sort of sorts) {
      for (const kind of [undefined, 'review']) {
        const where = `published_at IS NOT NULL${kind ? ` AND ${q('kind')} = ?` : ''}`;
        const [{ n }] = await app.engine.db.query(`SELECT COUNT(*) AS n FROM ${q('articles')} WHERE ${where}`, kind ? [kind] : []);
        for (const page of [1, 2, 5, Math.ceil(Number(n) / 25), Math.ceil(Number(n) / 25) + 1]) {
          const expected = await app.engine.db.query(
            `SELECT document_id FROM ${q('articles')} WHERE ${where} ORDER BY ${sort.order} LIMIT 25 OFFSET ${(page - 1) * 25}`,
            kind ? [kind] : [],
          );
          const raw = { pagination: { page, pageSize: 25 }, ...(sort.raw ? { sort: sort.raw } : {}), ...(kind ? { filters: { kind: { $eq: kind } } } : {}) };
          const answer = await ops.find(raw, SERVER);
          const label = `sort ${sort.raw ?? 'none'}, kind ${kind ?? 'any'}, page ${page}`;
          expect({ label, ids: answer.results.map((d) => d.documentId) }).toEqual({ label, ids: expected.map((r) => r.document_id) });
          expect({ label, total: answer.pagination.total }).toEqual({ label, total: Number(n) });
        }
      }
    }
  }, 120_000);

  if (database === 'mariadb') return;

  it('pages, skips and counts through the (is_draft, id) index', async () => {
    const ops = collectionOperations(app.engine, ARTICLE);
    const db = app.engine.db;
    const first = await captured(db, () => ops.find({ pagination: { page: 1, pageSize: 25, withCount: false } }, SERVER));
    const deep = await captured(db, () => ops.find({ pagination: { page: 15, pageSize: 25, withCount: false } }, SERVER));
    const pageOf = (list: { sql: string }[]) => list.find((s) => /FROM "articles" t0/.test(s.sql) || /FROM \(SELECT t0\.id/.test(s.sql));
    const firstPlan = await plan(db, pageOf(first) as { sql: string; params: SqlValue[] });
    const deepStatement = pageOf(deep) as { sql: string; params: SqlValue[] };
    expect(deepStatement.sql).toContain('FROM (SELECT t0.id FROM "articles" t0 WHERE t0.is_draft = FALSE ORDER BY t0.id ASC LIMIT 25 OFFSET ?) page JOIN');
    const deepPlan = await plan(db, deepStatement);
    const count = await db.query('SELECT COUNT(*) AS c FROM "articles" t0 WHERE t0.is_draft = FALSE');
    expect(Number(count[0].c)).toBe(ARTICLES);
    const countPlan = await plan(db, { sql: 'SELECT COUNT(*) AS c FROM "articles" t0 WHERE t0.is_draft = FALSE', params: [] });
    if (database === 'sqlite') {
      // No statistics: the plan is the same at any size.
      expect(firstPlan).toContain('SEARCH t0 USING INDEX articles_is_draft_id_idx (is_draft=?)');
      expect(deepPlan).toContain('SEARCH t0 USING COVERING INDEX articles_is_draft_id_idx (is_draft=?)');
      expect(countPlan).toContain('USING COVERING INDEX articles_is_draft_id_idx');
    } else {
      // The skipped rows are index entries, not table rows.
      expect(deepPlan).toMatch(/Index Only Scan using articles_is_draft_id_idx/);
      expect(countPlan).toMatch(/Index Only Scan using articles_is_draft_(id|published_at)_idx/);
    }
  });

  it('keeps a count until a write commits, whoever writes', async () => {
    const ops = collectionOperations(app.engine, ARTICLE);
    const total = async () => (await ops.find({ pagination: { pageSize: 1 } }, SERVER)).pagination.total;
    const before = await total();
    // A repeated count is served from the cache. On PostgreSQL the cache's probe is the cluster's
    // snapshot, which a write to any database moves (other suites write beside this one), so the hit
    // is looked for over a few repeats; on SQLite the first repeat is one.
    let served = false;
    for (let i = 0; i < 20 && !served; i++) {
      const hits = app.engine.counts.stats.hits;
      expect(await total()).toBe(before);
      served = app.engine.counts.stats.hits === hits + 1;
    }
    expect(served).toBe(true);
    // Through the app.
    await ops.create({ data: { title: 'Counted', slug: 'counted' } }, { status: 'published' }, SERVER);
    expect(await total()).toBe(Number(before) + 1);
    // Through another connection, as another instance or a script would: one more published row.
    const now = new Date().toISOString();
    const insert = 'INSERT INTO articles (document_id, title, created_at, updated_at, published_at, is_draft) VALUES ($1, $2, $3, $3, $3, $4)';
    if (database === 'sqlite') {
      const other = new Database((process.env.DATABASE_URL ?? '').replace(/^file:/, ''));
      other.prepare(insert.replace(/\$\d/g, '?')).run('otherconnectionsqlite0001', 'Other', now, now, now, 0);
      other.close();
    } else {
      const other = new Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      await other.query(insert, ['otherconnectionpostgres01', 'Other', now, false]);
      await other.end();
    }
    expect(await total()).toBe(Number(before) + 2);
    // A delete too.
    await app.engine.db.execute("DELETE FROM articles WHERE document_id LIKE 'otherconnection%'");
    expect(await total()).toBe(Number(before) + 1);
  });
});
