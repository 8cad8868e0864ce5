import { printValue } from './yup-print';

describe('printValue (yup wording, as Strapi 5.54 prints values in messages)', () => {
  it('prints scalars as text, strings quoted', () => {
    expect(printValue('x')).toBe('"x"');
    expect(printValue(5)).toBe('5');
    expect(printValue(null)).toBe('null');
    expect(printValue(true)).toBe('true');
  });

  it('prints objects and arrays as indented JSON of those texts (recorded from Strapi 5.54)', () => {
    expect(printValue([{ label: 'x' }])).toBe('[\n  {\n    "label": "\\"x\\""\n  }\n]');
    expect(printValue([])).toBe('[]');
    expect(printValue({ a: 1, b: [null, false] })).toBe('{\n  "a": "1",\n  "b": [\n    "null",\n    "false"\n  ]\n}');
  });
});
