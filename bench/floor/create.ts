// The floor's POST /api/articles: what a hand-written create on this storage layout must do to be
// correct, and nothing more. Validate the body, check that the related documents exist, then in
// one IMMEDIATE transaction insert the draft row and the published row (draft & publish keeps
// both), and link rows for each (positions, and inverse positions so the target side keeps its
// order). The response is built from the published row (INSERT ... RETURNING), like a re-read.
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { ARTICLE_COLUMNS, articleDoc, type ArticleRow } from './rows';

export class BadRequest extends Error {}

type Bindable = string | number | null;

/** Writable scalar columns and how each body value is checked and stored. */
const SCALARS: Record<string, (v: unknown) => Bindable> = {
  title: (v) => (typeof v === 'string' && v.length <= 200 ? v : bad('title must be a string of at most 200 characters')),
  slug: (v) => (v === null || (typeof v === 'string' && /^[A-Za-z0-9-_.~]*$/.test(v)) ? v : bad('slug is not a valid uid')),
  summary: (v) => (v === null || typeof v === 'string' ? v : bad('summary must be a string')),
  body: (v) => (v === null || typeof v === 'string' ? v : bad('body must be a string')),
  kind: (v) => (v === null || (typeof v === 'string' && ['news', 'tutorial', 'opinion', 'review'].includes(v)) ? v : bad('kind must be one of news, tutorial, opinion, review')),
  views: (v) => (v === null || (Number.isInteger(v) && (v as number) >= 0) ? (v as number | null) : bad('views must be an integer >= 0')),
  rating: (v) => (v === null || typeof v === 'number' ? v : bad('rating must be a number')),
  price: (v) => (v === null || typeof v === 'number' ? v : bad('price must be a number')),
  featured: (v) => (v === null ? null : typeof v === 'boolean' ? (v ? 1 : 0) : bad('featured must be a boolean')),
  publish_date: (v) => (v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) ? v : bad('publish_date must be a date')),
  metadata: (v) => (v === undefined ? null : JSON.stringify(v)),
};
const COLUMNS = Object.keys(SCALARS);
/** Schema defaults applied on create when the body omits the field. */
const DEFAULTS: Record<string, Bindable> = { kind: 'news', views: 0, featured: 0 };

function bad(message: string): never {
  throw new BadRequest(message);
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
function documentId(): string {
  let id = '';
  for (const b of randomBytes(24)) id += ALPHABET[b % 36];
  return id;
}

interface Input {
  values: Bindable[];
  author: string | null;
  categories: string[];
}

function parseInput(body: unknown): Input {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) bad('Missing "data" payload in the request body');
  const fields = data as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!(key in SCALARS) && key !== 'author' && key !== 'categories') bad(`Invalid key ${key}`);
  if (typeof fields.title !== 'string') bad('title must be defined.');
  const values = COLUMNS.map((c) => (c in fields ? SCALARS[c](fields[c]) : (DEFAULTS[c] ?? null)));
  const author = fields.author === undefined || fields.author === null ? null : typeof fields.author === 'string' ? fields.author : bad('author must be a documentId');
  const categories = fields.categories === undefined ? [] : Array.isArray(fields.categories) && fields.categories.every((c) => typeof c === 'string') ? [...new Set(fields.categories as string[])] : bad('categories must be an array of documentIds');
  return { values, author, categories };
}

export class FloorWriter {
  private readonly insert: Database.Statement<Bindable[]>;
  private readonly insertReturning: Database.Statement<Bindable[], ArticleRow>;
  private readonly authorExists: Database.Statement<[string], { hit: number }>;
  private readonly categoryExists: Database.Statement<[string, string], { hit: number }>;
  private readonly nextAuthorInverse: Database.Statement<[string], { n: number }>;
  private readonly nextCategoryInverse: Database.Statement<[string], { n: number }>;
  private readonly linkAuthor: Database.Statement<[number, string, number, number]>;
  private readonly linkCategory: Database.Statement<[number, string, string, number, number]>;
  private readonly create: (input: Input) => ArticleRow;

  constructor(db: Database.Database) {
    const columns = ['document_id', 'created_at', 'updated_at', 'published_at', 'is_draft', ...COLUMNS];
    const insertSql = `INSERT INTO articles (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    this.insert = db.prepare<Bindable[]>(insertSql);
    this.insertReturning = db.prepare<Bindable[], ArticleRow>(`${insertSql} RETURNING ${ARTICLE_COLUMNS}`);
    this.authorExists = db.prepare('SELECT 1 AS hit FROM authors WHERE document_id = ?');
    this.categoryExists = db.prepare('SELECT 1 AS hit FROM categories WHERE document_id = ? AND locale = ?');
    // A new owner goes last among the target's owners; the draft and the published row share the
    // position (publishing copies the draft's link rows, inverse_position included).
    this.nextAuthorInverse = db.prepare('SELECT COALESCE(MAX(inverse_position), 0) + 1 AS n FROM articles_author_lnk WHERE target_document_id = ?');
    this.nextCategoryInverse = db.prepare('SELECT COALESCE(MAX(inverse_position), 0) + 1 AS n FROM articles_categories_lnk WHERE target_document_id = ?');
    this.linkAuthor = db.prepare('INSERT INTO articles_author_lnk (source_id, target_document_id, target_locale, position, inverse_position) VALUES (?, ?, NULL, ?, ?)');
    this.linkCategory = db.prepare('INSERT INTO articles_categories_lnk (source_id, target_document_id, target_locale, position, inverse_position) VALUES (?, ?, ?, ?, ?)');
    this.create = db.transaction((input: Input) => this.write(input)).immediate;
  }

  private write(input: Input): ArticleRow {
    if (input.author !== null && !this.authorExists.get(input.author)) bad(`Document with id "${input.author}", locale "null" not found`);
    for (const c of input.categories) if (!this.categoryExists.get(c, 'en')) bad(`Document with id "${c}", locale "en" not found`);
    const id = documentId();
    const now = new Date().toISOString();
    const draftId = Number(this.insert.run(id, now, now, null, 1, ...input.values).lastInsertRowid);
    const published = this.insertReturning.get(id, now, now, now, 0, ...input.values) as ArticleRow;
    if (input.author !== null) {
      const inverse = this.nextAuthorInverse.get(input.author)?.n ?? 1;
      for (const source of [draftId, published.id]) this.linkAuthor.run(source, input.author, 1, inverse);
    }
    input.categories.forEach((c, i) => {
      const inverse = this.nextCategoryInverse.get(c)?.n ?? 1;
      for (const source of [draftId, published.id]) this.linkCategory.run(source, c, 'en', i + 1, inverse);
    });
    return published;
  }

  /** Throws BadRequest for an invalid body or unknown related documents. */
  createArticle(body: unknown): Record<string, unknown> {
    return articleDoc(this.create(parseInput(body)));
  }
}
