// Bounds on variables (before graphql-js coerces them) and on filters/sort arguments (REST's qs
// bounds: lists of 100, 20 segments, 1000 values).
import { buildSchema, getOperationAST, GraphQLError, parse } from 'graphql';
import { ValidationError } from '@cms-gen/core/errors';
import { checkArgumentBounds } from './argument-bounds';
import { checkFilterVariables, MAX_VARIABLE_DEPTH, tooDeepVariable } from './variable-bounds';

/** `{ not: { not: … { title: { eq: "x" } } } }` with `levels` nots. */
function nots(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { title: { eq: 'x' } };
  for (let i = 0; i < levels; i++) value = { not: value };
  return value;
}

const thrown = (run: () => void): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('tooDeepVariable', () => {
  it('finds a variable nested 3,000 deep without recursing, and accepts the bound itself', () => {
    expect(tooDeepVariable({ ok: nots(5), f: nots(3000) })).toBe('f');
    // nots(n) is n + 2 levels deep (the condition and its operator object).
    expect(tooDeepVariable({ f: nots(MAX_VARIABLE_DEPTH - 2) })).toBeUndefined();
    expect(tooDeepVariable({ f: nots(MAX_VARIABLE_DEPTH - 1) })).toBe('f');
    expect(tooDeepVariable({ list: [[[1]]], scalar: 'x', none: null })).toBeUndefined();
    expect(tooDeepVariable(undefined)).toBeUndefined();
  });
});

describe('checkArgumentBounds', () => {
  it('accepts what a query string could carry', () => {
    expect(() => checkArgumentBounds('filters', { or: Array.from({ length: 100 }, (_, i) => ({ title: { eq: `t${i}` } })) })).not.toThrow();
    expect(() => checkArgumentBounds('filters', { title: { in: Array.from({ length: 100 }, (_, i) => `t${i}`) } })).not.toThrow();
    // 20 segments: title, then 18 nots, then eq.
    expect(() => checkArgumentBounds('filters', { title: nots(17) })).not.toThrow();
    expect(() => checkArgumentBounds('sort', ['title:asc', 'views:desc'])).not.toThrow();
  });

  it('refuses a list over 100 items, naming where it is', () => {
    const error = thrown(() => checkArgumentBounds('filters', { title: { in: Array.from({ length: 100_000 }, (_, i) => `t${i}`) } }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message: 'Array too long: at most 100 items are allowed in filters.title.in', details: { param: 'filters', path: 'filters.title.in', limit: 100 } });
    expect(() => checkArgumentBounds('filters', { or: Array.from({ length: 20_000 }, () => ({ title: { eq: 'x' } })) })).toThrow('Array too long: at most 100 items are allowed in filters.or');
    expect(() => checkArgumentBounds('sort', Array.from({ length: 101 }, () => 'title'))).toThrow('Array too long: at most 100 items are allowed in sort');
  });

  it('refuses nesting past 20 segments, 3,000 deep included, without recursing', () => {
    expect(() => checkArgumentBounds('filters', { title: nots(18) })).toThrow('filters is nested too deeply: at most 20 levels are allowed');
    expect(() => checkArgumentBounds('filters', nots(3000))).toThrow(ValidationError);
  });

  it('refuses more than 1000 values', () => {
    const wide = { or: Array.from({ length: 100 }, () => ({ title: { in: Array.from({ length: 11 }, (_, i) => `t${i}`) } })) };
    expect(() => checkArgumentBounds('filters', wide)).toThrow('Too many values in filters: at most 1000 are allowed');
  });
});

describe('checkFilterVariables', () => {
  const schema = buildSchema(`
    input StringFilter { eq: String in: [String] not: StringFilter }
    input ArticleFilters { title: StringFilter author: AuthorFilters or: [ArticleFilters] not: ArticleFilters }
    input AuthorFilters { name: StringFilter articles: ArticleFilters }
    input ArticleInput { tags: [String] }
    type Query { articles(filters: ArticleFilters, sort: [String]): String }
    type Mutation { create(data: ArticleInput): String }
  `);
  const check = (source: string, variables: Record<string, unknown>) => () => {
    const operation = getOperationAST(parse(source));
    if (!operation) throw new Error('no operation');
    checkFilterVariables(schema, operation, variables);
  };

  it('bounds variables of filter input types (and those reachable from them) as a 400 GraphQL error', () => {
    const big = { or: Array.from({ length: 20_000 }, () => ({ title: { eq: 'x' } })) };
    const error = thrown(check('query ($f: ArticleFilters) { articles(filters: $f) }', { f: big }));
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error).toMatchObject({
      message: 'Array too long: at most 100 items are allowed in $f.or',
      extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError', details: { path: '$f.or', limit: 100 } }, http: { status: 400 } },
    });
    expect(check('query ($a: AuthorFilters) { articles(filters: { author: $a }) }', { a: { articles: { title: nots(30) } } })).toThrow(GraphQLError);
    expect(check('query ($s: StringFilter) { articles(filters: { title: $s }) }', { s: { in: Array.from({ length: 101 }, () => 'x') } })).toThrow(GraphQLError);
    expect(check('query ($f: ArticleFilters) { articles(filters: $f) }', { f: { title: { in: ['a', 'b'] } } })).not.toThrow();
  });

  it('leaves other variables to the write layer (REST bodies have no qs bounds)', () => {
    expect(check('mutation ($d: ArticleInput) { create(data: $d) }', { d: { tags: Array.from({ length: 500 }, () => 'x') } })).not.toThrow();
  });
});
