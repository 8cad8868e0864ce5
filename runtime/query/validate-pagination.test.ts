import { errorOf, query } from './__fixtures__/helpers';

const paginationOf = (qs: string, options = {}) => query(qs, undefined, options).pagination;
const paginationError = (qs: string) => errorOf(() => query(qs));
const invalid = (key: string, min: number, extra = '') => ({
  status: 400,
  name: 'ValidationError',
  message: `Invalid value for pagination[${key}]: expected ${extra}an integer greater than or equal to ${min}`,
  details: { source: 'query', param: 'pagination', key },
});

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

  it('pageSize and limit are capped at maxLimit silently (observation 04); limit -1 means maxLimit', () => {
    expect(paginationOf('pagination[pageSize]=500')).toMatchObject({ pageSize: 100 });
    expect(paginationOf('pagination[limit]=1000')).toMatchObject({ limit: 100 });
    expect(paginationOf('pagination[limit]=-1')).toMatchObject({ mode: 'offset', limit: 100 });
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

  it('refuses non-integers and out-of-range values (stricter than Strapi, deliberately)', () => {
    expect(paginationError('pagination[page]=-1')).toEqual(invalid('page', 1));
    expect(paginationError('pagination[page]=0')).toEqual(invalid('page', 1));
    expect(paginationError('pagination[page]=1.5')).toEqual(invalid('page', 1));
    expect(paginationError('pagination[page]=abc')).toEqual(invalid('page', 1));
    expect(paginationError('pagination[pageSize]=0')).toEqual(invalid('pageSize', 1));
    expect(paginationError('pagination[pageSize]=')).toEqual(invalid('pageSize', 1));
    expect(paginationError('pagination[start]=-1')).toEqual(invalid('start', 0));
    expect(paginationError('pagination[limit]=0')).toEqual(invalid('limit', 1, '-1 or '));
    expect(paginationError('pagination[limit]=-2')).toEqual(invalid('limit', 1, '-1 or '));
    expect(paginationError('pagination[page][0]=1')).toEqual(invalid('page', 1));
    expect(paginationError('pagination[page]=99999999999999999999')).toEqual(invalid('page', 1));
  });

  it('refuses a page whose offset is not an exact integer', () => {
    expect(paginationError('pagination[page]=9007199254740991&pagination[pageSize]=100')).toEqual(invalid('page', 1));
  });

  it('a bare key (null) counts as absent; unknown keys are ignored', () => {
    expect(paginationOf('pagination[page]&pagination[foo]=1')).toEqual({ mode: 'page', page: 1, pageSize: 25, withCount: true });
  });

  it('a non-object pagination parameter is refused', () => {
    expect(paginationError('pagination=5')).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Invalid pagination parameter: expected an object',
      details: { source: 'query', param: 'pagination' },
    });
  });
});
