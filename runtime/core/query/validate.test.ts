import { errorOf, invalidKey, OPTIONS, query, queryObject, specs } from './__fixtures__/helpers';
import { ARTICLE, AUTHOR, CATEGORY } from './__fixtures__/schema';
import { validateDocumentQuery } from './validate';

describe('validateDocumentQuery', () => {
  it('defaults: no filters, no sort, every field, nothing populated, page 1 of 25, published, default locale', () => {
    const result = query('');
    expect(result).toEqual({ sort: [], populate: {}, pagination: { mode: 'page', page: 1, pageSize: 25, withCount: true }, status: 'published' });
    expect('filters' in result).toBe(false);
    expect('fields' in result).toBe(false);
    expect('locale' in result).toBe(false);
  });

  it('a full query (observation 12) end to end', () => {
    const qs =
      'filters[author][email][$eq]=author3%40example.com&filters[categories][slug][$eq]=category-alpha-1&fields[0]=title&populate[author][fields][0]=email&populate[categories][fields][0]=slug&pagination[pageSize]=3&sort=id';
    expect(query(qs)).toEqual({
      filters: {
        kind: 'and',
        children: [
          { kind: 'traverse', attribute: 'author', child: { kind: 'compare', field: { name: 'email', column: 'email', type: 'email' }, op: '$eq', value: 'author3@example.com' } },
          { kind: 'traverse', attribute: 'categories', child: { kind: 'compare', field: { name: 'slug', column: 'slug', type: 'uid' }, op: '$eq', value: 'category-alpha-1' } },
        ],
      },
      sort: [{ path: ['id'], order: 'asc' }],
      fields: ['title'],
      populate: { author: { fields: ['email'] }, categories: { fields: ['slug'] } },
      pagination: { mode: 'page', page: 1, pageSize: 3, withCount: true },
      status: 'published',
    });
  });

  it('status: published (default) or draft (observation 32), anything else is refused', () => {
    expect(query('status=draft').status).toBe('draft');
    expect(query('status=published').status).toBe('published');
    expect(errorOf(() => query('status=archived'))).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid status',
      details: { source: 'query', param: 'status' },
    });
    // A list of one reads as its value, as in Strapi; longer lists, where Strapi reads drafts, stay refused.
    expect(query('status[0]=draft').status).toBe('draft');
    expect(query('status[0]=published').status).toBe('published');
    expect(errorOf(() => query('status[0]=draft&status[1]=published')).message).toBe('Invalid status');
  });

  it('publicationFilter: one of the eight modes, kept for every type (populate cascades it)', () => {
    expect(query('status=draft&publicationFilter=never-published').publicationFilter).toBe('never-published');
    expect(query('publicationFilter=modified').publicationFilter).toBe('modified');
    expect(query('publicationFilter=modified', AUTHOR).publicationFilter).toBe('modified');
    expect('publicationFilter' in query('')).toBe(false);
    const refused = {
      status: 400,
      name: 'ValidationError',
      message:
        "Invalid value for 'publicationFilter'. Expected one of: never-published, has-published-version, modified, unmodified, never-published-document, has-published-version-document, published-without-draft, published-with-draft.",
      details: { source: 'query', param: 'publicationFilter' },
    };
    expect(errorOf(() => query('publicationFilter=draft'))).toEqual(refused);
    expect(errorOf(() => query('publicationFilter[0]=modified'))).toEqual(refused);
    expect(errorOf(() => query('publicationFilter=Modified', AUTHOR))).toEqual(refused);
  });

  it('_q: one search string, empty means none, a list is refused', () => {
    expect(query('_q=hello%20world').search).toBe('hello world');
    expect('search' in query('_q=')).toBe(false);
    expect(errorOf(() => query('_q[0]=a&_q[1]=b'))).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid _q: the search must be one string',
      details: { source: 'query', param: '_q' },
    });
  });

  it('hasPublishedVersion: the boolean publicationFilter replaced, read as the -document modes', () => {
    expect(query('status=draft&hasPublishedVersion=true').publicationFilter).toBe('has-published-version-document');
    expect(query('status=draft&hasPublishedVersion=false').publicationFilter).toBe('never-published-document');
    expect(query('hasPublishedVersion=true&publicationFilter=modified').publicationFilter).toBe('modified');
    expect(errorOf(() => query('hasPublishedVersion=yes'))).toEqual({
      status: 400,
      name: 'ValidationError',
      message: "Invalid value for 'hasPublishedVersion'. Expected true or false.",
      details: { source: 'query', param: 'hasPublishedVersion' },
    });
  });

  it('locale: a code or * on localized types (observations 35, 38, 39), ignored elsewhere', () => {
    expect(query('locale=fr', CATEGORY).locale).toBe('fr');
    expect(query('locale=*', CATEGORY).locale).toBe('*');
    expect(query('locale=de', CATEGORY).locale).toBe('de');
    expect(query('locale=pt-BR', CATEGORY).locale).toBe('pt-BR');
    expect(query('', CATEGORY).locale).toBeUndefined();
    expect(query('locale=fr', AUTHOR).locale).toBeUndefined();
    expect(query('locale[0]=fr', CATEGORY).locale).toBe('fr');
  });

  it('locale: malformed values are refused', () => {
    for (const qs of ["locale=fr'--", 'locale=a%20b', `locale=${'x'.repeat(21)}`, 'locale[0]=fr&locale[1]=en', 'locale[0]=*', 'locale=**']) {
      expect(errorOf(() => query(qs, CATEGORY))).toEqual({
        status: 400,
        name: 'ValidationError',
        message: 'Invalid locale',
        details: { source: 'query', param: 'locale' },
      });
    }
  });

  it('strictParams: an unknown top-level param is a 400 naming it; every known one still passes', () => {
    const strict = { strictParams: true };
    expect(errorOf(() => query('extraParam=hello', ARTICLE, strict))).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key extraParam',
      details: { key: 'extraParam', path: null, source: 'query' },
    });
    expect(errorOf(() => query('where[id]=1', ARTICLE, strict)).message).toBe('Invalid key where');
    const known = 'filters[title][$eq]=a&sort=title&fields[0]=title&populate[0]=author&pagination[page]=1&status=draft&locale=en&_q=a&publicationFilter=modified&hasPublishedVersion=true';
    expect(query(known, ARTICLE, strict)).toEqual(query(known));
  });

  it('unknown top-level params are ignored (Strapi without strictParams), lookup is refused (GHSA)', () => {
    expect(query('unknownKey=value&customFilter[a]=1&where[id]=1')).toEqual(query(''));
    expect(errorOf(() => query('lookup[name]=test'))).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key lookup',
      details: { key: 'lookup', path: null, source: 'query' },
    });
  });

  it('checks params in Strapi order: filters, sort, fields, populate, then pagination', () => {
    expect(errorOf(() => query('pagination[page]=abc&populate=nope&fields=nope&sort=nope&filters[nope]=1')).details.param).toBe('filters');
    expect(errorOf(() => query('pagination[page]=abc&populate=nope&fields=nope&sort=nope')).details.param).toBe('sort');
    expect(errorOf(() => query('pagination[page]=abc&populate=nope&fields=nope')).details.param).toBe('fields');
    expect(errorOf(() => query('pagination[page]=abc&populate=nope')).details.param).toBe('populate');
    expect(errorOf(() => query('pagination[page]=abc')).message).toBe('convertStartQueryParams expected a positive integer got NaN');
  });

  it('passes limits from the options', () => {
    expect(query('pagination[pageSize]=80', ARTICLE, { maxLimit: 50 }).pagination).toEqual({ mode: 'page', page: 1, pageSize: 50, withCount: true });
  });

  it('only calls canRead for relation targets, with their uid', () => {
    const asked: string[] = [];
    query('populate=*', ARTICLE, {
      canRead: (target) => {
        asked.push(target.uid);
        return true;
      },
    });
    expect([...new Set(asked)].sort()).toEqual(['api::author.author', 'api::category.category', 'api::private-note.private-note', 'api::seo-page.seo-page']);
  });

  it('accepts a non-object raw query as empty and refuses an unknown type', () => {
    expect(validateDocumentQuery(undefined as unknown as Record<string, unknown>, ARTICLE, specs, OPTIONS)).toEqual(query(''));
    expect(() => validateDocumentQuery({}, 'api::nope.nope', specs, OPTIONS)).toThrow('unknown content type api::nope.nope');
  });

  it('a JSON-shaped query (GraphQL callers) validates the same way', () => {
    expect(queryObject({ filters: { title: { $eq: 'x' } }, sort: 'title:desc', pagination: { page: 2, pageSize: 10 } })).toEqual({
      filters: { kind: 'compare', field: { name: 'title', column: 'title', type: 'string' }, op: '$eq', value: 'x' },
      sort: [{ path: ['title'], order: 'desc' }],
      populate: {},
      pagination: { mode: 'page', page: 2, pageSize: 10, withCount: true },
      status: 'published',
    });
  });

  it('hostile end to end: every parameter at once, each reported exactly', () => {
    expect(errorOf(() => query('filters[__proto__][x]=1&filters[constructor]=1'))).toMatchObject({ message: 'Invalid key __proto__', status: 400 });
    expect(errorOf(() => query('filters[constructor]=1'))).toEqual(invalidKey('constructor', null, 'filters'));
    expect(errorOf(() => query('sort=title;drop table'))).toEqual(invalidKey('title;drop table', null, 'sort'));
    expect(errorOf(() => query('fields=password'))).toEqual(invalidKey('password', null, 'fields'));
    expect(errorOf(() => query('populate[author][populate][articles][populate][author][pagination][limit]=1'))).toEqual(
      invalidKey('pagination', 'author.articles.author', 'populate'),
    );
    expect(errorOf(() => query(`filters${'[$and][0]'.repeat(50)}[title]=x`)).message).toBe(
      'Query parameter filters is nested too deeply: at most 20 levels are allowed',
    );
  });
});
