import { jsonValueProblem, MAX_JSON_DEPTH } from './json-bounds';

/** `depth` nested arrays, built without recursion. */
function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}

describe('jsonValueProblem', () => {
  it('accepts values up to MAX_JSON_DEPTH levels (what MariaDB json_valid accepts)', () => {
    expect(MAX_JSON_DEPTH).toBe(31);
    expect(jsonValueProblem(nestedArrays(31))).toBeUndefined();
    expect(jsonValueProblem({ a: [1, 'x', null, true, { b: 2 }] })).toBeUndefined();
    expect(jsonValueProblem('text')).toBeUndefined();
  });

  it('refuses deeper values, measured without recursion however deep they are', () => {
    expect(jsonValueProblem(nestedArrays(32))).toBe('must be nested at most 31 levels deep');
    expect(jsonValueProblem(nestedArrays(200_000))).toBe('must be nested at most 31 levels deep');
  });

  it('refuses NUL in strings and keys, too many values and more than 1 MiB', () => {
    expect(jsonValueProblem({ a: ['x\u0000'] })).toBe('must not contain NUL characters (\\u0000)');
    expect(jsonValueProblem({ 'k\u0000': 1 })).toBe('must not contain NUL characters (\\u0000)');
    expect(jsonValueProblem(new Array(100_001).fill(0))).toBe('must hold at most 100000 values');
    // MariaDB's json_valid refused the escape JSON.stringify writes for one; SQLite and PostgreSQL stored it.
    expect(jsonValueProblem({ a: ['\ud83d'] })).toBe('must not contain unpaired surrogate characters (\\uD800-\\uDFFF)');
    expect(jsonValueProblem({ 'k\ude00': 1 })).toBe('must not contain unpaired surrogate characters (\\uD800-\\uDFFF)');
    expect(jsonValueProblem({ '😀': '\ud83d\ude00' })).toBeUndefined();
    expect(jsonValueProblem(['x'.repeat(1024 * 1024)])).toBe('must be at most 1048576 bytes as JSON');
  });
});
