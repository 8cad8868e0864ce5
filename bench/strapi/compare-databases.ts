// Compares two Strapi databases table by table, row by row (ids included), ignoring what differs
// between any two seeds by nature: documentId values (each is replaced by the order in which it
// first appears in its table) and timestamps. Used by verify.ts to check the SQL seeder against a
// seed written through Strapi's own document service.
import Database from 'better-sqlite3';

const TIMESTAMPS = new Set(['created_at', 'updated_at', 'published_at']);

/** Content tables the seeders write (the rest is Strapi's own boot-time state). */
export const CONTENT_TABLES = [
  'authors',
  'categories',
  'articles',
  'articles_author_lnk',
  'articles_categories_lnk',
  'articles_cmps',
  'components_shared_seos',
  'components_shared_seos_cmps',
  'components_shared_meta_socials',
  'components_shared_quotes',
  'components_sections_heroes',
  'components_sections_rich_texts',
  'components_sections_ctas',
  'components_sections_ctas_category_lnk',
  'files_related_mph',
  'articles_seo_page_lnk',
  'homepages_featured_articles_lnk',
];

type Row = Record<string, unknown>;

export function normalizedRows(db: Database.Database, table: string): Row[] {
  const rows = db.prepare<[], Row>(`SELECT * FROM "${table}" ORDER BY id`).all();
  const documentIds = new Map<unknown, number>();
  return rows.map((row) => {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (key === 'document_id') {
        if (!documentIds.has(value)) documentIds.set(value, documentIds.size + 1);
        out[key] = `doc#${documentIds.get(value)}`;
      } else if (TIMESTAMPS.has(key)) out[key] = value === null ? null : 'set';
      else out[key] = value;
    }
    return out;
  });
}

/** One line per difference (empty when the content tables are the same); at most `limit` per table. */
export function compareDatabases(fileA: string, fileB: string, tables = CONTENT_TABLES, limit = 5): string[] {
  const a = new Database(fileA, { readonly: true });
  const b = new Database(fileB, { readonly: true });
  const out: string[] = [];
  try {
    for (const table of tables) {
      const rowsA = normalizedRows(a, table);
      const rowsB = normalizedRows(b, table);
      if (rowsA.length !== rowsB.length) out.push(`${table}: ${rowsA.length} rows vs ${rowsB.length}`);
      let shown = 0;
      for (let k = 0; k < Math.min(rowsA.length, rowsB.length) && shown < limit; k += 1) {
        const x = JSON.stringify(rowsA[k]);
        const y = JSON.stringify(rowsB[k]);
        if (x !== y) {
          out.push(`${table} row ${k + 1}:\n  ${x}\n  ${y}`);
          shown += 1;
        }
      }
    }
  } finally {
    a.close();
    b.close();
  }
  return out;
}

/** Row counts of `tables` (for the record in verify.ts's output). */
export function rowCounts(file: string, tables = CONTENT_TABLES): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(tables.map((t) => [t, db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM "${t}"`).get()?.n ?? 0]));
  } finally {
    db.close();
  }
}

if (require.main === module) {
  const [x, y] = process.argv.slice(2);
  const diffs = compareDatabases(x, y);
  process.stdout.write(diffs.length === 0 ? 'same content\n' : `${diffs.join('\n')}\n`);
  process.exit(diffs.length === 0 ? 0 : 1);
}
