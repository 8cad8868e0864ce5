import { bodyProblem, MAX_BODY_DEPTH } from './input-guard';

describe('bodyProblem', () => {
  it('accepts ordinary bodies', () => {
    expect(bodyProblem({ data: { title: 'x', list: [1, { a: null }] } })).toBeUndefined();
  });

  it('refuses NUL in any string or key', () => {
    expect(bodyProblem({ data: { seo: { meta_title: 'a\u0000' } } })?.message).toBe('Invalid body: NUL characters (\\u0000) are not allowed');
    expect(bodyProblem({ ['k\u0000']: 1 })?.details).toEqual({ source: 'body' });
  });

  it('refuses bodies nested deeper than the limit, without recursing', () => {
    let body: unknown = 1;
    for (let i = 0; i < 100_000; i++) body = [body];
    expect(bodyProblem(body)?.message).toBe(`Invalid body: JSON is nested too deeply, at most ${MAX_BODY_DEPTH} levels are allowed`);
  });
});
