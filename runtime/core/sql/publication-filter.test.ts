// Every publicationFilter mode, in both statuses, on a localized draft & publish table in SQLite:
// which version rows the condition keeps.
import Database from 'better-sqlite3';
import type { ContentTypeMeta } from '../model/types';
import { PUBLICATION_FILTERS, type PublicationFilter, type PublicationStatus } from '../query/ast';
import { sqliteDialect } from './dialect';
import { publicationFilterCondition } from './publication-filter';
import { statusCondition } from './query-context';

const meta = (localized: boolean): ContentTypeMeta => ({
  uid: 'api::page.page',
  kind: 'collectionType',
  singularName: 'page',
  pluralName: 'pages',
  displayName: 'Page',
  table: 'pages',
  draftAndPublish: true,
  localized,
  attributes: {},
  actionPrefix: 'api::page.page',
});

// Rows: [name, documentId, locale, published?, updatedAt]. Names say what each version is.
const ROWS: [string, string, string, boolean, string][] = [
  // doc "never": en draft only
  ['never.en.draft', 'never', 'en', false, '2026-01-01'],
  // doc "same": en published, draft unchanged since
  ['same.en.draft', 'same', 'en', false, '2026-01-02'],
  ['same.en.pub', 'same', 'en', true, '2026-01-02'],
  // doc "edited": en draft edited after publishing
  ['edited.en.draft', 'edited', 'en', false, '2026-01-05'],
  ['edited.en.pub', 'edited', 'en', true, '2026-01-03'],
  // doc "mixed": en published, fr only a draft (never published in fr)
  ['mixed.en.draft', 'mixed', 'en', false, '2026-01-04'],
  ['mixed.en.pub', 'mixed', 'en', true, '2026-01-04'],
  ['mixed.fr.draft', 'mixed', 'fr', false, '2026-01-04'],
  // doc "orphan": a published row whose draft is missing (legacy data)
  ['orphan.en.pub', 'orphan', 'en', true, '2026-01-01'],
];

let db: Database.Database;
const names = new Map<number, string>();

beforeAll(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, document_id TEXT NOT NULL, locale TEXT, published_at TEXT, is_draft BOOLEAN, updated_at TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO pages (document_id, locale, published_at, is_draft, updated_at) VALUES (?, ?, ?, ?, ?)');
  for (const [name, documentId, locale, published, updatedAt] of ROWS) {
    const { lastInsertRowid } = insert.run(documentId, locale, published ? updatedAt : null, published ? 0 : 1, updatedAt);
    names.set(Number(lastInsertRowid), name);
  }
});
afterAll(() => db.close());

function select(mode: PublicationFilter, status: PublicationStatus, localized = true): string[] {
  const m = meta(localized);
  const shape = { kind: 'contentType' as const, uid: m.uid, meta: m };
  const where = `${statusCondition(shape, 't0', status).text} AND ${publicationFilterCondition(m, 't0', status, mode, sqliteDialect).text}`;
  const rows = db.prepare(`SELECT id FROM pages t0 WHERE ${where} ORDER BY id`).all() as { id: number }[];
  return rows.map((r) => names.get(r.id) ?? String(r.id));
}

describe('publicationFilterCondition', () => {
  it('never-published: drafts of locales never published; nothing published', () => {
    expect(select('never-published', 'draft')).toEqual(['never.en.draft', 'mixed.fr.draft']);
    expect(select('never-published', 'published')).toEqual([]);
  });

  it('never-published-document: drafts of documents published in no locale', () => {
    expect(select('never-published-document', 'draft')).toEqual(['never.en.draft']);
    expect(select('never-published-document', 'published')).toEqual([]);
  });

  it('has-published-version: the version asked for, of locales with both versions', () => {
    expect(select('has-published-version', 'draft')).toEqual(['same.en.draft', 'edited.en.draft', 'mixed.en.draft']);
    expect(select('has-published-version', 'published')).toEqual(['same.en.pub', 'edited.en.pub', 'mixed.en.pub']);
  });

  it('has-published-version-document: every locale of a document published somewhere', () => {
    expect(select('has-published-version-document', 'draft')).toEqual(['same.en.draft', 'edited.en.draft', 'mixed.en.draft', 'mixed.fr.draft']);
    expect(select('has-published-version-document', 'published')).toEqual(['same.en.pub', 'edited.en.pub', 'mixed.en.pub']);
  });

  it('modified / unmodified compare the draft update time with the published one', () => {
    expect(select('modified', 'draft')).toEqual(['edited.en.draft']);
    expect(select('modified', 'published')).toEqual(['edited.en.pub']);
    expect(select('unmodified', 'draft')).toEqual(['same.en.draft', 'mixed.en.draft']);
    expect(select('unmodified', 'published')).toEqual(['same.en.pub', 'mixed.en.pub']);
  });

  it('published-with(out)-draft are diagnostics over published rows only', () => {
    expect(select('published-without-draft', 'published')).toEqual(['orphan.en.pub']);
    expect(select('published-with-draft', 'published')).toEqual(['same.en.pub', 'edited.en.pub', 'mixed.en.pub']);
    expect(select('published-without-draft', 'draft')).toEqual([]);
    expect(select('published-with-draft', 'draft')).toEqual([]);
  });

  it('pairs versions by document only when the type is not localized', () => {
    // Without i18n the fr draft of "mixed" counts as a draft of a published document.
    expect(select('never-published', 'draft', false)).toEqual(['never.en.draft']);
  });

  it('names every mode Strapi accepts', () => {
    expect([...PUBLICATION_FILTERS].sort()).toEqual(
      ['has-published-version', 'has-published-version-document', 'modified', 'never-published', 'never-published-document', 'published-with-draft', 'published-without-draft', 'unmodified'].sort(),
    );
  });
});
