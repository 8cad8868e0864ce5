import type { FieldRef } from './ast';
import { coerceValue, toDecimalString } from './validate-values';

const field = (type: FieldRef['type']): FieldRef => ({ name: 'f', column: 'f', type });
const coerce = (type: FieldRef['type'], value: unknown) => coerceValue(field(type), value, 'f', 'filters');

describe('coerceValue', () => {
  it('refuses non-scalars for every type', () => {
    for (const type of ['integer', 'string', 'boolean', 'datetime'] as const) {
      expect(() => coerce(type, {})).toThrow('Invalid value for f');
      expect(() => coerce(type, [1])).toThrow('Invalid value for f');
      expect(() => coerce(type, null)).toThrow('Invalid value for f');
    }
  });

  it('integers: JSON numbers must be safe integers', () => {
    expect(coerce('integer', 12)).toBe(12);
    expect(coerce('id', '1e3')).toBe(1000);
    expect(() => coerce('integer', 1.5)).toThrow('expected integer');
    expect(() => coerce('integer', 2 ** 60)).toThrow('expected integer');
    expect(() => coerce('integer', true)).toThrow('expected integer');
    expect(() => coerce('float', Number.NaN)).toThrow('expected number');
  });

  it('biginteger from JSON numbers only when exact', () => {
    expect(coerce('biginteger', 42)).toBe('42');
    expect(() => coerce('biginteger', 2 ** 60)).toThrow('expected integer');
    expect(() => coerce('biginteger', '1'.repeat(31))).toThrow('expected integer');
  });

  it('datetime: impossible calendar days are refused (V8 would roll them over)', () => {
    expect(() => coerce('datetime', '2023-02-29T00:00:00Z')).toThrow('Invalid format, expected a timestamp or an ISO date');
    expect(coerce('datetime', '2024-02-29T12:00:00.123456Z')).toBe('2024-02-29T12:00:00.123Z');
    expect(coerce('timestamp', '2024-02-29 12:00:00')).toBe('2024-02-29T12:00:00.000Z');
    expect(() => coerce('datetime', '')).toThrow('Invalid format, expected a timestamp or an ISO date');
  });

  it('date from an ISO datetime on an impossible day is refused (Strapi 5.54: `Invalid date`)', () => {
    expect(() => coerce('date', '2023-02-30T10:00:00Z')).toThrow('Invalid date');
  });

  it('json and blocks never take a comparison value', () => {
    expect(() => coerce('json', 'x')).toThrow('Invalid value for f: expected JSON');
  });
});

describe('toDecimalString', () => {
  it.each([
    ['0', '0'],
    ['-0.000', '0'],
    ['+1.50', '1.5'],
    ['0001', '1'],
    ['1.', '1'],
    ['-.25', '-0.25'],
    ['1e-3', '0.001'],
    ['1.2345e2', '123.45'],
    ['12E+2', '1200'],
  ])('%s → %s', (input, output) => {
    expect(toDecimalString(input)).toBe(output);
  });

  it('numbers use their shortest exact text', () => {
    expect(toDecimalString(0.1)).toBe('0.1');
    expect(toDecimalString(1e21)).toBe('1000000000000000000000');
  });

  it('refuses what is not a decimal number', () => {
    for (const input of ['', '.', '-', '1.2.3', '0x10', '1e', 'NaN', '1e999']) expect(toDecimalString(input)).toBeUndefined();
    expect(toDecimalString(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});
