// The depthLimit validation rule: graphql-depth-limit's answers for ordinary documents, and a
// validation error instead of a crash for fragment cycles, unknown fragments and fragment chains
// that expand exponentially.
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import type { ValidationRule } from 'graphql';
import { depthRule } from './depth-rule';

const schema = buildSchema(`
  type Author { name: String articles: [Article] }
  type Article { title: String author: Author }
  type Query { articles: [Article] authors: [Author] }
`);

function messages(source: string, limit = 10, rules: ValidationRule[] = [depthRule(limit)]): string[] {
  return validate(schema, parse(source), rules).map((e) => e.message);
}

/** `{ authors { articles { author { … name } } } }`: `levels` fields with selections, then a leaf. */
function nested(levels: number): string {
  const names = Array.from({ length: levels }, (_, i) => (i === 0 ? 'authors' : i % 2 === 1 ? 'articles' : 'author'));
  const leaf = levels % 2 === 1 ? 'title' : 'name';
  return `{ ${names.map((n) => `${n} { `).join('')}${leaf}${' }'.repeat(levels)} }`;
}

describe('depthRule', () => {
  it.each([1, 3, 9, 10, 11, 12, 20])('agrees with graphql-depth-limit on a document nested %i levels', (levels) => {
    const source = nested(levels);
    const ours = messages(source);
    const theirs = messages(source, 10, [depthLimit(10) as ValidationRule]);
    expect(ours).toEqual(theirs);
    const where = (rule: ValidationRule) => validate(schema, parse(source), [rule]).map((e) => e.locations);
    expect(where(depthRule(10))).toEqual(where(depthLimit(10) as ValidationRule));
    // The leaf sits at nesting `levels`; nesting 11 is one too deep for a limit of 10.
    expect(ours.length > 0).toBe(levels > 10);
  });

  it('reports every field one level too deep, once per fragment spread, as graphql-depth-limit does', () => {
    // Two leaves one level too deep.
    const wide = nested(11).replace('title }', 'title title }');
    const spreads = '{ authors { articles { author { ...F ...F } } } } fragment F on Author { name articles { title } }';
    for (const source of [wide, spreads]) {
      const ours = validate(schema, parse(source), [depthRule(source === spreads ? 2 : 10)]);
      const theirs = validate(schema, parse(source), [depthLimit(source === spreads ? 2 : 10) as ValidationRule]);
      expect(ours.map((e) => [e.message, e.locations])).toEqual(theirs.map((e) => [e.message, e.locations]));
      expect(ours.length).toBeGreaterThan(1);
    }
  });

  it('counts through fragments and inline fragments, and names the operation', () => {
    const source = 'query Deep { authors { ...A } } fragment A on Author { articles { ... on Article { author { name } } } }';
    expect(messages(source, 2)).toEqual(["'Deep' exceeds maximum operation depth of 2"]);
    expect(messages(source, 3)).toEqual([]);
    expect(messages('{ authors { name } }', 0)).toEqual(["'' exceeds maximum operation depth of 0"]);
  });

  it('ignores introspection fields', () => {
    expect(messages('{ __schema { types { fields { type { name } } } } }', 1)).toEqual([]);
  });

  it('answers fragment cycles with graphql-js\'s validation error instead of overflowing the stack', () => {
    const source = 'query { articles { ...A } } fragment A on Article { title ...B } fragment B on Article { title ...A }';
    expect(() => validate(schema, parse(source), [depthLimit(10) as ValidationRule])).toThrow(RangeError);
    expect(validate(schema, parse(source), [...specifiedRules, depthRule(10)]).map((e) => e.message)).toEqual(['Cannot spread fragment "A" within itself via "B".']);
    expect(messages('{ articles { ...A } } fragment A on Article { author { articles { ...A } } }')).toEqual([]);
  });

  it('leaves an unknown fragment to KnownFragmentNames instead of throwing', () => {
    expect(validate(schema, parse('{ articles { ...Missing } }'), [...specifiedRules, depthRule(10)]).map((e) => e.message)).toEqual(['Unknown fragment "Missing".']);
  });

  it('computes each fragment once: 2^30 expansions of a small document cost no more than its size', () => {
    const fragments = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Article { title ...F${i + 1} ...F${i + 1} }`).join(' ');
    // graphql-depth-limit would report the field once per expansion (2^30 times): at most 100 here.
    expect(messages(`{ articles { ...F0 } } ${fragments} fragment F30 on Article { author { name } }`, 1)).toEqual(Array.from({ length: 100 }, () => "'' exceeds maximum operation depth of 1"));
    expect(messages(`{ articles { ...F0 } } ${fragments} fragment F30 on Article { author { name } }`, 2)).toEqual([]);
  });
});
