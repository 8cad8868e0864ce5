// The floor's reads: prepared statements, one per shape of query. A populated page costs four
// statements (page, count, authors of the page, categories of the page), the least a correct
// implementation of this storage layout can do: links name target *documents*, so each relation
// is a link-table join resolved to the target's visible version.
import type Database from 'better-sqlite3';
import { ARTICLE_COLUMNS, AUTHOR_COLUMNS, CATEGORY_COLUMNS, articleDoc, authorDoc, categoryDoc, type ArticleRow, type AuthorRow, type CategoryRow } from './rows';

type Doc = Record<string, unknown>;

export interface ListQuery {
  page: number;
  pageSize: number;
  populateAuthor: boolean;
  populateCategories: boolean;
}

export interface ListResult {
  data: Doc[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

/** Prepares `build(n)` once per IN-list length (pages are 25 rows, so a handful of statements). */
class InListStatements<R> {
  private readonly byLength = new Map<number, Database.Statement<number[], R>>();
  constructor(
    private readonly db: Database.Database,
    private readonly build: (placeholders: string) => string,
  ) {}

  all(ids: number[]): R[] {
    let stmt = this.byLength.get(ids.length);
    if (!stmt) {
      stmt = this.db.prepare<number[], R>(this.build(ids.map(() => '?').join(', ')));
      this.byLength.set(ids.length, stmt);
    }
    return stmt.all(...ids);
  }
}

function groupBySource<R extends { source_id: number }>(rows: R[], toDoc: (row: R) => Doc): Map<number, Doc[]> {
  const groups = new Map<number, Doc[]>();
  for (const row of rows) {
    const list = groups.get(row.source_id);
    if (list) list.push(toDoc(row));
    else groups.set(row.source_id, [toDoc(row)]);
  }
  return groups;
}

export class FloorReader {
  private readonly page: Database.Statement<[number, number], ArticleRow>;
  private readonly count: Database.Statement<[], { c: number }>;
  private readonly one: Database.Statement<[string], ArticleRow>;
  private readonly authors: InListStatements<AuthorRow>;
  private readonly categories: InListStatements<CategoryRow>;

  constructor(db: Database.Database) {
    // The published version by is_draft, as the app reads it: the page and the count through the
    // (is_draft, id) index, the document through the unique (document_id, is_draft) one.
    this.page = db.prepare(`SELECT ${ARTICLE_COLUMNS} FROM articles WHERE is_draft = 0 ORDER BY id LIMIT ? OFFSET ?`);
    this.count = db.prepare('SELECT COUNT(*) AS c FROM articles WHERE is_draft = 0');
    this.one = db.prepare(`SELECT ${ARTICLE_COLUMNS} FROM articles WHERE document_id = ? AND is_draft = 0 ORDER BY id LIMIT 1`);
    // author and category are not draft & publish: every row of theirs is visible.
    this.authors = new InListStatements(
      db,
      (ids) =>
        `SELECT l.source_id, ${AUTHOR_COLUMNS} FROM articles_author_lnk l JOIN authors a ON a.document_id = l.target_document_id ` +
        `WHERE l.source_id IN (${ids}) ORDER BY l.source_id, l.position, l.id`,
    );
    this.categories = new InListStatements(
      db,
      (ids) =>
        `SELECT l.source_id, ${CATEGORY_COLUMNS} FROM articles_categories_lnk l ` +
        `JOIN categories c ON c.document_id = l.target_document_id AND c.locale = l.target_locale ` +
        `WHERE l.source_id IN (${ids}) ORDER BY l.source_id, l.position, l.id`,
    );
  }

  list(q: ListQuery): ListResult {
    const rows = this.page.all(q.pageSize, (q.page - 1) * q.pageSize);
    const total = this.count.get()?.c ?? 0;
    const docs = rows.map(articleDoc);
    const ids = rows.map((r) => r.id);
    if (ids.length > 0 && q.populateAuthor) {
      const groups = groupBySource(this.authors.all(ids), authorDoc);
      docs.forEach((doc, i) => (doc.author = groups.get(ids[i])?.[0] ?? null));
    }
    if (ids.length > 0 && q.populateCategories) {
      const groups = groupBySource(this.categories.all(ids), categoryDoc);
      docs.forEach((doc, i) => (doc.categories = groups.get(ids[i]) ?? []));
    }
    return { data: docs, meta: { pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.ceil(total / q.pageSize), total } } };
  }

  findOne(documentId: string): Doc | undefined {
    const row = this.one.get(documentId);
    return row ? articleDoc(row) : undefined;
  }
}
