import { nestingExceeds, readStoredJson } from './json-read';

const deepText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('readStoredJson', () => {
  it('parses stored JSON, and returns text that is not JSON as it is', () => {
    expect(readStoredJson('{"a":[1,"x"]}')).toEqual({ a: [1, 'x'] });
    expect(readStoredJson('"123"')).toBe('123');
    expect(readStoredJson('not json')).toBe('not json');
  });

  it('returns a value nested too deep to serialize as its stored text, so the read succeeds', () => {
    const text = deepText(5000);
    expect(readStoredJson(text)).toBe(text);
    expect(() => JSON.stringify({ data: readStoredJson(text) })).not.toThrow();
    expect(readStoredJson(deepText(256))).toEqual(expect.objectContaining({ a: expect.anything() }));
  });

  it('counts brackets outside strings only', () => {
    expect(nestingExceeds(`{"a":"${'['.repeat(1000)}"}`, 2)).toBe(false);
    expect(nestingExceeds('[[["\\"]"]]]', 3)).toBe(false);
    expect(nestingExceeds('[[[[]]]]', 3)).toBe(true);
  });
});
