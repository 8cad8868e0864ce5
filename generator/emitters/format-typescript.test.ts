import { formatTypeScript } from './format-typescript';

describe('formatTypeScript', () => {
  const messy = 'type A = Array<(B & {x: "y"})>\nexport function f(a:number){\n    return {a}\n}\n';

  it('formats with two-space indents, semicolons and spaced braces', () => {
    expect(formatTypeScript(messy)).toBe('type A = Array<(B & { x: "y"; })>;\nexport function f(a: number) {\n  return { a };\n}\n');
  });

  it('is idempotent and independent of what was formatted before', () => {
    const once = formatTypeScript(messy);
    formatTypeScript('const unrelated = {b:1}\n');
    expect(formatTypeScript(messy)).toBe(once);
    expect(formatTypeScript(once)).toBe(once);
  });
});
