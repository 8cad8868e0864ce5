// The floor's knowledge of the schema, written by hand as a developer without a generator would:
// fixed column lists and fixed-shape object literals. Output keys and value forms match what the
// app returns (id, documentId, public scalars in schema order, createdAt, updatedAt, publishedAt,
// locale on localized types), so both servers put the same bytes on the wire.

export interface ArticleRow {
  id: number;
  document_id: string;
  title: string | null;
  slug: string | null;
  summary: string | null;
  body: string | null;
  content: string | null;
  kind: string | null;
  contact_email: string | null;
  publish_date: string | null;
  publish_time: string | null;
  event_at: string | null;
  views: number | null;
  big_counter: string | null;
  rating: number | null;
  price: number | null;
  featured: number | null;
  metadata: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface AuthorRow {
  source_id: number;
  id: number;
  document_id: string;
  name: string | null;
  email: string | null;
  bio: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface CategoryRow {
  source_id: number;
  id: number;
  document_id: string;
  name: string | null;
  slug: string | null;
  description: string | null;
  position: number | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  locale: string | null;
}

/** secret_code (password) is never selected. big_counter is cast to text: INTEGER past 2^53 would round. */
export const ARTICLE_COLUMNS =
  'id, document_id, title, slug, summary, body, content, kind, contact_email, publish_date, publish_time, event_at, views, ' +
  'CAST(big_counter AS TEXT) AS big_counter, rating, price, featured, metadata, created_at, updated_at, published_at';

export const AUTHOR_COLUMNS = 'a.id, a.document_id, a.name, a.email, a.bio, a.created_at, a.updated_at, a.published_at';

export const CATEGORY_COLUMNS = 'c.id, c.document_id, c.name, c.slug, c.description, c.position, c.created_at, c.updated_at, c.published_at, c.locale';

/** JSON and blocks columns hold JSON text; the API returns the parsed value. */
const json = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

export function articleDoc(r: ArticleRow): Record<string, unknown> {
  return {
    id: r.id,
    documentId: r.document_id,
    title: r.title,
    slug: r.slug,
    summary: r.summary,
    body: r.body,
    content: json(r.content),
    kind: r.kind,
    contact_email: r.contact_email,
    publish_date: r.publish_date,
    publish_time: r.publish_time,
    event_at: r.event_at,
    views: r.views,
    big_counter: r.big_counter,
    rating: r.rating,
    price: r.price,
    featured: r.featured === null ? null : r.featured === 1,
    metadata: json(r.metadata),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publishedAt: r.published_at,
  };
}

export function authorDoc(r: AuthorRow): Record<string, unknown> {
  return {
    id: r.id,
    documentId: r.document_id,
    name: r.name,
    email: r.email,
    bio: r.bio,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publishedAt: r.published_at,
  };
}

export function categoryDoc(r: CategoryRow): Record<string, unknown> {
  return {
    id: r.id,
    documentId: r.document_id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    position: r.position,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publishedAt: r.published_at,
    locale: r.locale,
  };
}
