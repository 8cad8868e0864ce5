import { toDocument, withSortedFields, type SelectedField } from './select';
import { decodeValue, type ColumnType } from '../sql/codec';

const TYPES: ColumnType[] = ['id', 'documentId', 'string', 'text', 'richtext', 'blocks', 'enumeration', 'email', 'uid', 'date', 'time', 'datetime', 'timestamp', 'integer', 'biginteger', 'float', 'decimal', 'boolean', 'json', 'locale'];

const fields: SelectedField[] = TYPES.map((type, i) => ({ key: `k_${type}`, column: `c${i}`, type }));

/** What each type's column may hold, as the drivers return it. */
const SAMPLES: Record<string, unknown[]> = {
  id: [1, '2', 3n, null],
  integer: [5, '6', null, undefined],
  biginteger: [9007199254740993n, '12', null],
  float: [1.5, '2.5', null],
  decimal: [3.25, '4.75', null],
  boolean: [1, 0, true, '1', 1n, null],
  json: ['{"a":[1,2]}', 'not json', { already: 'parsed' }, null],
  blocks: ['[{"type":"paragraph"}]', null],
  datetime: ['2024-01-02T03:04:05.678Z', '2024-01-02 03:04:05', new Date(0), null],
  timestamp: ['2024-01-02T03:04:05.678Z', null],
  date: ['2024-01-02', new Date(0), null],
  time: ['03:04', '03:04:05.1', null],
};

function row(n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  fields.forEach((f, i) => {
    const samples = SAMPLES[f.type] ?? ['text', '', null, undefined];
    out[f.column] = samples[n % samples.length];
  });
  return out;
}

describe('toDocument', () => {
  it('maps every row as decodeValue does, keys in field order, before and after the field list is compiled', () => {
    for (let n = 0; n < 12; n++) {
      const r = row(n);
      const expected: Record<string, unknown> = {};
      for (const f of fields) expected[f.key] = decodeValue(f.type, r[f.column]);
      const doc = toDocument(r, fields);
      expect(Object.keys(doc)).toEqual(fields.map((f) => f.key));
      expect(doc).toEqual(expected);
      expect(JSON.stringify(doc)).toBe(JSON.stringify(expected));
    }
  });

  it('reads a `__proto__` key as plain assignment does, compiled or not (the prototype stays)', () => {
    const odd: SelectedField[] = [
      { key: 'id', column: 'id', type: 'id' },
      { key: '__proto__', column: 'p', type: 'string' },
    ];
    for (let n = 0; n < 5; n++) {
      const doc = toDocument({ id: 1, p: 'x' }, odd);
      expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
      expect(Object.keys(doc)).toEqual(['id']);
    }
  });
});

describe('withSortedFields (the columns Strapi 5.54 returns because it sorts by them)', () => {
  const by = (...paths: string[]) => paths.map((p) => ({ path: p.split('.') }));

  it('adds the attributes sorted by that `fields` leaves out, once', () => {
    expect(withSortedFields(['contact'], by('rank', 'title', 'rank'))).toEqual(['contact', 'rank', 'title']);
    expect(withSortedFields(['contact', 'rank'], by('rank'))).toEqual(['contact', 'rank']);
  });

  it('adds nothing when a sort key goes through a relation or component (Strapi sorts in a subquery then)', () => {
    expect(withSortedFields(['contact'], by('owner.name', 'title'))).toEqual(['contact']);
    expect(withSortedFields(['contact'], by('title', 'spec.label'))).toEqual(['contact']);
  });

  it('leaves every field (no `fields`) and an unsorted read alone', () => {
    expect(withSortedFields(undefined, by('rank'))).toBeUndefined();
    expect(withSortedFields(['contact'], undefined)).toEqual(['contact']);
  });
});
