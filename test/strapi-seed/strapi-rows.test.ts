// The bench's Strapi seeder (bench/strapi/seed.ts) writes Strapi 5.54's tables directly. Here it
// runs on the content tables as Strapi created them (content-tables.sql) and must write, row for
// row, what Strapi's own document service wrote for the same documents (document-service-rows.json,
// recorded by bench/strapi/record-reference.ts from the oracle app): ids, link rows and their
// *_ord positions, component rows and their *_cmps joins. documentIds compare by first appearance
// and timestamps by presence (compare-databases.ts's normalization).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CONTENT_TABLES, normalizedRows } from '../../bench/strapi/compare-databases';
import { writeBenchDocuments } from '../../bench/strapi/seed';

const DDL = readFileSync(join(__dirname, 'content-tables.sql'), 'utf8');
const reference = JSON.parse(readFileSync(join(__dirname, 'document-service-rows.json'), 'utf8')) as {
  strapi: string;
  articles: number;
  tables: Record<string, Record<string, unknown>[]>;
};

function strapiTables(): Database.Database {
  const db = new Database(':memory:');
  db.exec(DDL);
  return db;
}

describe('Strapi seeder rows', () => {
  it(`writes what Strapi ${reference.strapi}'s document service writes for ${reference.articles} bench articles`, () => {
    const db = strapiTables();
    try {
      const ids = writeBenchDocuments(db, reference.articles, Date.UTC(2026, 0, 1));
      expect(ids.articles).toHaveLength(reference.articles);
      expect(ids.deepArticles).toHaveLength(Math.floor(reference.articles / 10));
      expect(ids.authors).toHaveLength(50);
      expect(ids.categories).toHaveLength(20);
      const all = [...ids.articles, ...ids.authors, ...ids.categories];
      expect(new Set(all).size).toBe(all.length);
      for (const id of all) expect(id).toMatch(/^[a-z][a-z0-9]{23}$/);
      for (const table of CONTENT_TABLES) {
        expect({ table, rows: normalizedRows(db, table) }).toEqual({ table, rows: reference.tables[table] });
      }
      // The returned ids are the published rows' documentIds in seed order.
      const published = db.prepare<[], { doc: string; slug: string }>('SELECT a.document_id AS doc, a.slug FROM articles a WHERE a.published_at IS NOT NULL ORDER BY a.id').all();
      expect(published.map((r) => r.slug)).toEqual(ids.articles.map((_, k) => `article-${k + 1}`));
      expect(published.map((r) => r.doc)).toEqual(ids.articles);
    } finally {
      db.close();
    }
  });

  it('refuses a layout that is not the one it was checked against', () => {
    const db = strapiTables();
    db.exec('ALTER TABLE articles_author_lnk RENAME COLUMN article_ord TO position');
    try {
      expect(() => writeBenchDocuments(db, 1, 0)).toThrow(/articles_author_lnk lacks article_ord/);
    } finally {
      db.close();
    }
  });
});
