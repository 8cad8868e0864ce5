import { errorOf } from './__fixtures__/helpers';
import { parseQueryString, QUERY_PARAMETER_LIMIT } from './parse-query-string';

const indexed = (prefix: string, count: number, from = 0): string =>
  Array.from({ length: count }, (_, i) => `${prefix}[${from + i}]=v${from + i}`).join('&');

describe('parseQueryString', () => {
  it('parses Strapi bracket syntax like qs', () => {
    expect(parseQueryString('filters[title][$eq]=Hello&sort[0]=views:desc&sort[1]=title&fields=title,views')).toEqual({
      filters: { title: { $eq: 'Hello' } },
      sort: ['views:desc', 'title'],
      fields: 'title,views',
    });
  });

  it('accepts a leading "?" and an empty string', () => {
    expect(parseQueryString('?status=draft')).toEqual({ status: 'draft' });
    expect(parseQueryString('')).toEqual({});
    expect(parseQueryString('?')).toEqual({});
  });

  it('decodes percent-encoded brackets and values', () => {
    expect(parseQueryString('filters%5Btitle%5D%5B%24eq%5D=SEO%20title%2012')).toEqual({ filters: { title: { $eq: 'SEO title 12' } } });
  });

  it('keeps a bare key as null (strictNullHandling, like Strapi) and `a=` as an empty string', () => {
    expect(parseQueryString('filters[title][$null]&x=')).toEqual({ filters: { title: { $null: null } }, x: '' });
  });

  it('returns null-prototype objects so keys never reach Object.prototype', () => {
    const parsed = parseQueryString('filters[constructor][prototype][x]=1');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(parsed).toEqual({ filters: { constructor: { prototype: { x: '1' } } } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses __proto__ keys instead of dropping them (a dropped filter would match every row)', () => {
    expect(() => parseQueryString('filters[__proto__][x]=1')).toThrow('Invalid key __proto__');
    expect(() => parseQueryString('__proto__[polluted]=1&a=2')).toThrow('Invalid key __proto__');
    expect(() => parseQueryString('filters[%5F_proto__][x]=1')).toThrow('Invalid key __proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('compacts sparse indexes in order', () => {
    expect(parseQueryString('a[5]=x&a[2]=y')).toEqual({ a: ['y', 'x'] });
  });

  describe('array limit (100 items)', () => {
    it('accepts exactly 100 indexed items', () => {
      const parsed = parseQueryString(indexed('filters[id][$in]', 100));
      expect((parsed.filters as { id: { $in: string[] } }).id.$in).toHaveLength(100);
    });

    it('refuses 101 indexed items (qs still builds an array of 101)', () => {
      expect(errorOf(() => parseQueryString(indexed('filters[id][$in]', 101)))).toEqual({
        status: 400,
        name: 'ValidationError',
        message: 'Array too long: at most 100 items are allowed in filters[id][$in]',
        details: { source: 'query', param: 'filters', path: 'filters[id][$in]', limit: 100 },
      });
    });

    it('refuses an index past the limit, which qs turns into an object with numeric keys', () => {
      expect(parseQueryString.bind(null, 'filters[id][$in][0]=1&filters[id][$in][150]=2')).toThrow(
        'Array too long: at most 100 items are allowed in filters[id][$in]',
      );
      expect(errorOf(() => parseQueryString('sort[150]=title')).details).toEqual({ source: 'query', param: 'sort', path: 'sort', limit: 100 });
    });

    it('refuses over-long lists built with [] or repeated keys', () => {
      const push = Array.from({ length: 101 }, (_, i) => `populate[]=a${i}`).join('&');
      expect(() => parseQueryString(push)).toThrow('Array too long: at most 100 items are allowed in populate');
      const repeated = Array.from({ length: 101 }, (_, i) => `fields=f${i}`).join('&');
      expect(() => parseQueryString(repeated)).toThrow('Array too long: at most 100 items are allowed in fields');
    });

    it('checks nested lists with their full path', () => {
      const deep = Array.from({ length: 101 }, (_, i) => `filters[$or][0][id][$in][${i}]=${i}`).join('&');
      expect(() => parseQueryString(deep)).toThrow('Array too long: at most 100 items are allowed in filters[$or][0][id][$in]');
    });

    it('leaves objects with a few numeric and other keys alone (the validators judge them)', () => {
      expect(parseQueryString('a[0]=x&a[b]=y')).toEqual({ a: { 0: 'x', b: 'y' } });
    });
  });

  describe('depth limit (20)', () => {
    const nested = (levels: number) => `filters${'[$and][0]'.repeat(levels / 2)}=1`;

    it('accepts 20 bracket levels', () => {
      expect(() => parseQueryString(nested(20))).not.toThrow();
    });

    it('refuses 21+ levels instead of flattening the rest of the key', () => {
      expect(errorOf(() => parseQueryString(nested(22)))).toEqual({
        status: 400,
        name: 'ValidationError',
        message: 'Query parameter filters is nested too deeply: at most 20 levels are allowed',
        details: { source: 'query', param: 'filters', limit: 20 },
      });
    });

    it('refuses 50 levels of $and', () => {
      expect(() => parseQueryString(`filters${'[$and][0]'.repeat(50)}[title]=x`)).toThrow('nested too deeply');
    });

    it('counts encoded brackets too', () => {
      expect(() => parseQueryString(`filters${'%5B$and%5D%5B0%5D'.repeat(11)}=1`)).toThrow('nested too deeply');
    });
  });

  describe('parameter limit', () => {
    it(`refuses more than ${QUERY_PARAMETER_LIMIT} parameters instead of dropping the extra ones`, () => {
      const many = Array.from({ length: QUERY_PARAMETER_LIMIT + 1 }, (_, i) => `p${i}=1`).join('&');
      expect(errorOf(() => parseQueryString(many))).toEqual({
        status: 400,
        name: 'ValidationError',
        message: 'Too many query parameters: at most 1000 are allowed',
        details: { source: 'query', limit: 1000 },
      });
    });

    it(`accepts ${QUERY_PARAMETER_LIMIT} parameters`, () => {
      const many = Array.from({ length: QUERY_PARAMETER_LIMIT }, (_, i) => `p${i}=1`).join('&');
      expect(Object.keys(parseQueryString(many))).toHaveLength(QUERY_PARAMETER_LIMIT);
    });
  });

  it('keeps injection-looking keys as plain data for the validators to refuse', () => {
    expect(parseQueryString('filters[title$eq]=1&filters[t0.title]=2&sort=title;drop table')).toEqual({
      filters: { title$eq: '1', 't0.title': '2' },
      sort: 'title;drop table',
    });
  });
});
