import { errorOf, invalidKey, query, queryObject } from './__fixtures__/helpers';
import { CATEGORY } from './__fixtures__/schema';

const fieldsOf = (qs: string, type?: string) => query(qs, type).fields;
const fieldsError = (qs: string) => errorOf(() => query(qs));

describe('fields', () => {
  it('absent → every field (undefined)', () => {
    expect(fieldsOf('')).toBeUndefined();
  });

  it('indexed list (observation 27)', () => {
    expect(fieldsOf('fields[0]=title&fields[1]=views&fields[2]=price&fields[3]=big_counter')).toEqual(['title', 'views', 'price', 'big_counter']);
  });

  it('comma string (observation 28) and single name', () => {
    expect(fieldsOf('fields=title,views')).toEqual(['title', 'views']);
    expect(fieldsOf('fields=title')).toEqual(['title']);
    expect(fieldsOf('fields=%20title%20,%20views')).toEqual(['title', 'views']);
  });

  it('duplicates are removed, order kept', () => {
    expect(fieldsOf('fields=views,title,views')).toEqual(['views', 'title']);
  });

  it('* or an empty list → every field', () => {
    expect(fieldsOf('fields=*')).toBeUndefined();
    expect(fieldsOf('fields[0]=*')).toBeUndefined();
    expect(fieldsOf('fields[0]=*&fields[1]=title')).toBeUndefined();
    expect(fieldsOf('fields=')).toBeUndefined();
    expect(queryObject({ fields: [] }).fields).toBeUndefined();
  });

  it('system fields may be listed; locale only on localized types', () => {
    expect(fieldsOf('fields=id,documentId,createdAt,updatedAt,publishedAt')).toEqual(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);
    expect(fieldsOf('fields=name,locale', CATEGORY)).toEqual(['name', 'locale']);
    expect(fieldsError('fields=locale')).toEqual(invalidKey('locale', null, 'fields'));
  });

  it('an empty list item is the unknown field "" (Strapi: 400 `Invalid key `)', () => {
    expect(fieldsError('fields[0]=')).toEqual({ status: 400, name: 'ValidationError', message: 'Invalid key ', details: { key: '', path: null, source: 'query', param: 'fields' } });
    expect(fieldsError('fields[0]=title&fields[1]=%20')).toEqual(invalidKey('', null, 'fields'));
    expect(fieldsError('fields=title,,views')).toEqual(invalidKey('', null, 'fields'));
    expect(fieldsError('fields=title,')).toEqual(invalidKey('', null, 'fields'));
    expect(fieldsError('fields[0]=title,')).toEqual(invalidKey('', null, 'fields'));
    expect(fieldsError('populate[author][fields][0]=')).toEqual(invalidKey('', null, 'populate'));
  });

  it('a list item names one field (Strapi), checked after the names', () => {
    expect(fieldsError('fields[0]=title,views')).toEqual({ status: 400, name: 'ValidationError', message: 'Invalid fields parameter. Expected a string or an array of strings', details: {} });
    expect(fieldsError('fields[0]=title,nope')).toEqual(invalidKey('nope', null, 'fields'));
  });

  it('json and blocks are returnable scalars', () => {
    expect(fieldsOf('fields=metadata,content')).toEqual(['metadata', 'content']);
  });

  it('unknown field → Invalid key with a null path', () => {
    expect(fieldsError('fields[0]=nope')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid key nope',
      details: { key: 'nope', path: null, source: 'query', param: 'fields' },
    });
  });

  it('password, private, relations, media, components and dynamic zones → Invalid key at their own name', () => {
    for (const name of ['secret_code', 'internal_notes', 'author', 'cover', 'seo', 'sections', 'reviewer']) {
      expect(fieldsError(`fields=${name}`)).toEqual(invalidKey(name, name, 'fields'));
    }
  });

  it('a bad name next to * still fails (Strapi: fields[0]=*&fields[2]=password)', () => {
    expect(fieldsError('fields[0]=*&fields[1]=title&fields[2]=secret_code')).toEqual(invalidKey('secret_code', 'secret_code', 'fields'));
  });

  it('hostile names', () => {
    expect(fieldsError('fields=title;drop')).toEqual(invalidKey('title;drop', null, 'fields'));
    expect(fieldsError('fields=constructor')).toEqual(invalidKey('constructor', null, 'fields'));
    expect(fieldsError('fields=author.name')).toEqual(invalidKey('author.name', null, 'fields'));
    // Strapi 5.54's answer, details included (asked of it with these query strings).
    const notNames = { status: 400, name: 'ValidationError', message: 'Invalid fields parameter. Expected a string or an array of strings', details: {} };
    expect(fieldsError('fields[0][title]=1')).toEqual(notNames);
    expect(fieldsError('fields[title]=1')).toEqual(notNames);
    expect(fieldsError('fields[0][0]=title')).toEqual(notNames);
  });
});
