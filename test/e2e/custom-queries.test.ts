// Custom queries outside the content model (issue 11 §2): they run as SQL on the app's own Db,
// not through Prisma Client, which was measured and dropped (docs/customization.md ("Custom SQL")).
// This proves the documented pattern on every database (a report that reads published versions
// through a link table, and a transaction that rolls back and commits), and that a generated app
// starts, migrates and serves with Prisma Client and the Prisma CLI unloadable.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { collectionOperations, type AuthContext } from '@cms-gen/runtime';
import { compiledPath } from '../helpers/compiled-app';
import { freshDatabase, startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';

const ROOT = resolve(__dirname, '..', '..');
const SERVER: AuthContext = { kind: 'api-token', can: () => true };

/** Published articles per author: what the Document Service cannot answer (no GROUP BY). */
const ARTICLES_PER_AUTHOR = `
  SELECT au.name AS author, COUNT(*) AS articles
  FROM articles a
  JOIN articles_author_lnk l ON l.source_id = a.id
  JOIN authors au ON au.document_id = l.target_document_id AND au.is_draft = ?
  WHERE a.is_draft = ?
  GROUP BY au.name
  ORDER BY au.name`;

function runChild(databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    // The compiled app (test/helpers/compiled-app.ts), as deployed. The block goes into NODE_OPTIONS so
    // that the process a compiled runtime migrates a new database in is held to it as well.
    const child = spawn(process.execPath, [compiledPath(join(ROOT, 'test/helpers/app-round-trip.ts'))], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_OPTIONS: `--require ${JSON.stringify(join(ROOT, 'test/helpers/block-prisma-client.cjs'))}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('custom queries on %s', (database) => {
  let app: FixtureApp;
  let firstId: string;

  beforeAll(async () => {
    app = await startFixtureApp(database);
    const authors = collectionOperations(app.engine, 'api::author.author');
    const articles = collectionOperations(app.engine, 'api::article.article');
    const ada = await authors.create({ data: { name: 'Ada' } }, {}, SERVER);
    const linus = await authors.create({ data: { name: 'Linus' } }, {}, SERVER);
    const first = await articles.create({ data: { title: 'One', slug: 'one', views: 5, author: ada.documentId } }, { status: 'published' }, SERVER);
    firstId = first.documentId as string;
    await articles.create({ data: { title: 'Two', slug: 'two', author: ada.documentId } }, { status: 'published' }, SERVER);
    await articles.create({ data: { title: 'Three', slug: 'three', author: linus.documentId } }, { status: 'published' }, SERVER);
    // A draft edit of a published article and a never-published draft: each adds a draft row
    // with its own links, which a report must not count.
    await articles.update(firstId, { data: { title: 'One (draft edit)' } }, { status: 'draft' }, SERVER);
    await articles.create({ data: { title: 'Unpublished', slug: 'unpublished', author: linus.documentId } }, { status: 'draft' }, SERVER);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('reads published versions through a link table, one row per document', async () => {
    const rows = await app.db.query(ARTICLES_PER_AUTHOR, [false, false]);
    // COUNT(*) is a bigint on PostgreSQL and MariaDB: the driver hands it over as a string or bigint.
    expect(rows.map((r) => ({ author: r.author, articles: Number(r.articles) }))).toEqual([
      { author: 'Ada', articles: 2 },
      { author: 'Linus', articles: 1 },
    ]);
    const drafts = await app.db.query(ARTICLES_PER_AUTHOR, [false, true]);
    expect(drafts.map((r) => [r.author, Number(r.articles)])).toEqual([
      ['Ada', 2],
      ['Linus', 2],
    ]);
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    const bump = 'UPDATE articles SET views = views + 1 WHERE document_id = ? AND is_draft = ?';
    const views = async () => (await collectionOperations(app.engine, 'api::article.article').findOne(firstId, { status: 'published' }, SERVER))?.views;
    await expect(
      app.db.transaction(async (tx) => {
        expect((await tx.execute(bump, [firstId, false])).changes).toBe(1);
        throw new Error('abort the report');
      }),
    ).rejects.toThrow('abort the report');
    expect(await views()).toBe(5);
    await app.db.transaction(async (tx) => {
      await tx.execute(bump, [firstId, false]);
      await tx.execute(bump, [firstId, false]);
    });
    expect(await views()).toBe(7);
  });

  it('starts, migrates and serves with Prisma Client and the Prisma CLI unloadable', async () => {
    const temp = await freshDatabase(database);
    try {
      const child = await runChild(temp.url);
      expect(child.stderr).not.toContain('blocked:');
      expect({ code: child.code, stdout: child.stdout.trim() }).toEqual({ code: 0, stdout: 'OK Round trip 1' });
    } finally {
      await temp.drop();
    }
  });
});
