import { parseQueryString } from './parse-query-string';
import { cachedQueryParser, copyParsed, QUERY_CACHE_MAX_LENGTH, QUERY_CACHE_SIZE } from './query-string-cache';

const DEEP =
  'populate[sections][on][sections.hero][populate]=*&populate[sections][on][sections.cta][populate]=*&populate[seo][populate]=*' +
  '&populate[blocks_list]=true&filters[title][$null]&sort[0]=views:desc&sort[1]=title&constructor=x&fields[0]=title';

/** The shape of a value with its prototypes: what toEqual does not compare. */
function prototypes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return ['array', ...value.map(prototypes)];
  return [Object.getPrototypeOf(value) === null ? 'null-prototype' : 'object', Object.entries(value).map(([k, v]) => [k, prototypes(v)])];
}

describe('cachedQueryParser', () => {
  it('answers what the parser answers, prototypes and key order included', () => {
    const parse = cachedQueryParser(parseQueryString);
    for (let i = 0; i < 3; i++) {
      const got = parse(DEEP);
      expect(prototypes(got)).toEqual(prototypes(parseQueryString(DEEP)));
      expect(JSON.stringify(got)).toBe(JSON.stringify(parseQueryString(DEEP)));
    }
  });

  it('parses a query string once and gives every call its own copy', () => {
    const parse = jest.fn(parseQueryString);
    const cached = cachedQueryParser(parse);
    const first = cached(DEEP);
    // A caller changing its query (operations add defaults) changes nothing for the next one.
    (first.populate as Record<string, unknown>).seo = 'changed';
    (first.sort as string[]).push('id');
    first.status = 'draft';
    const second = cached(DEEP);
    expect(second).not.toBe(first);
    expect(prototypes(second)).toEqual(prototypes(parseQueryString(DEEP)));
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('keeps no refused query string: each request is refused again', () => {
    const parse = jest.fn(parseQueryString);
    const cached = cachedQueryParser(parse);
    expect(() => cached('a=%00')).toThrow(/NUL/);
    expect(() => cached('a=%00')).toThrow(/NUL/);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('parses long query strings every time, and starts over when full', () => {
    const parse = jest.fn(parseQueryString);
    const cached = cachedQueryParser(parse);
    const long = `x=${'a'.repeat(QUERY_CACHE_MAX_LENGTH)}`;
    cached(long);
    cached(long);
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockClear();
    for (let i = 0; i < QUERY_CACHE_SIZE; i++) cached(`page=${i}`);
    cached('page=0');
    expect(parse).toHaveBeenCalledTimes(QUERY_CACHE_SIZE);
    // The next new string empties the cache, so page=0 is parsed again after it.
    cached(`page=${QUERY_CACHE_SIZE}`);
    cached('page=0');
    expect(parse).toHaveBeenCalledTimes(QUERY_CACHE_SIZE + 2);
  });
});

describe('copyParsed', () => {
  it('copies arrays with their holes and objects with their prototypes, deeply', () => {
    const inner = Object.assign(Object.create(null) as Record<string, unknown>, { b: ['x', null] });
    const list: unknown[] = ['1'];
    list[2] = '3';
    const value = { a: inner, list };
    const copy = copyParsed(value) as typeof value;
    expect(copy).toEqual(value);
    expect(copy.a).not.toBe(inner);
    expect(Object.getPrototypeOf(copy.a)).toBeNull();
    expect((copy.a.b as unknown[])).not.toBe(inner.b);
    expect(1 in copy.list).toBe(false);
    expect(copy.list).toHaveLength(3);
  });
});
