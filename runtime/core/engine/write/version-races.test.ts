// Writes to one document's versions racing from separate connection pools (as separate app
// instances do): updates of the draft, publish, unpublish, discardDraft and update-and-publish.
// Each must succeed and leave one draft and at most one published version, each with its own
// components and links. Before the document's rows were locked first, a publish whose published
// row an unpublish deleted meanwhile failed with a foreign-key 400 (measured on PostgreSQL).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '../../../../fixtures/strapi-blog/app/src/schema-meta';
import { connectDatabase } from '../../db/connect';
import { migrate } from '../../db/migrate';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../../../../test/helpers/test-services';
import type { Db } from '@cms-gen/db/types';
import { Engine } from '../../documents/operations';

const APP_DIR = join(__dirname, '..', '..', '..', '..', 'fixtures', 'strapi-blog', 'app');
const ARTICLE = 'api::article.article';

describe.each([
  ['postgres', createTempPostgresDatabase, 'postgresql'],
  ['mysql', createTempMariadbDatabase, 'mysql'],
] as const)('version races on %s', (dialect, create, provider) => {
  let temp: TempDatabase;
  let dbs: Db[] = [];
  let engines: Engine[] = [];
  beforeAll(async () => {
    temp = await create();
    await migrate({ db: { dialect, url: temp.url }, schema: readFileSync(join(APP_DIR, 'prisma', provider, 'schema.prisma'), 'utf8') });
    dbs = await Promise.all([0, 1, 2].map(() => connectDatabase({ dialect, url: temp.url })));
    engines = dbs.map((db) => new Engine({ db, schema, bcryptRounds: 4 }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await temp?.drop();
  });

  it('keeps one draft and at most one published version, whatever order the writes land in', async () => {
    const docs = (i: number) => engines[i].documents(ARTICLE);
    const category = await engines[0].documents('api::category.category').create({ data: { name: 'c' } });
    const categoryId = String(category.documentId);
    const created = await docs(0).create({ data: { title: 'contended', seo: { meta_title: 'm' }, categories: [categoryId] } });
    const documentId = String(created.documentId);
    const ops = [
      (i: number, n: number) => docs(i).update({ documentId, data: { title: `draft ${i}-${n}`, seo: { meta_title: `m${n}` }, categories: n % 2 ? [] : [categoryId] } }),
      (i: number) => docs(i).publish({ documentId }),
      (i: number) => docs(i).unpublish({ documentId }),
      (i: number, n: number) => docs(i).update({ documentId, data: { title: `live ${i}-${n}` }, status: 'published' }),
      (i: number) => docs(i).discardDraft({ documentId }),
    ];
    const failures: string[] = [];
    await Promise.all(
      [0, 1, 2].map(async (i) => {
        for (let n = 0; n < 30; n++) {
          const op = (n + i) % ops.length;
          await ops[op](i, n).catch((err: unknown) => failures.push(`op ${op}: ${err instanceof Error ? err.message : String(err)}`));
        }
      }),
    );
    expect(failures).toEqual([]);
    const db = dbs[0];
    const rows = await db.query('SELECT id, is_draft FROM articles WHERE document_id = ?', [documentId]);
    const drafts = rows.filter((r) => Number(r.is_draft) === 1 || r.is_draft === true);
    expect(drafts).toHaveLength(1);
    expect(rows.length - drafts.length).toBeLessThanOrEqual(1);
    for (const row of rows) {
      expect(Number((await db.query(`SELECT COUNT(*) AS n FROM components_shared_seos WHERE owner_type = ? AND owner_id = ?`, [ARTICLE, Number(row.id)]))[0].n)).toBe(1);
      expect(Number((await db.query('SELECT COUNT(*) AS n FROM articles_categories_lnk WHERE source_id = ?', [Number(row.id)]))[0].n)).toBeLessThanOrEqual(1);
    }
    expect(Number((await db.query('SELECT COUNT(*) AS n FROM components_shared_seos s WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = s.owner_id)'))[0].n)).toBe(0);
  }, 60_000);
});
