// Writes documents into a database Strapi 5.54 created, with the rows its document service would
// write for `create({ data, status: 'published' })` on the oracle's strapi-blog schemas (read from
// a database Strapi filled itself; verify.ts compares the two table by table):
// - authors (no draft & publish): one row, published_at set, locale NULL;
// - categories (localized, no draft & publish): one row in locale 'en', published_at set;
// - articles (draft & publish, not localized): a draft row (published_at NULL) then a published
//   row with the same document_id, each with its own link rows and its own copy of every component.
// Link tables are `<table>_<field>_lnk`; `<x>_ord` is the position on the side named x: the
// category_ord of an article's categories is its list order (1, 2, 3), the article_ord of a link
// is the document's position among its target's articles (the n-th article of an author gets n, on
// both its draft and published link rows). Components hang off `<owner table>_cmps` rows
// (entity_id, cmp_id, component_type, field, order; order NULL for a single component).
// Timestamps are milliseconds since the epoch, as Strapi's SQLite dialect stores them.
import type { Database } from 'better-sqlite3';
import { prng } from '../seed-data';

type Row = Record<string, unknown>;
type Value = string | number | null;

const ARTICLE_SCALARS = [
  'title', 'slug', 'summary', 'body', 'content', 'kind', 'contact_email', 'publish_date', 'publish_time',
  'event_at', 'views', 'big_counter', 'rating', 'price', 'featured', 'metadata',
] as const;
/** Schema defaults the document service fills in on create when an attribute is absent. */
const ARTICLE_DEFAULTS: Row = { kind: 'news', views: 0, featured: false };
const ARTICLE_RELATIONS = ['author', 'categories', 'seo', 'blocks_list', 'sections'] as const;

/** Columns written per table; the constructor checks Strapi's tables have them. */
const LAYOUT: Record<string, readonly string[]> = {
  authors: ['document_id', 'name', 'email', 'bio', 'created_at', 'updated_at', 'published_at', 'locale'],
  categories: ['document_id', 'name', 'slug', 'description', 'position', 'created_at', 'updated_at', 'published_at', 'locale'],
  articles: ['document_id', ...ARTICLE_SCALARS, 'created_at', 'updated_at', 'published_at', 'locale'],
  articles_author_lnk: ['article_id', 'author_id', 'article_ord'],
  articles_categories_lnk: ['article_id', 'category_id', 'category_ord', 'article_ord'],
  articles_cmps: ['entity_id', 'cmp_id', 'component_type', 'field', 'order'],
  components_shared_seos: ['meta_title', 'meta_description', 'keywords', 'prevent_indexing'],
  components_shared_seos_cmps: ['entity_id', 'cmp_id', 'component_type', 'field', 'order'],
  components_shared_meta_socials: ['social_network', 'title', 'description'],
  components_shared_quotes: ['title', 'body', 'position'],
  components_sections_heroes: ['title', 'subtitle'],
  components_sections_rich_texts: ['body'],
  components_sections_ctas: ['label', 'url'],
  components_sections_ctas_category_lnk: ['cta_id', 'category_id'],
};

/** Strapi's documentId shape (cuid2): 24 characters, a lowercase letter then [a-z0-9]. Deterministic here. */
function documentIds(seed: number): () => string {
  const rand = prng(seed);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const chars = `${letters}0123456789`;
  return () => {
    let id = letters[Math.floor(rand() * 26)];
    for (let k = 1; k < 24; k += 1) id += chars[Math.floor(rand() * 36)];
    return id;
  };
}

function encode(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

export class StrapiRowWriter {
  private readonly inserts = new Map<string, (values: Value[]) => number>();
  private readonly authorRows = new Map<string, number>();
  private readonly categoryRows = new Map<string, number>();
  /** Articles linked so far per author / category row: the next link's article_ord. */
  private readonly authorOrd = new Map<number, number>();
  private readonly categoryOrd = new Map<number, number>();
  private readonly nextId = documentIds(20_261_124);
  private clock: number;

  constructor(
    private readonly db: Database,
    startMs: number,
  ) {
    this.clock = startMs;
    for (const [table, columns] of Object.entries(LAYOUT)) {
      const have = new Set(db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all().map((c) => c.name));
      const missing = columns.filter((c) => !have.has(c));
      if (missing.length > 0) {
        throw new Error(`strapi seed: table ${table} lacks ${missing.join(', ')} (not the layout of Strapi 5.54's strapi-blog database)`);
      }
      const rows = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM "${table}"`).get()?.n ?? 0;
      if (rows > 0) throw new Error(`strapi seed: table ${table} is not empty`);
      const statement = db.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      this.inserts.set(table, (values) => Number(statement.run(values).lastInsertRowid));
    }
  }

  private insert(table: string, values: Value[]): number {
    const run = this.inserts.get(table);
    if (!run) throw new Error(`strapi seed: no statement for ${table}`);
    return run(values);
  }

  /** One millisecond per document, so creation order is also createdAt order. */
  private tick(): number {
    this.clock += 1;
    return this.clock;
  }

  author(data: Row): string {
    const t = this.tick();
    const documentId = this.nextId();
    const id = this.insert('authors', [documentId, encode(data.name), encode(data.email), encode(data.bio), t, t, t, null]);
    this.authorRows.set(documentId, id);
    return documentId;
  }

  category(data: Row): string {
    const t = this.tick();
    const documentId = this.nextId();
    const id = this.insert('categories', [documentId, encode(data.name), encode(data.slug), encode(data.description), encode(data.position), t, t, t, 'en']);
    this.categoryRows.set(documentId, id);
    return documentId;
  }

  article(data: Row): string {
    const unknown = Object.keys(data).filter((k) => !(ARTICLE_SCALARS as readonly string[]).includes(k) && !(ARTICLE_RELATIONS as readonly string[]).includes(k));
    if (unknown.length > 0) throw new Error(`strapi seed: article attributes not handled: ${unknown.join(', ')}`);
    const t = this.tick();
    const documentId = this.nextId();
    const scalars = ARTICLE_SCALARS.map((k) => encode(data[k] ?? ARTICLE_DEFAULTS[k]));
    const author = data.author === undefined || data.author === null ? undefined : this.row(this.authorRows, data.author, 'author');
    const categories = ((data.categories as unknown[] | undefined) ?? []).map((c) => this.row(this.categoryRows, c, 'category'));
    // Positions among each target's articles, shared by the draft and published link rows.
    const authorOrd = author === undefined ? 0 : this.bump(this.authorOrd, author);
    const categoryOrds = categories.map((c) => this.bump(this.categoryOrd, c));
    for (const publishedAt of [null, t]) {
      const id = this.insert('articles', [documentId, ...scalars, t, t, publishedAt, null]);
      if (author !== undefined) this.insert('articles_author_lnk', [id, author, authorOrd]);
      categories.forEach((c, k) => this.insert('articles_categories_lnk', [id, c, k + 1, categoryOrds[k]]));
      this.components(id, data);
    }
    return documentId;
  }

  private row(rows: Map<string, number>, documentId: unknown, what: string): number {
    const id = rows.get(String(documentId));
    if (id === undefined) throw new Error(`strapi seed: unknown ${what} ${String(documentId)}`);
    return id;
  }

  private bump(counts: Map<number, number>, key: number): number {
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    return next;
  }

  /** The article's seo, blocks_list and sections, in attribute order (as Strapi inserts them). */
  private components(articleId: number, data: Row): void {
    const link = (cmpId: number, type: string, field: string, order: number | null) =>
      this.insert('articles_cmps', [articleId, cmpId, type, field, order]);
    const seo = data.seo as Row | undefined;
    if (seo) {
      const seoId = this.insert('components_shared_seos', [encode(seo.meta_title), encode(seo.meta_description), encode(seo.keywords), encode(seo.prevent_indexing ?? false)]);
      ((seo.meta_social as Row[] | undefined) ?? []).forEach((social, k) => {
        const socialId = this.insert('components_shared_meta_socials', [encode(social.social_network), encode(social.title), encode(social.description)]);
        this.insert('components_shared_seos_cmps', [seoId, socialId, 'shared.meta-social', 'meta_social', k + 1]);
      });
      link(seoId, 'shared.seo', 'seo', null);
    }
    ((data.blocks_list as Row[] | undefined) ?? []).forEach((quote, k) => {
      link(this.insert('components_shared_quotes', [encode(quote.title), encode(quote.body), encode(quote.position)]), 'shared.quote', 'blocks_list', k + 1);
    });
    ((data.sections as Row[] | undefined) ?? []).forEach((section, k) => {
      const type = String(section.__component);
      let id: number;
      if (type === 'sections.hero') id = this.insert('components_sections_heroes', [encode(section.title), encode(section.subtitle)]);
      else if (type === 'sections.rich-text') id = this.insert('components_sections_rich_texts', [encode(section.body)]);
      else if (type === 'sections.cta') {
        id = this.insert('components_sections_ctas', [encode(section.label), encode(section.url)]);
        if (section.category !== undefined && section.category !== null) {
          this.insert('components_sections_ctas_category_lnk', [id, this.row(this.categoryRows, section.category, 'category')]);
        }
      } else throw new Error(`strapi seed: unknown section ${type}`);
      link(id, type, 'sections', k + 1);
    });
  }
}
