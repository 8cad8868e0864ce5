import { errorOf, invalidKey, query, queryObject } from './__fixtures__/helpers';
import { CATEGORY } from './__fixtures__/schema';

const sortOf = (qs: string, type?: string) => query(qs, type).sort;
const sortError = (qs: string) => errorOf(() => query(qs));
const asc = (...path: string[]) => ({ path, order: 'asc' });
const desc = (...path: string[]) => ({ path, order: 'desc' });

describe('sort notations', () => {
  it('no sort → []', () => {
    expect(sortOf('')).toEqual([]);
    expect(sortOf('sort=')).toEqual([]);
  });

  it('bare field sorts ascending', () => {
    expect(sortOf('sort=views')).toEqual([asc('views')]);
  });

  it('direction, case-insensitive (observation 30: title:DESC)', () => {
    expect(sortOf('sort=title:DESC')).toEqual([desc('title')]);
    expect(sortOf('sort=title:Asc')).toEqual([asc('title')]);
  });

  it('comma list', () => {
    expect(sortOf('sort=title:asc,views:desc')).toEqual([asc('title'), desc('views')]);
    expect(sortOf('sort=title:asc,%20views:desc,')).toEqual([asc('title'), desc('views')]);
  });

  it('indexed list (observation 29), items may be comma lists', () => {
    expect(sortOf('sort[0]=views:desc&sort[1]=title:asc')).toEqual([desc('views'), asc('title')]);
    expect(sortOf('sort[0]=views:desc,title&sort[1]=id')).toEqual([desc('views'), asc('title'), asc('id')]);
  });

  it('object and list-of-object forms', () => {
    expect(sortOf('sort[title]=asc')).toEqual([asc('title')]);
    expect(sortOf('sort[0][title]=desc&sort[1][views]=asc')).toEqual([desc('title'), asc('views')]);
    expect(sortOf('sort[title]=desc&sort[views]=asc')).toEqual([desc('title'), asc('views')]);
  });

  it('nested object form through relations and components', () => {
    expect(sortOf('sort[author][name]=desc')).toEqual([desc('author', 'name')]);
    expect(sortOf('sort[seo][meta_social][title]=asc')).toEqual([asc('seo', 'meta_social', 'title')]);
  });

  it('dotted paths through relations (to-many allowed), components and media', () => {
    expect(sortOf('sort=author.name:desc')).toEqual([desc('author', 'name')]);
    expect(sortOf('sort=categories.name')).toEqual([asc('categories', 'name')]);
    expect(sortOf('sort[0]=categories.articles.title&sort[1]=categories.name')).toEqual([asc('categories', 'articles', 'title'), asc('categories', 'name')]);
    expect(sortOf('sort=seo.meta_title:desc')).toEqual([desc('seo', 'meta_title')]);
    expect(sortOf('sort=cover.name')).toEqual([asc('cover', 'name')]);
  });

  it('system fields', () => {
    expect(sortOf('sort=id:desc,documentId,createdAt,updatedAt,publishedAt')).toEqual([
      desc('id'),
      asc('documentId'),
      asc('createdAt'),
      asc('updatedAt'),
      asc('publishedAt'),
    ]);
    expect(sortOf('sort=locale,position', CATEGORY)).toEqual([asc('locale'), asc('position')]);
    expect(sortError('sort=locale')).toEqual(invalidKey('locale', null, 'sort'));
  });

  it('mixed list of strings and objects (JSON callers)', () => {
    expect(queryObject({ sort: ['title', { views: 'desc' }] }).sort).toEqual([asc('title'), desc('views')]);
  });
});

describe('sort errors', () => {
  it('unknown field (observation 31)', () => {
    expect(sortError('sort=nope:asc')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key nope',
      details: { key: 'nope', path: null, source: 'query', param: 'sort' },
    });
  });

  it('one bad key fails the whole request', () => {
    expect(sortError('sort[0]=secret_code&sort[1]=title:asc')).toEqual(invalidKey('secret_code', 'secret_code', 'sort'));
  });

  it('password and private fields', () => {
    expect(sortError('sort=secret_code:desc')).toEqual(invalidKey('secret_code', 'secret_code', 'sort'));
    expect(sortError('sort=internal_notes')).toEqual(invalidKey('internal_notes', 'internal_notes', 'sort'));
    expect(sortError('sort=author.articles.secret_code')).toEqual(invalidKey('secret_code', 'author.articles.secret_code', 'sort'));
    expect(sortError('sort=seo.internal_score')).toEqual(invalidKey('internal_score', 'seo.internal_score', 'sort'));
    expect(sortError('sort=reviewer.name')).toEqual(invalidKey('reviewer', 'reviewer', 'sort'));
  });

  it('unknown field behind a relation: path is the relation', () => {
    expect(sortError('sort=author.nope')).toEqual(invalidKey('nope', 'author', 'sort'));
    expect(sortError('sort[author][nope]=asc')).toEqual(invalidKey('nope', 'author', 'sort'));
  });

  it('json, blocks, dynamic zones, and relations without a field are not sortable', () => {
    expect(sortError('sort=metadata')).toEqual(invalidKey('metadata', 'metadata', 'sort'));
    expect(sortError('sort=content:desc')).toEqual(invalidKey('content', 'content', 'sort'));
    expect(sortError('sort=sections')).toEqual(invalidKey('sections', 'sections', 'sort'));
    expect(sortError('sort=sections.title')).toEqual(invalidKey('sections', 'sections', 'sort'));
    expect(sortError('sort=author')).toEqual(invalidKey('author', 'author', 'sort'));
    expect(sortError('sort[author]=asc')).toEqual(invalidKey('author', 'author', 'sort'));
    expect(sortError('sort=seo:desc')).toEqual(invalidKey('seo', 'seo', 'sort'));
  });

  it('nothing lies beyond a scalar', () => {
    expect(sortError('sort=title.length')).toEqual(invalidKey('length', 'title', 'sort'));
    expect(sortError('sort[title][length]=asc')).toEqual(invalidKey('length', 'title', 'sort'));
  });

  it('a relation to a type the caller cannot read is refused', () => {
    expect(sortError('sort=notes.title')).toEqual(invalidKey('notes', 'notes', 'sort'));
  });

  it('invalid direction', () => {
    // Strapi 5.54's message and (empty) details.
    const invalidOrder = (_path: string) => ({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid order. order can only be one of asc|desc|ASC|DESC',
      details: {},
    });
    expect(sortError('sort=title:up')).toEqual(invalidOrder('title'));
    expect(sortError('sort=title:asc:desc')).toEqual(invalidOrder('title'));
    expect(sortError('sort[title]=sideways')).toEqual(invalidOrder('title'));
    expect(sortError('sort[author][name]=1')).toEqual(invalidOrder('author.name'));
  });

  it('hostile: SQL in the field name, prototype keys, deep paths, huge lists', () => {
    expect(sortError('sort=title;drop table')).toEqual(invalidKey('title;drop table', null, 'sort'));
    expect(sortError('sort=title%20desc')).toEqual(invalidKey('title desc', null, 'sort'));
    expect(sortError('sort=constructor')).toEqual(invalidKey('constructor', null, 'sort'));
    expect(sortError('sort[constructor][prototype]=asc')).toEqual(invalidKey('constructor', null, 'sort'));
    expect(sortError('sort=__proto__')).toEqual(invalidKey('__proto__', null, 'sort'));
    expect(sortError('sort=t0.title')).toEqual(invalidKey('t0', null, 'sort'));
    expect(sortError(`sort=${'author.articles.'.repeat(6)}title`).message).toBe('Sort path is too deep: at most 10 attributes are allowed');
    const many = Array.from({ length: 101 }, () => 'title').join(',');
    expect(sortError(`sort=${many}`)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Too many sort fields: at most 100 are allowed',
      details: { source: 'query', param: 'sort', limit: 100 },
    });
    expect(sortError('sort[0][a]=1&sort[1]=2').message).toBe('Invalid key a');
    expect(errorOf(() => queryObject({ sort: [1] })).message).toBe('Invalid sort parameter: expected a field name, a list of field names or an object');
  });
});
