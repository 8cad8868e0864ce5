import { ValidationError } from '@cms-gen/core/errors';
import { parseFileInfo, parseFileInfos } from './file-info';

describe('parseFileInfos', () => {
  it('reads one JSON object, a JSON array, or one field per file', () => {
    expect(parseFileInfos('{"name":"a","alternativeText":"alt"}', 1)).toEqual([{ name: 'a', alternativeText: 'alt' }]);
    expect(parseFileInfos('[{"name":"a"},{"caption":"c"}]', 2)).toEqual([{ name: 'a' }, { caption: 'c' }]);
    expect(parseFileInfos(['{"name":"a"}', '{"name":"b"}'], 2)).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(parseFileInfos({ name: 'bracket' }, 1)).toEqual([{ name: 'bracket' }]);
  });

  it('gives files without an entry an empty one', () => {
    expect(parseFileInfos(undefined, 2)).toEqual([{}, {}]);
    expect(parseFileInfos('{"name":"only first"}', 2)).toEqual([{ name: 'only first' }, {}]);
    expect(parseFileInfos('null', 1)).toEqual([{}]);
  });

  it('refuses malformed JSON, unknown keys, non-strings and extra entries', () => {
    expect(() => parseFileInfos('{bad', 1)).toThrow(/^fileInfo must be valid JSON/);
    expect(() => parseFileInfos('{"nope":1}', 1)).toThrow('fileInfo has an unknown key: nope');
    expect(() => parseFileInfos('{"name":{"x":1}}', 1)).toThrow('fileInfo.name must be a string');
    expect(() => parseFileInfos('"text"', 1)).toThrow(/must be an object/);
    expect(() => parseFileInfos('[{},{}]', 1)).toThrow('fileInfo has 2 entries for 1 file(s)');
    try {
      parseFileInfos('[{}, {"bad": 1}]', 2);
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).details).toEqual({ errors: [{ path: ['fileInfo', 1, 'bad'], message: 'fileInfo has an unknown key: bad', name: 'ValidationError' }] });
    }
  });
});

describe('parseFileInfo', () => {
  it('reads the single object of an update', () => {
    expect(parseFileInfo('{"caption":null}')).toEqual({ caption: null });
    expect(parseFileInfo(['{"name":"x"}'])).toEqual({ name: 'x' });
    expect(parseFileInfo(undefined)).toEqual({});
    expect(() => parseFileInfo(['{}', '{}'])).toThrow('fileInfo must be one object when updating a file');
  });
});
