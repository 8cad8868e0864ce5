// The compiled query specs: what each name of a target is, where links lead, and that private
// attributes can be used nowhere (the validators' tests pin the error messages built on this).
import type { SchemaMeta } from '../model/types';
import { compileQuerySpecs } from './compile-specs';
import { entryOf, specOf, type QueryEntry, type QuerySpec } from './spec';
import { ARTICLE, AUTHOR, CATEGORY, FILE, schema } from './__fixtures__/schema';

const specs = compileQuerySpecs(schema);
const spec = (uid: string): QuerySpec => {
  const found = specOf(specs, uid);
  if (!found) throw new Error(`no spec for ${uid}`);
  return found;
};
const namesWhere = (target: QuerySpec, keep: (entry: QueryEntry) => boolean): string[] =>
  Object.keys(target.entries).filter((name) => keep(target.entries[name]));

const filterable = (target: QuerySpec) => namesWhere(target, (e) => e.kind === 'field');
const sortable = (target: QuerySpec) => namesWhere(target, (e) => e.kind === 'field' && e.sortable);
const traversable = (target: QuerySpec) => namesWhere(target, (e) => e.kind === 'relation' || e.kind === 'media' || e.kind === 'component');
const populatable = (target: QuerySpec) => namesWhere(target, (e) => e.kind !== 'field' && e.kind !== 'hidden');

describe('compileQuerySpecs', () => {
  it('has one spec per content type and component, keyed by uid', () => {
    expect(Object.keys(specs).sort()).toEqual([...Object.keys(schema.contentTypes), ...Object.keys(schema.components)].sort());
    expect(spec(ARTICLE)).toMatchObject({ uid: ARTICLE, kind: 'contentType', localized: false, readAction: `${ARTICLE}.find` });
    expect(spec('shared.seo')).toMatchObject({ uid: 'shared.seo', kind: 'component' });
  });

  it('keeps private attributes and passwords out of every filterable, sortable and populatable list', () => {
    const article = spec(ARTICLE);
    for (const name of ['secret_code', 'internal_notes', 'reviewer']) {
      expect(article.entries[name]).toEqual({ kind: 'hidden' });
      expect(filterable(article)).not.toContain(name);
      expect(sortable(article)).not.toContain(name);
      expect(populatable(article)).not.toContain(name);
      expect(traversable(article)).not.toContain(name);
    }
    expect(spec('shared.seo').entries.internal_score).toEqual({ kind: 'hidden' });
    expect(spec(FILE).entries.folderPath).toEqual({ kind: 'hidden' });
  });

  it('lists system fields first, then the attributes in schema order', () => {
    const names = Object.keys(spec(ARTICLE).entries);
    expect(names.slice(0, 6)).toEqual(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'title']);
    expect(names.slice(-3)).toEqual(['seo', 'blocks_list', 'sections']);
  });

  it('gives `locale` to localized types only, and components only `id`', () => {
    expect(entryOf(spec(CATEGORY), 'locale')).toEqual({ kind: 'field', field: { name: 'locale', column: 'locale', type: 'locale' }, operators: 'text', sortable: true, system: true });
    expect(entryOf(spec(ARTICLE), 'locale')).toBeUndefined();
    expect(filterable(spec('shared.quote'))).toEqual(['id', 'title', 'body', 'position']);
    expect(spec('shared.quote').entries.id).toMatchObject({ system: true });
  });

  it('assigns each field the operator family of its type', () => {
    const article = spec(ARTICLE);
    const family = (name: string) => (article.entries[name] as { operators: string }).operators;
    expect(['title', 'slug', 'summary', 'body', 'kind', 'contact_email', 'documentId'].map(family)).toEqual(Array(7).fill('text'));
    expect(['id', 'views', 'big_counter', 'rating', 'price', 'featured', 'publish_date', 'publish_time', 'event_at', 'stamp', 'createdAt'].map(family)).toEqual(Array(11).fill('value'));
    expect(['content', 'metadata'].map(family)).toEqual(['presence', 'presence']);
    // json and blocks filter on presence only and have no order.
    expect(sortable(article)).not.toContain('content');
    expect(sortable(article)).not.toContain('metadata');
    expect(article.entries.views).toEqual({ kind: 'field', field: { name: 'views', column: 'views', type: 'integer' }, operators: 'value', sortable: true });
  });

  it("links a relation to the target's own spec, so cycles close on the same objects", () => {
    const article = spec(ARTICLE);
    const author = article.entries.author;
    expect(author).toMatchObject({ kind: 'relation', toMany: false });
    if (author.kind !== 'relation') throw new Error('author is a relation');
    expect(author.target).toBe(spec(AUTHOR));
    const back = author.target.entries.articles;
    if (back.kind !== 'relation') throw new Error('articles is a relation');
    expect(back.toMany).toBe(true);
    expect(back.target).toBe(article);
  });

  it('links media to the File spec, components and dynamic zones to their component specs', () => {
    const article = spec(ARTICLE);
    expect(article.entries.cover).toMatchObject({ kind: 'media', target: spec(FILE) });
    expect(article.entries.seo).toMatchObject({ kind: 'component', target: spec('shared.seo') });
    const sections = article.entries.sections;
    if (sections.kind !== 'dynamiczone') throw new Error('sections is a dynamic zone');
    expect(sections.components.map((c) => c.uid)).toEqual(['sections.hero', 'sections.rich-text', 'sections.cta']);
    expect(sections.components[2]).toBe(spec('sections.cta'));
    // Resolved once: the same list on every read.
    expect(sections.components).toBe(sections.components);
    expect(traversable(article)).toEqual(['cover', 'gallery', 'author', 'categories', 'seo_page', 'notes', 'seo', 'blocks_list']);
    expect(populatable(article)).toEqual([...traversable(article), 'sections']);
  });

  it('names nothing through Object.prototype', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(entryOf(spec(ARTICLE), name)).toBeUndefined();
    expect(specOf(specs, 'constructor')).toBeUndefined();
  });

  it('compiles without resolving links, and names a dangling one when a query crosses it', () => {
    const dangling: SchemaMeta = {
      contentTypes: {
        [AUTHOR]: { ...schema.contentTypes[AUTHOR], attributes: { articles: schema.contentTypes[AUTHOR].attributes.articles } },
      },
      components: {},
    };
    const compiled = compileQuerySpecs(dangling);
    const articles = compiled[AUTHOR].entries.articles;
    expect(articles.kind).toBe('relation');
    expect(() => (articles as { target: unknown }).target).toThrow(`query spec: ${ARTICLE} is not a contentType of this schema`);
  });

  it('is pure: compiling twice gives equal, separate tables', () => {
    const again = compileQuerySpecs(schema);
    expect(again[ARTICLE]).not.toBe(specs[ARTICLE]);
    expect(again[ARTICLE].entries.title).toEqual(specs[ARTICLE].entries.title);
  });
});
