import { buildSchema, parse, validate, type OperationDefinitionNode } from 'graphql';
import { depthRule, operationCost } from './limits';

const schema = buildSchema(`
  input PaginationArg { page: Int pageSize: Int start: Int limit: Int }
  type Author { name: String articles(pagination: PaginationArg = {}): [Article]! }
  type Article { title: String author: Author categories(pagination: PaginationArg = {}): [Category]! }
  type Category { name: String }
  type Query { articles(pagination: PaginationArg = {}): [Article]! authors(pagination: PaginationArg = {}): [Author]! }
`);
const limits = { defaultLimit: 10, amountLimit: 100 };

function cost(source: string, variables: Record<string, unknown> = {}): number {
  const document = parse(source);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  if (!operation) throw new Error('no operation');
  const fragments = Object.fromEntries(document.definitions.flatMap((d) => (d.kind === 'FragmentDefinition' ? [[d.name.value, d]] : [])));
  return operationCost(schema, operation, fragments, variables, limits);
}

describe('query limits', () => {
  it('multiplies fields by the page size of every list above them', () => {
    expect(cost('{ articles { title } }')).toBe(1 + 10 * 1);
    expect(cost('{ articles(pagination: { pageSize: 50 }) { title author { name } } }')).toBe(1 + 50 * (1 + 2));
    expect(cost('{ articles(pagination: { pageSize: 100 }) { categories { name } } }')).toBe(1 + 100 * (1 + 10));
    expect(cost('query($p: PaginationArg) { articles(pagination: $p) { title } }', { p: { limit: 30 } })).toBe(1 + 30);
  });

  it('caps sizes at amountLimit and expands fragments', () => {
    expect(cost('{ articles(pagination: { pageSize: 5000 }) { title } }')).toBe(1 + 100);
    expect(cost('{ articles { ...F } } fragment F on Article { title author { name } }')).toBe(1 + 10 * 3);
    expect(cost('{ __typename articles { __typename title } }')).toBe(1 + 10);
  });

  // Expanded rather than costed once per fragment, F0 would be walked 2^31 times: the test would never end.
  it('costs each fragment once: exponential expansions and long chains are costed exactly', () => {
    const doubling = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Article { title ...F${i + 1} ...F${i + 1} }`).join(' ');
    // F30 costs 1; each F(i) costs 1 + 2 * F(i+1): 2^31 - 1 for F0, per article.
    expect(cost(`{ articles { ...F0 } } ${doubling} fragment F30 on Article { title }`)).toBe(1 + 10 * (2 ** 31 - 1));
    // The longest chain 15,000 tokens allow (about 1,850 fragments): no stack overflow.
    const chain = Array.from({ length: 1850 }, (_, i) => `fragment C${i} on Article { ...C${i + 1} }`).join(' ');
    expect(cost(`{ articles { ...C0 } } ${chain} fragment C1850 on Article { title }`)).toBe(1 + 10);
  });

  it('refuses documents deeper than depthLimit before running them', () => {
    let selection = 'name';
    for (let i = 0; i < 7; i++) selection = `articles { author { ${selection} } }`;
    const errors = validate(schema, parse(`{ authors { ${selection} } }`), [depthRule(10)]);
    expect(errors[0]?.message).toMatch(/exceeds maximum operation depth of 10/);
    expect(validate(schema, parse('{ articles { author { name } } }'), [depthRule(10)])).toEqual([]);
  });
});
