import { errorOf, query } from './__fixtures__/helpers';

const paginationOf = (qs: string, options = {}) => query(qs, undefined, options).pagination;
const paginationError = (qs: string) => errorOf(() => query(qs));

describe('pagination', () => {
  it('defaults: page 1, pageSize defaultLimit, withCount from options (observation 01)', () => {
    expect(paginationOf('')).toEqual({ mode: 'page', page: 1, pageSize: 25, withCount: true });
    expect(paginationOf('', { defaultLimit: 10, withCount: false })).toEqual({ mode: 'page', page: 1, pageSize: 10, withCount: false });
  });

  it('page mode (observation 02)', () => {
    expect(paginationOf('pagination[page]=2&pagination[pageSize]=3')).toEqual({ mode: 'page', page: 2, pageSize: 3, withCount: true });
    expect(paginationOf('pagination[page]=4')).toEqual({ mode: 'page', page: 4, pageSize: 25, withCount: true });
  });

  it('offset mode (observation 03)', () => {
    expect(paginationOf('pagination[start]=5&pagination[limit]=2')).toEqual({ mode: 'offset', start: 5, limit: 2, withCount: true });
    expect(paginationOf('pagination[start]=5')).toEqual({ mode: 'offset', start: 5, limit: 25, withCount: true });
    expect(paginationOf('pagination[limit]=7')).toEqual({ mode: 'offset', start: 0, limit: 7, withCount: true });
  });

  it('pageSize and limit are capped at maxLimit silently (observation 04)', () => {
    expect(paginationOf('pagination[pageSize]=500')).toMatchObject({ pageSize: 100 });
    expect(paginationOf('pagination[pageSize]=150.5')).toMatchObject({ pageSize: 100 });
    expect(paginationOf('pagination[limit]=1000')).toMatchObject({ limit: 100 });
    expect(paginationOf('', { defaultLimit: 500 })).toMatchObject({ pageSize: 100 });
  });

  it('withCount (observation 05): booleans and t/f/1/0/true/false', () => {
    for (const v of ['false', 'f', '0']) expect(paginationOf(`pagination[withCount]=${v}`)).toMatchObject({ withCount: false });
    for (const v of ['true', 't', '1']) expect(paginationOf(`pagination[withCount]=${v}`, { withCount: false })).toMatchObject({ withCount: true });
    expect(paginationOf('pagination[start]=0&pagination[withCount]=false')).toEqual({ mode: 'offset', start: 0, limit: 25, withCount: false });
    expect(paginationError('pagination[withCount]=maybe')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid withCount parameter. Expected "t","1","true","false","0","f"',
      details: { source: 'query', param: 'pagination', key: 'withCount' },
    });
  });

  it('page & offset mixed → PaginationError (observation 06)', () => {
    expect(paginationError('pagination[page]=1&pagination[start]=0')).toEqual({
      status: 400,
      name: 'PaginationError',
      message: 'Cannot use both page & offset pagination in the same query',
      details: {},
    });
    expect(paginationError('pagination[pageSize]=1&pagination[limit]=5').name).toBe('PaginationError');
  });

  // What Strapi 5.54 answers for each (asked of the oracle, test/parity/answers.json, lenient-params/…).
  it('reads out-of-range values as Strapi does: page >= 1, start >= 0, size >= 1, a size that is not a number is the cap', () => {
    expect(paginationOf('pagination[page]=0')).toMatchObject({ page: 1, pageSize: 25 });
    expect(paginationOf('pagination[page]=0.5&pagination[pageSize]=2')).toMatchObject({ page: 1, pageSize: 2 });
    expect(paginationOf('pagination[pageSize]=0')).toMatchObject({ page: 1, pageSize: 1 });
    expect(paginationOf('pagination[pageSize]=')).toMatchObject({ pageSize: 1 });
    expect(paginationOf('pagination[pageSize]=-5')).toMatchObject({ pageSize: 1 });
    expect(paginationOf('pagination[pageSize]=0.5')).toMatchObject({ pageSize: 1 });
    expect(paginationOf('pagination[pageSize]=abc')).toMatchObject({ pageSize: 100 });
    expect(paginationOf('pagination[pageSize]=2abc')).toMatchObject({ pageSize: 100 });
    expect(paginationOf('pagination[pageSize]=abc', { maxLimit: 0 })).toMatchObject({ pageSize: 25 });
    expect(paginationOf('pagination[pageSize]=1e1')).toMatchObject({ pageSize: 10 });
    expect(paginationOf('pagination[pageSize][0]=2')).toMatchObject({ pageSize: 2 });
    expect(paginationOf('pagination[page]=0x10&pagination[pageSize]=2')).toMatchObject({ page: 16, pageSize: 2 });
    expect(paginationOf('pagination[page]=2.5&pagination[pageSize]=2')).toMatchObject({ page: 2, pageSize: 2 });
    expect(paginationOf('pagination[limit]=-1')).toEqual({ mode: 'offset', start: 0, limit: 1, withCount: true });
    expect(paginationOf('pagination[limit]=0')).toMatchObject({ limit: 1 });
    expect(paginationOf('pagination[limit]=abc&pagination[start]=2')).toMatchObject({ start: 2, limit: 100 });
    expect(paginationOf('pagination[start]=-1.5&pagination[limit]=2')).toMatchObject({ start: 0, limit: 2 });
  });

  it('refuses what is still not an integer in Strapi\'s words: the offset first, then the size', () => {
    const notInteger = (what: string, value: string) => ({ status: 400, name: 'ValidationError', message: `${what} expected a positive integer got ${value}`, details: {} });
    expect(paginationError('pagination[page]=abc')).toEqual(notInteger('convertStartQueryParams', 'NaN'));
    expect(paginationError('pagination[page]=1.5')).toEqual(notInteger('convertStartQueryParams', '12.5'));
    expect(paginationError('pagination[page]=abc&pagination[pageSize]=2.5')).toEqual(notInteger('convertStartQueryParams', 'NaN'));
    expect(paginationError('pagination[pageSize]=2.5')).toEqual(notInteger('convertLimitQueryParams', '2.5'));
    expect(paginationError('pagination[start]=abc')).toEqual(notInteger('convertStartQueryParams', 'NaN'));
    expect(paginationError('pagination[start]=1.5&pagination[limit]=2')).toEqual(notInteger('convertStartQueryParams', '1.5'));
    expect(paginationError('pagination[limit]=2.5')).toEqual(notInteger('convertLimitQueryParams', '2.5'));
  });

  it('refuses a negative page (Strapi reads page 1; the conformance suite asks for the 400)', () => {
    expect(paginationError('pagination[page]=-1')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid value for pagination[page]: expected a page number, not a negative one',
      details: { source: 'query', param: 'pagination', key: 'page' },
    });
  });

  it('refuses an offset past the exact-integer range with a 400 (Strapi answers 500)', () => {
    const tooLarge = { status: 400, name: 'ValidationError', message: 'Invalid value for pagination: the offset is too large', details: { source: 'query', param: 'pagination', key: 'start' } };
    expect(paginationError('pagination[page]=99999999999999999999')).toEqual(tooLarge);
    expect(paginationError('pagination[page]=9007199254740991&pagination[pageSize]=100')).toEqual(tooLarge);
  });

  it('a bare key (null) counts as absent; unknown keys are ignored', () => {
    expect(paginationOf('pagination[page]&pagination[foo]=1')).toEqual({ mode: 'page', page: 1, pageSize: 25, withCount: true });
  });

  it('a non-object pagination parameter is ignored, as in Strapi 5.54', () => {
    for (const qs of ['pagination=5', 'pagination=abc', 'pagination[0]=1']) {
      expect(paginationOf(qs)).toEqual({ mode: 'page', page: 1, pageSize: 25, withCount: true });
    }
  });
});
