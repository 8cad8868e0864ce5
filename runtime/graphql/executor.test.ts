// Compiled execution (executor.ts): documents run on graphql-jit once seen `compileOnSighting`
// times, only when `compilable()` says graphql-jit answers exactly as graphql-js would. Every
// behavioural test runs the same DocumentNode through `CompiledExecution.run` and through
// graphql-js `execute`, and requires the same answer: data, error messages, paths, locations and
// extensions. Small schemas are built here with `buildSchema` plus resolvers set on the fields.
//
// graphql-jit's exports are non-configurable getters, so `jest.spyOn(jit, 'compileQuery')` throws
// ("Cannot redefine property"); the module is mocked instead with its real implementation wrapped
// in jest.fn, and each compiled query's `query` function wrapped too, so tests can count both
// compilations and compiled runs.
import { ApolloServer, type GraphQLResponse } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import type { GatewayExecutor } from '@apollo/server-gateway-interface';
import {
  buildSchema,
  execute,
  getOperationAST,
  GraphQLError,
  isAbstractType,
  isObjectType,
  parse,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFieldResolver,
  type GraphQLScalarType,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  type OperationDefinitionNode,
} from 'graphql';
import * as jit from 'graphql-jit';
import { compiledSize, MAX_COMPILED_FIELDS } from './compiled-size';
import { COMPILE_ON_SIGHTING, CompiledExecution, knownResolver, MAX_KNOWN_QUERIES, MAX_KNOWN_QUERY_LENGTH, syncTypeResolver } from './executor';

jest.mock('graphql-jit', () => {
  const actual = jest.requireActual<typeof import('graphql-jit')>('graphql-jit');
  return {
    ...actual,
    compileQuery: jest.fn((...args: Parameters<typeof actual.compileQuery>) => {
      const compiled = actual.compileQuery(...args);
      return 'query' in compiled ? { ...compiled, query: jest.fn(compiled.query) } : compiled;
    }),
  };
});

const compileQuery = jest.mocked(jit.compileQuery);

/** How many times compiled queries (from any compilation since the last mockClear) were run. */
function compiledRuns(): number {
  let runs = 0;
  for (const result of compileQuery.mock.results) {
    const value: unknown = result.value;
    if (result.type === 'return' && typeof value === 'object' && value !== null && 'query' in value && jest.isMockFunction(value.query)) {
      runs += value.query.mock.calls.length;
    }
  }
  return runs;
}

beforeEach(() => compileQuery.mockClear());

// ---------------------------------------------------------------------------------------------
// Helpers

type Resolvers = Record<string, Record<string, GraphQLFieldResolver<unknown, unknown>>>;

/**
 * A schema from SDL with `resolvers` set on its object types' fields, marked as the app's own
 * (`knownResolver`, as schema.ts marks the generated ones) unless `foreign` (an extension's).
 */
function schemaWith(sdl: string, resolvers: Resolvers = {}, foreign = false): GraphQLSchema {
  const schema = buildSchema(sdl);
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = type.getFields()[fieldName];
      if (!field) throw new Error(`${typeName}.${fieldName} does not exist`);
      field.resolve = foreign ? resolve : knownResolver(resolve);
    }
  }
  return schema;
}

/** Sets the resolveType of the union or interface `typeName`. */
function setResolveType(schema: GraphQLSchema, typeName: string, resolveType: GraphQLTypeResolver<unknown, unknown>): void {
  const type = schema.getType(typeName);
  if (!isAbstractType(type)) throw new Error(`${typeName} is not a union or interface`);
  type.resolveType = resolveType;
}

function operationOf(document: DocumentNode, operationName?: string): OperationDefinitionNode {
  const operation = getOperationAST(document, operationName);
  if (!operation) throw new Error(`no operation ${operationName ?? ''}`);
  return operation;
}

/** A result as it is sent: errors through their toJSON (message, locations, path, extensions). */
function plain(result: ExecutionResult): unknown {
  return JSON.parse(JSON.stringify(result));
}

interface RunOptions {
  variables?: Record<string, unknown>;
  operationName?: string;
  context?: unknown;
}

async function viaExecutor(executor: CompiledExecution, document: DocumentNode, options: RunOptions = {}): Promise<ExecutionResult> {
  return executor.run(document, options.operationName, options.context, options.variables);
}

async function viaGraphqlJs(schema: GraphQLSchema, document: DocumentNode, options: RunOptions = {}): Promise<ExecutionResult> {
  return execute({ schema, document, operationName: options.operationName, contextValue: options.context, variableValues: options.variables });
}

/** Runs `document` through the executor and graphql-js; returns both answers. */
async function both(executor: CompiledExecution, schema: GraphQLSchema, document: DocumentNode, options: RunOptions = {}) {
  return { actual: await viaExecutor(executor, document, options), expected: await viaGraphqlJs(schema, document, options) };
}

/** Runs `document` until it is compiled (asserting it is), returning the compiled run's answer. */
async function runCompiled(executor: CompiledExecution, document: DocumentNode, options: RunOptions = {}): Promise<ExecutionResult> {
  for (let i = 1; i < COMPILE_ON_SIGHTING; i++) await viaExecutor(executor, document, options);
  const before = compiledRuns();
  const result = await viaExecutor(executor, document, options);
  expect(executor.isCompiled(document, options.operationName)).toBe(true);
  expect(compiledRuns()).toBe(before + 1);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Schemas

const itemsSdl = `
  type Item { id: Int! name: String! tags: [String!]! }
  type Query { hello: String items: [Item!]! item(id: Int!): Item whoami: String }
`;
const ITEMS = [
  { id: 1, name: 'one', tags: ['a', 'b'] },
  { id: 2, name: 'two', tags: [] },
];

function itemsSchema(): GraphQLSchema {
  return schemaWith(itemsSdl, {
    Query: {
      hello: () => 'world',
      items: async () => ITEMS,
      item: (_source, args) => ITEMS.find((item) => item.id === args.id) ?? null,
      whoami: (_source, _args, context) => (context as { user?: string } | undefined)?.user ?? null,
    },
  });
}

const inputsSdl = `
  input Plain { limit: Int tags: [String!] }
  input Defaulted { limit: Int = 10 }
  input Outer { inner: Defaulted }
  input OuterList { inners: [Defaulted!] }
  input Deep { outer: Outer }
  type A { a: String }
  type B { b: String }
  union Result = A | B
  interface Node { id: ID! }
  type N1 implements Node { id: ID! one: String }
  type N2 implements Node { id: ID! two: String }
  type Mutation { touch: Int }
  type Query {
    plain(arg: Plain): String
    plainWithDefault(arg: Plain = { limit: 5 }): String
    defaulted(arg: Defaulted): String
    outer(arg: Outer): String
    outerList(arg: OuterList): String
    deep(arg: Deep): String
    results: [Result!]!
    nodes: [Node!]!
  }
`;
const echo: GraphQLFieldResolver<unknown, unknown> = (_source, args) => JSON.stringify(args);
const RESULTS = [{ kind: 'A', a: 'x' }, { kind: 'B', b: 'y' }];
const NODES = [{ kind: 'N1', id: '1', one: 'first' }, { kind: 'N2', id: '2', two: 'second' }];
const byKind = (value: unknown) => (value as { kind: string }).kind;

/** A fresh schema each time: tests set resolveTypes on its union and interface. */
function inputsSchema(): GraphQLSchema {
  return schemaWith(inputsSdl, {
    Query: { plain: echo, plainWithDefault: echo, defaulted: echo, outer: echo, outerList: echo, deep: echo, results: () => RESULTS, nodes: () => NODES },
    Mutation: { touch: () => 1 },
  });
}

// ---------------------------------------------------------------------------------------------

describe('CompiledExecution', () => {
  describe('compile on sighting', () => {
    it('intercepts graphql-jit compileQuery (the counting below depends on it)', () => {
      const schema = itemsSchema();
      const compiled = jit.compileQuery(schema, parse('{ hello }'));
      expect(compileQuery).toHaveBeenCalledTimes(1);
      expect(jit.isCompiledQuery(compiled)).toBe(true);
    });

    it('runs a document seen once on graphql-js, compiles it on the second sighting, and reuses the compilation', async () => {
      const schema = itemsSchema();
      const executor = new CompiledExecution(schema);
      const document = parse('{ hello items { id name tags } }');
      const expected = plain(await viaGraphqlJs(schema, document));
      expect(expected).toEqual({ data: { hello: 'world', items: ITEMS } });

      const first = await viaExecutor(executor, document);
      expect(compileQuery).not.toHaveBeenCalled();
      expect(executor.isCompiled(document)).toBe(false);
      expect(plain(first)).toEqual(expected);

      const second = await viaExecutor(executor, document);
      expect(compileQuery).toHaveBeenCalledTimes(1);
      expect(compileQuery.mock.calls[0]?.[1]).toBe(document);
      expect(executor.isCompiled(document)).toBe(true);
      expect(compiledRuns()).toBe(1);
      expect(plain(second)).toEqual(expected);

      const third = await viaExecutor(executor, document);
      expect(compileQuery).toHaveBeenCalledTimes(1);
      expect(compiledRuns()).toBe(2);
      expect(plain(third)).toEqual(expected);
    });

    it('counts sightings per DocumentNode object: another parse of the same text starts afresh', async () => {
      const schema = itemsSchema();
      const executor = new CompiledExecution(schema);
      const text = '{ hello }';
      const document = parse(text);
      await viaExecutor(executor, document);
      await viaExecutor(executor, document);
      expect(executor.isCompiled(document)).toBe(true);

      const reparsed = parse(text);
      expect(executor.isCompiled(reparsed)).toBe(false);
      const result = await viaExecutor(executor, reparsed);
      expect(compileQuery).toHaveBeenCalledTimes(1);
      expect(executor.isCompiled(reparsed)).toBe(false);
      expect(result).toEqual({ data: { hello: 'world' } });
    });

    it('honours a custom compileOnSighting', async () => {
      const schema = itemsSchema();
      const executor = new CompiledExecution(schema, 3);
      const document = parse('{ hello }');
      await viaExecutor(executor, document);
      await viaExecutor(executor, document);
      expect(compileQuery).not.toHaveBeenCalled();
      expect(plain(await viaExecutor(executor, document))).toEqual({ data: { hello: 'world' } });
      expect(compileQuery).toHaveBeenCalledTimes(1);
      expect(compiledRuns()).toBe(1);
    });

    it('never compiles a document it refuses, however often it is seen', async () => {
      const schema = inputsSchema();
      const executor = new CompiledExecution(schema);
      const document = parse('mutation { touch }');
      for (let i = 0; i < 4; i++) expect(await viaExecutor(executor, document)).toEqual({ data: { touch: 1 } });
      expect(compileQuery).not.toHaveBeenCalled();
      expect(executor.isCompiled(document)).toBe(false);
    });
  });

  describe('compilable', () => {
    function compilable(schema: GraphQLSchema, source: string): boolean {
      const document = parse(source);
      return new CompiledExecution(schema).compilable(document, operationOf(document));
    }

    it('accepts a plain query and a variable of an input type without defaults', () => {
      const schema = inputsSchema();
      expect(compilable(schema, '{ plain }')).toBe(true);
      expect(compilable(schema, 'query ($p: Plain) { plain(arg: $p) }')).toBe(true);
      expect(compilable(schema, 'query ($p: [Plain!]!, $n: Int) { plain(arg: $p) other: plain(arg: { limit: $n }) }')).toBe(true);
    });

    it('refuses a mutation', () => {
      expect(compilable(inputsSchema(), 'mutation { touch }')).toBe(false);
    });

    it('refuses introspection: __schema and __type, also inside a fragment', () => {
      const schema = inputsSchema();
      expect(compilable(schema, '{ __schema { queryType { name } } }')).toBe(false);
      expect(compilable(schema, '{ __type(name: "Query") { name } }')).toBe(false);
      expect(compilable(schema, '{ plain ...F } fragment F on Query { __schema { types { name } } }')).toBe(false);
      expect(compilable(schema, '{ ... on Query { __type(name: "A") { name } } }')).toBe(false);
      // __typename is not introspection of the schema: it compiles.
      expect(compilable(schema, '{ __typename plain }')).toBe(true);
    });

    it('accepts variables of input types with field defaults (graphql-js coerces variables, defaults included)', () => {
      const schema = inputsSchema();
      expect(compilable(schema, 'query ($d: Defaulted) { defaulted(arg: $d) }')).toBe(true);
      expect(compilable(schema, 'query ($d: [Defaulted!]!) { plain }')).toBe(true);
      expect(compilable(schema, 'query ($o: Outer) { outer(arg: $o) }')).toBe(true);
      expect(compilable(schema, 'query ($o: OuterList) { outerList(arg: $o) }')).toBe(true);
      expect(compilable(schema, 'query ($d: Deep) { deep(arg: $d) }')).toBe(true);
    });

    it('refuses a document whose fields, fragments expanded, exceed MAX_COMPILED_FIELDS', () => {
      const schema = inputsSchema();
      // F0 spreads F1 twice, F1 spreads F2 twice, …: 2^20 copies of `plain` from a tiny document.
      const fragments = Array.from({ length: 20 }, (_, i) => `fragment F${i} on Query { plain ...F${i + 1} ...F${i + 1} }`).join(' ');
      expect(compilable(schema, `{ ...F0 } ${fragments} fragment F20 on Query { plain }`)).toBe(false);
      const exponential = parse(`{ ...F0 } ${fragments} fragment F20 on Query { plain }`);
      expect(compiledSize(schema, exponential, operationOf(exponential))).toBeGreaterThan(MAX_COMPILED_FIELDS);
      const wide = Array.from({ length: MAX_COMPILED_FIELDS }, (_, i) => `p${i}: plain`).join(' ');
      expect(compilable(schema, `{ ${wide} }`)).toBe(true);
      expect(compilable(schema, `{ ${wide} extra: plain }`)).toBe(false);
    });

    it('refuses a union or interface whose resolveType is async or unmarked, accepts it once marked with syncTypeResolver', () => {
      const schema = inputsSchema();
      const union = '{ results { ... on A { a } ... on B { b } } }';
      const inFragment = '{ ...F } fragment F on Query { results { __typename } }';
      const iface = '{ nodes { id } }';

      // No resolveType at all (graphql-js falls back to __typename / isTypeOf): refused.
      expect(compilable(schema, union)).toBe(false);
      expect(compilable(schema, iface)).toBe(false);

      setResolveType(schema, 'Result', async (value) => byKind(value));
      setResolveType(schema, 'Node', async (value) => byKind(value));
      expect(compilable(schema, union)).toBe(false);
      expect(compilable(schema, inFragment)).toBe(false);
      expect(compilable(schema, iface)).toBe(false);

      // Synchronous but not marked: still refused, the executor cannot know.
      setResolveType(schema, 'Result', (value) => byKind(value));
      expect(compilable(schema, union)).toBe(false);

      setResolveType(schema, 'Result', syncTypeResolver((value: unknown) => byKind(value)));
      expect(compilable(schema, union)).toBe(true);
      expect(compilable(schema, inFragment)).toBe(true);
      expect(compilable(schema, iface)).toBe(false);
      setResolveType(schema, 'Node', syncTypeResolver((value: unknown) => byKind(value)));
      expect(compilable(schema, iface)).toBe(true);
    });
  });

  describe('arguments and variables in compiled execution', () => {
    const document = parse('query Item($id: Int!) { item(id: $id) { id name } }');

    it('answers valid variables as graphql-js does', async () => {
      const schema = itemsSchema();
      const executor = new CompiledExecution(schema);
      const compiled = await runCompiled(executor, document, { variables: { id: 1 } });
      expect(compiled).toEqual({ data: { item: { id: 1, name: 'one' } } });
      for (const variables of [{ id: 2 }, { id: 3 }]) {
        const before = compiledRuns();
        const { actual, expected } = await both(executor, schema, document, { variables });
        expect(compiledRuns()).toBe(before + 1);
        expect(plain(actual)).toEqual(plain(expected));
      }
    });

    it.each<[string, Record<string, unknown> | undefined]>([
      ['wrong type', { id: 'abc' }],
      ['a float for an Int', { id: 1.5 }],
      ['missing required', {}],
      ['null for a non-null', { id: null }],
      ['no variables at all', undefined],
    ])('answers invalid variables (%s) exactly as graphql-js does', async (_name, variables) => {
      const schema = itemsSchema();
      const executor = new CompiledExecution(schema);
      await runCompiled(executor, document, { variables: { id: 1 } });
      const before = compiledRuns();
      const { actual, expected } = await both(executor, schema, document, { variables });
      expect(expected.errors?.length).toBeGreaterThan(0);
      expect(plain(actual)).toEqual(plain(expected));
      expect(actual.errors?.map((e) => [e.message, e.locations])).toEqual(expected.errors?.map((e) => [e.message, e.locations]));
      expect(compiledRuns()).toBe(before);
    });

    it.each([
      ['an input variable without defaults, fields omitted', 'query ($p: Plain) { plain(arg: $p) }', { p: { tags: ['x'] } }],
      ['an input variable given null', 'query ($p: Plain) { plain(arg: $p) }', { p: null }],
      ['an omitted nullable variable', 'query ($p: Plain) { plain(arg: $p) }', {}],
      ['a variable default', 'query ($n: Int = 3) { plain(arg: { limit: $n }) }', {}],
      ['a list variable given a single value', 'query ($t: [String!]) { plain(arg: { tags: $t }) }', { t: 'solo' }],
      ['an argument default', '{ plainWithDefault }', {}],
      ['a literal input object whose type has a field default', '{ defaulted(arg: {}) }', {}],
      ['a literal nested input object with a field default inside', '{ outer(arg: { inner: {} }) deep(arg: { outer: { inner: { limit: 2 } } }) }', {}],
      ['a literal list of input objects with field defaults', '{ outerList(arg: { inners: [{}, { limit: 1 }] }) }', {}],
      ['an input variable whose type has a field default', 'query ($d: Defaulted) { defaulted(arg: $d) }', { d: {} }],
      ['an input variable with nested field defaults', 'query ($o: Deep) { deep(arg: $o) }', { o: { outer: { inner: {} } } }],
      ['a list variable of input objects with field defaults', 'query ($o: OuterList) { outerList(arg: $o) }', { o: { inners: [{}, { limit: 1 }] } }],
      ['a variable inside a literal, given', 'query ($n: Int) { plain(arg: { limit: $n, tags: ["a"] }) }', { n: 4 }],
    ])('passes the same arguments to resolvers as graphql-js for %s', async (_name, source, variables) => {
      const schema = inputsSchema();
      const executor = new CompiledExecution(schema);
      const doc = parse(source);
      const compiled = await runCompiled(executor, doc, { variables });
      expect(plain(compiled)).toEqual(plain(await viaGraphqlJs(schema, doc, { variables })));
    });
  });

  describe('variables of recursive input types (the filters inputs)', () => {
    // Two filter inputs leading to each other and to themselves, like ArticleFiltersInput and
    // AuthorFiltersInput: graphql-jit unrolled such types without end when it compiled variable
    // coercion, and its heap grew past 4 GB on the second sighting of the document.
    const recursiveSdl = `
      input StringFilter { eq: String in: [String] not: StringFilter and: [StringFilter] or: [StringFilter] }
      input IntFilter { eq: Int gt: Int lt: Int in: [Int] not: IntFilter and: [IntFilter] or: [IntFilter] }
      input ArticleFilters { title: StringFilter views: IntFilter author: AuthorFilters and: [ArticleFilters] or: [ArticleFilters] not: ArticleFilters }
      input AuthorFilters { name: StringFilter articles: ArticleFilters and: [AuthorFilters] or: [AuthorFilters] not: AuthorFilters }
      enum Status { DRAFT PUBLISHED }
      input Page { page: Int pageSize: Int = 10 }
      type Query { articles(filters: ArticleFilters, pagination: Page = {}, sort: [String] = [], status: Status = PUBLISHED): String }
    `;
    // Arguments as JSON with sorted keys: graphql-jit sets argument defaults before variables.
    const sorted = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(sorted) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sorted(v)])) : value;
    const canonicalEcho: GraphQLFieldResolver<unknown, unknown> = (_source, args) => JSON.stringify(sorted(args));
    const document = parse('query Articles($filters: ArticleFilters, $page: Page, $sort: [String], $status: Status) { articles(filters: $filters, pagination: $page, sort: $sort, status: $status) }');
    const values: Record<string, unknown>[] = [
      { filters: { title: { eq: 'engine' } } },
      { filters: { or: [{ title: { in: ['a', 'b'] } }, { not: { views: { gt: 3 } } }], author: { articles: { author: { name: { not: { eq: 'x' } } } } } } },
      { filters: null, page: { page: 2 }, sort: 'title', status: 'DRAFT' },
      {},
    ];

    it('compiles the issue\'s document (a filters variable, sent twice) within a bounded heap', async () => {
      const schema = schemaWith(recursiveSdl, { Query: { articles: canonicalEcho } });
      const executor = new CompiledExecution(schema);
      const filtersOnly = parse('query Articles($filters: ArticleFilters) { articles(filters: $filters) }');
      const heapBefore = process.memoryUsage().heapUsed;
      const compiled = await runCompiled(executor, filtersOnly, { variables: values[0] });
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
      expect(plain(compiled)).toEqual(plain(await viaGraphqlJs(schema, filtersOnly, { variables: values[0] })));
    });

    it('answers every variable value (filters, pagination with a field default, sort, an enum) as graphql-js does', async () => {
      const schema = schemaWith(recursiveSdl, { Query: { articles: canonicalEcho } });
      const executor = new CompiledExecution(schema);
      await runCompiled(executor, document, { variables: values[0] });
      for (const variables of values) {
        const before = compiledRuns();
        const { actual, expected } = await both(executor, schema, document, { variables });
        expect(plain(actual)).toEqual(plain(expected));
        expect(compiledRuns()).toBe(before + 1);
      }
    });

    it('answers invalid variables of a recursive type with graphql-js\'s errors', async () => {
      const schema = schemaWith(recursiveSdl, { Query: { articles: canonicalEcho } });
      const executor = new CompiledExecution(schema);
      await runCompiled(executor, document, { variables: values[0] });
      const { actual, expected } = await both(executor, schema, document, { variables: { filters: { not: { title: { eq: 5 } } } } });
      expect(expected.errors?.length).toBeGreaterThan(0);
      expect(plain(actual)).toEqual(plain(expected));
    });
  });

  describe('a variable used inside a literal', () => {
    it('runs on graphql-js when the variable is absent (graphql-jit would pass a null, graphql-js leaves the field out)', async () => {
      const schema = inputsSchema();
      const executor = new CompiledExecution(schema);
      const document = parse('query ($n: Int) { plain(arg: { limit: $n, tags: ["a"] }) }');
      await runCompiled(executor, document, { variables: { n: 4 } });
      const before = compiledRuns();
      const { actual, expected } = await both(executor, schema, document, { variables: {} });
      expect(plain(actual)).toEqual(plain(expected));
      expect(plain(actual)).toEqual({ data: { plain: JSON.stringify({ arg: { tags: ['a'] } }) } });
      expect(compiledRuns()).toBe(before);
      // Given again (null too), it runs compiled.
      for (const n of [7, null]) {
        const again = await both(executor, schema, document, { variables: { n } });
        expect(plain(again.actual)).toEqual(plain(again.expected));
      }
      expect(compiledRuns()).toBe(before + 2);
    });
  });

  describe('errors in compiled execution', () => {
    class DetailedError extends Error {
      constructor(
        message: string,
        readonly details: { code: number },
      ) {
        super(message);
        this.name = 'DetailedError';
      }
    }

    const thrown: Error[] = [];
    const lastThrown = (): Error | undefined => thrown[thrown.length - 1];

    function errorsSchema(): GraphQLSchema {
      return schemaWith(
        `
        type Item { name: String! }
        type Query {
          boom: String
          asyncBoom: String
          forbidden: String
          ok: String
          item: Item
          items: [Item!]
          required: String!
        }
      `,
        {
          Query: {
            boom: () => {
              const error = new DetailedError('boom', { code: 42 });
              thrown.push(error);
              throw error;
            },
            asyncBoom: async () => {
              const error = new DetailedError('async boom', { code: 43 });
              thrown.push(error);
              throw error;
            },
            forbidden: () => {
              throw new GraphQLError('Forbidden access', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
            },
            ok: () => 'fine',
            item: () => ({ name: null }),
            items: async () => [{ name: 'x' }, { name: null }],
            required: () => null,
          },
        },
      );
    }

    it.each([
      ['a sync resolver', 'boom', 42],
      ['an async resolver', 'asyncBoom', 43],
    ])('turns a custom error thrown by %s into a GraphQLError like graphql-js', async (_name, field, code) => {
      const schema = errorsSchema();
      const executor = new CompiledExecution(schema);
      const document = parse(`{ ok\n  ${field} }`);
      const result = await runCompiled(executor, document);
      const original = lastThrown();
      const expected = await viaGraphqlJs(schema, document);

      expect(result.data).toEqual(expected.data);
      expect(result.data).toEqual({ ok: 'fine', [field]: null });
      expect(result.errors).toHaveLength(1);
      const error = result.errors?.[0];
      const reference = expected.errors?.[0];
      expect(error).toBeInstanceOf(GraphQLError);
      expect(typeof error?.extensions).toBe('object');
      expect(error?.extensions).not.toBeNull();
      expect(error?.extensions).toEqual(reference?.extensions);
      expect(error?.message).toBe(reference?.message);
      expect(error?.path).toEqual(reference?.path);
      expect(error?.locations).toEqual(reference?.locations);
      expect(error?.locations).toEqual([{ line: 2, column: 3 }]);
      expect(error?.originalError).toBe(original);
      expect(error?.originalError).toBeInstanceOf(DetailedError);
      expect((error?.originalError as DetailedError | undefined)?.details).toEqual({ code });
      expect(plain(result)).toEqual(plain(expected));
    });

    it('keeps the extensions of a GraphQLError thrown by a resolver', async () => {
      const schema = errorsSchema();
      const executor = new CompiledExecution(schema);
      const document = parse('{ forbidden }');
      const result = await runCompiled(executor, document);
      const expected = await viaGraphqlJs(schema, document);
      expect(result.errors?.[0]).toBeInstanceOf(GraphQLError);
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN', http: { status: 403 } });
      expect(plain(result)).toEqual(plain(expected));
    });

    it.each([
      ['an object field', '{ item { name } }'],
      ['an item of a list', '{ items { name } }'],
      ['a root field (nulls out data)', '{ ok required }'],
    ])('answers a non-null violation in %s as graphql-js does', async (_name, source) => {
      const schema = errorsSchema();
      const executor = new CompiledExecution(schema);
      const document = parse(source);
      const result = await runCompiled(executor, document);
      const expected = await viaGraphqlJs(schema, document);
      expect(expected.errors?.[0]?.message).toMatch(/^Cannot return null for non-nullable field/);
      expect(result.data).toEqual(expected.data);
      expect(result.errors?.map((e) => e.message)).toEqual(expected.errors?.map((e) => e.message));
      expect(result.errors?.map((e) => e.path)).toEqual(expected.errors?.map((e) => e.path));
      expect(result.errors?.[0]).toBeInstanceOf(GraphQLError);
      expect(plain(result)).toEqual(plain(expected));
    });
  });

  describe('errors graphql-js raises itself, as error formatting sees them', () => {
    // formatGraphqlError (errors.ts) reads `unwrapResolverError(error)`: the original error of a
    // located GraphQLError. graphql-js locates a plain Error for a non-null violation or a scalar
    // whose serialize throws one, so the answer becomes a logged "Internal Server Error"; a
    // GraphQLError without originalError is instead passed through with its own message.
    function raisedSchema(): GraphQLSchema {
      const schema = schemaWith(
        `
        enum Color { RED GREEN }
        scalar Odd
        type Item { name: String! }
        type Query { item: Item items: [Item!] count: Int color: Color odd: Odd }
      `,
        {
          Query: {
            item: () => ({ name: null }),
            items: () => [{ name: 'x' }, { name: null }],
            count: () => 2 ** 40,
            color: () => 'BLUE',
            odd: () => 4,
          },
        },
      );
      const odd = schema.getType('Odd') as GraphQLScalarType;
      odd.serialize = (value: unknown) => {
        if (typeof value === 'number' && value % 2 === 1) return value;
        throw new TypeError(`not odd: ${String(value)}`);
      };
      return schema;
    }

    /** What formatGraphqlError branches on. */
    function asFormattingSeesIt(error: GraphQLError | undefined) {
      const original: unknown = error && unwrapResolverError(error);
      return { graphqlError: original instanceof GraphQLError, error: original instanceof Error, message: original instanceof Error ? original.message : original };
    }

    it.each([
      ['a non-null object field', '{ item { name } }'],
      ['a non-null list item', '{ items { name } }'],
      ['an Int out of range', '{ count }'],
      ['an invalid enum value', '{ color }'],
      ['a custom scalar whose serialize throws', '{ odd }'],
    ])('keeps the original error graphql-js gives for %s', async (_name, source) => {
      const schema = raisedSchema();
      const executor = new CompiledExecution(schema);
      const document = parse(source);
      const result = await runCompiled(executor, document);
      const expected = await viaGraphqlJs(schema, document);
      expect(expected.errors).toHaveLength(1);
      expect(plain(result)).toEqual(plain(expected));
      expect(asFormattingSeesIt(result.errors?.[0])).toEqual(asFormattingSeesIt(expected.errors?.[0]));
    });
  });

  describe('results graphql-jit could compute differently', () => {
    it('leaves an extension resolver returning a list of promises, one rejected, to graphql-js', async () => {
      // graphql-jit answers ['a', null, 'c', null] here (one null too many): generated resolvers
      // never return lists of promises, and fields resolved by anything else are not compiled.
      const names = () => ['a', Promise.reject(new Error('no b')), 'c'];
      const schema = schemaWith('type Query { names: [String] }', { Query: { names } }, true);
      const executor = new CompiledExecution(schema);
      const document = parse('{ names }');
      const expected = await viaGraphqlJs(schema, document);
      expect(expected.data).toEqual({ names: ['a', null, 'c'] });
      for (let i = 0; i < 3; i++) expect(plain(await executor.run(document, undefined, {}, undefined))).toEqual(plain(expected));
      expect(compileQuery).not.toHaveBeenCalled();
      expect(executor.isCompiled(document)).toBe(false);
    });

    it('refuses a document reaching a resolver that is not the app\'s own, wherever it is selected', () => {
      const sdl = 'type Query { item: Item  other: String } type Item { name: String  extra: String }';
      const own = schemaWith(sdl, { Query: { item: () => ({ name: 'n' }), other: () => 'o' }, Item: { extra: () => 'x' } });
      const withForeign = schemaWith(sdl, { Query: { item: () => ({ name: 'n' }) }, Item: { extra: () => 'x' } });
      const foreignField = withForeign.getQueryType()?.getFields().other;
      if (!foreignField) throw new Error('Query.other is missing');
      foreignField.resolve = () => 'o';
      const check = (schema: GraphQLSchema, source: string) => {
        const document = parse(source);
        return new CompiledExecution(schema).compilable(document, operationOf(document));
      };
      expect(check(own, '{ item { name extra } other }')).toBe(true);
      expect(check(withForeign, '{ item { name extra } }')).toBe(true);
      expect(check(withForeign, '{ other }')).toBe(false);
      expect(check(withForeign, '{ item { name } ...F } fragment F on Query { other }')).toBe(false);
      expect(check(withForeign, '{ item { __typename } }')).toBe(true);
    });

    it('answers a resolver throwing a non-Error value as graphql-js does', async () => {
      const schema = schemaWith('type Query { odd: String }', {
        Query: {
          odd: () => {
            throw 'a plain string';
          },
        },
      });
      const executor = new CompiledExecution(schema);
      const document = parse('{ odd }');
      const expected = await viaGraphqlJs(schema, document);
      expect(expected.errors?.[0]?.message).toBe('Unexpected error value: "a plain string"');
      const result = await runCompiled(executor, document);
      expect(plain(result)).toEqual(plain(expected));
    });
  });

  describe('abstract types', () => {
    it('compiles a union and an interface with marked sync resolveTypes and answers as graphql-js, __typename included', async () => {
      const schema = inputsSchema();
      setResolveType(schema, 'Result', syncTypeResolver((value: unknown) => byKind(value)));
      setResolveType(schema, 'Node', syncTypeResolver((value: unknown) => byKind(value)));
      const executor = new CompiledExecution(schema);
      const document = parse(`{
        results { __typename ... on A { a } ... on B { b } }
        nodes { __typename id ... on N1 { one } ...Two }
      }
      fragment Two on N2 { two }`);
      const expected = await viaGraphqlJs(schema, document);
      expect(expected).toEqual({
        data: {
          results: [{ __typename: 'A', a: 'x' }, { __typename: 'B', b: 'y' }],
          nodes: [{ __typename: 'N1', id: '1', one: 'first' }, { __typename: 'N2', id: '2', two: 'second' }],
        },
      });
      const result = await runCompiled(executor, document);
      expect(plain(result)).toEqual(plain(expected));
      expect(plain(await viaExecutor(executor, document))).toEqual(plain(expected));
    });

    it('keeps an async resolveType on graphql-js, with the right answer', async () => {
      const schema = inputsSchema();
      setResolveType(schema, 'Result', async (value) => byKind(value));
      const executor = new CompiledExecution(schema);
      const document = parse('{ results { __typename ... on A { a } ... on B { b } } }');
      for (let i = 0; i < 3; i++) {
        const { actual, expected } = await both(executor, schema, document);
        expect(plain(actual)).toEqual(plain(expected));
      }
      expect(compileQuery).not.toHaveBeenCalled();
    });
  });

  describe('operation names', () => {
    it('compiles each operation of a document under its own name and answers each correctly', async () => {
      const schema = itemsSchema();
      const executor = new CompiledExecution(schema);
      const document = parse(`
        query Hello { hello }
        query Items { items { id } }
      `);
      const hello = await runCompiled(executor, document, { operationName: 'Hello' });
      expect(hello).toEqual({ data: { hello: 'world' } });
      expect(executor.isCompiled(document, 'Hello')).toBe(true);
      expect(executor.isCompiled(document, 'Items')).toBe(false);
      expect(executor.isCompiled(document)).toBe(false);

      const items = await runCompiled(executor, document, { operationName: 'Items' });
      expect(items).toEqual({ data: { items: [{ id: 1 }, { id: 2 }] } });
      expect(compileQuery.mock.calls.map((call) => call[2])).toEqual(['Hello', 'Items']);

      for (const operationName of ['Hello', 'Items', 'Hello']) {
        const { actual, expected } = await both(executor, schema, document, { operationName });
        expect(plain(actual)).toEqual(plain(expected));
      }
      expect(compileQuery).toHaveBeenCalledTimes(2);
    });

    it('answers a missing or unknown operation name as graphql-js does', async () => {
      const schema = itemsSchema();
      const executor = new CompiledExecution(schema);
      const document = parse('query Hello { hello } query Items { items { id } }');
      for (const operationName of [undefined, 'Nope', undefined, 'Nope']) {
        const { actual, expected } = await both(executor, schema, document, { operationName });
        expect(expected.errors?.length).toBe(1);
        expect(plain(actual)).toEqual(plain(expected));
      }
      expect(compileQuery).not.toHaveBeenCalled();
    });
  });

  describe('asGateway', () => {
    it('hands the schema to Apollo synchronously and executes requests through run', async () => {
      const schema = itemsSchema();
      const executor = new CompiledExecution(schema);
      const gateway = executor.asGateway();

      const seen: GraphQLSchema[] = [];
      const unsubscribe = gateway.onSchemaLoadOrUpdate(({ apiSchema }) => seen.push(apiSchema));
      expect(seen).toEqual([schema]);
      expect(seen[0]).toBe(schema);
      expect(typeof unsubscribe).toBe('function');

      const { executor: execute } = await gateway.load({ apollo: {} });
      if (!execute) throw new Error('the gateway has no executor');
      expect(typeof execute).toBe('function');

      const document = parse('query Who($id: Int!) { whoami item(id: $id) { name } }');
      const request = (variables: Record<string, unknown>) =>
        ({ document, operationName: null, context: { user: 'ada' }, request: { variables } }) as unknown as Parameters<GatewayExecutor>[0];

      const expected = { data: { whoami: 'ada', item: { name: 'one' } } };
      expect(await execute(request({ id: 1 }))).toEqual(expected);
      expect(compileQuery).not.toHaveBeenCalled();
      expect(await execute(request({ id: 1 }))).toEqual(expected);
      expect(compileQuery).toHaveBeenCalledTimes(1);
      expect(compiledRuns()).toBe(1);

      const invalid = await execute(request({ id: 'x' }));
      expect(plain(invalid)).toEqual(plain(await viaGraphqlJs(schema, document, { variables: { id: 'x' }, context: { user: 'ada' } })));
      expect(compiledRuns()).toBe(1);

      await expect(gateway.stop()).resolves.toBeUndefined();
    });
  });

  describe('answeringPlugin (compiled queries answered before the executor hook)', () => {
    const sdl = `
      type Item { id: Int! name: String! }
      type Query { item(id: Int!): Item whoami: String broken: String }
      type Mutation { touch: Int }
    `;
    function server(touches: { count: number }) {
      const schema = schemaWith(sdl, {
        Query: {
          item: (_source, args) => ITEMS.find((item) => item.id === (args as { id: number }).id) ?? null,
          whoami: (_source, _args, context) => (context as { user: string }).user,
          broken: () => {
            throw new Error('no luck');
          },
        },
        Mutation: { touch: () => ++touches.count },
      });
      const execution = new CompiledExecution(schema);
      const gateway = execution.asGateway();
      const hook = jest.fn<ReturnType<GatewayExecutor>, Parameters<GatewayExecutor>>();
      const load = gateway.load.bind(gateway);
      gateway.load = async (options) => {
        const loaded = await load(options);
        const inner = loaded.executor;
        if (!inner) throw new Error('the gateway has no executor');
        hook.mockImplementation((request) => inner(request));
        return { ...loaded, executor: hook };
      };
      const formatted: string[] = [];
      const apollo = new ApolloServer<{ user: string }>({
        gateway,
        // As server.ts does: cache-control hints would wrap every resolver (so nothing compiles).
        plugins: [ApolloServerPluginCacheControlDisabled(), execution.answeringPlugin()],
        formatError: (error) => {
          formatted.push(error.message);
          return { ...error, message: `formatted: ${error.message}` };
        },
      });
      return { apollo, hook, formatted, execution };
    }
    const body = (response: GraphQLResponse) => {
      if (response.body.kind !== 'single') throw new Error('not a single result');
      return JSON.parse(JSON.stringify(response.body.singleResult)) as unknown;
    };

    it('answers a compiled query itself; the first sighting and graphql-js runs go through the hook', async () => {
      const { apollo, hook } = server({ count: 0 });
      await apollo.start();
      const query = 'query Who($id: Int!) { whoami item(id: $id) { name } }';
      const run = (id: unknown) => apollo.executeOperation({ query, variables: { id } }, { contextValue: { user: 'ada' } });
      const expected = { data: { whoami: 'ada', item: { name: 'one' } } };

      expect(body(await run(1))).toEqual(expected);
      expect(hook).toHaveBeenCalledTimes(1);
      expect(compileQuery).not.toHaveBeenCalled();

      const compiled = await run(1);
      expect(body(compiled)).toEqual(expected);
      expect(compiled.http.status).toBeUndefined();
      expect(compileQuery).toHaveBeenCalledTimes(1);
      expect(compiledRuns()).toBe(1);
      expect(hook).toHaveBeenCalledTimes(1);

      // Invalid variables: graphql-js judges them (through the hook), with Apollo's 400.
      const invalid = await run('x');
      expect(invalid.http.status).toBe(400);
      expect(body(invalid)).toMatchObject({ errors: [{ message: expect.stringContaining('formatted: Variable "$id" got invalid value "x"') }] });
      expect(hook).toHaveBeenCalledTimes(2);
      expect(compiledRuns()).toBe(1);
      await apollo.stop();
    });

    it('hands a compiled run with errors to the hook unchanged, so Apollo formats its errors', async () => {
      const { apollo, hook, formatted } = server({ count: 0 });
      await apollo.start();
      const query = '{ whoami broken }';
      const run = () => apollo.executeOperation({ query }, { contextValue: { user: 'ada' } });
      const first = body(await run());
      formatted.length = 0;
      const second = body(await run());
      expect(compiledRuns()).toBe(1);
      expect(hook).toHaveBeenCalledTimes(2);
      expect(second).toEqual(first);
      expect(formatted).toEqual(['no luck']);
      // The first run was graphql-js's through the hook: the compiled one is answered the same.
      expect(second).toEqual({ data: { whoami: 'ada', broken: null }, errors: [{ message: 'formatted: no luck', locations: [{ line: 1, column: 10 }], path: ['broken'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
      await apollo.stop();
    });

    it('answers an operation name the document lacks with graphql-js\'s error, also for a document of one operation', async () => {
      const { apollo, hook } = server({ count: 0 });
      await apollo.start();
      const run = (operationName?: string) => apollo.executeOperation({ query: 'query Mine { whoami }', operationName }, { contextValue: { user: 'ada' } });
      for (let i = 0; i < 3; i++) {
        const unknown = await run('Other');
        expect(unknown.http.status).toBe(400);
        expect(body(unknown)).toEqual({ errors: [{ message: 'formatted: Unknown operation named "Other".', extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } }] });
      }
      expect(hook).toHaveBeenCalledTimes(3);
      // Without a name, and under its own, the document's operation runs (and compiles).
      for (let i = 0; i < 3; i++) {
        expect(body(await run())).toEqual({ data: { whoami: 'ada' } });
        expect(body(await run('Mine'))).toEqual({ data: { whoami: 'ada' } });
      }
      // Sightings count per document: only the first of these six runs on graphql-js.
      expect(compiledRuns()).toBe(5);
      await apollo.stop();
    });

    it('remembers the texts it answered compiled without errors, by the request\'s operation name (fast-path.ts)', async () => {
      const { apollo, execution } = server({ count: 0 });
      await apollo.start();
      const run = (query: string, operationName?: string, variables?: Record<string, unknown>) => apollo.executeOperation({ query, operationName, variables }, { contextValue: { user: 'ada' } });
      const two = 'query A { whoami } query B($id: Int!) { item(id: $id) { name } }';
      await run(two, 'A');
      expect(execution.knownQuery(two, 'A')).toBeUndefined();
      await run(two, 'A');
      expect(execution.knownQuery(two, 'A')?.operation.name?.value).toBe('A');
      expect(execution.knownQuery(two, 'B')).toBeUndefined();
      expect(execution.knownQuery(two, undefined)).toBeUndefined();
      await run(two, 'B', { id: 1 });
      expect(execution.knownQuery(two, 'B')?.operation.name?.value).toBe('B');
      const known = execution.knownQuery(two, 'B');
      if (!known) throw new Error('B is not known');
      // The remembered operation runs as Apollo ran it, with each run's own variables.
      expect(await execution.runCompiled(known, { user: 'ada' }, { id: 2 })).toEqual({ data: { item: { name: 'two' } } });
      // graphql-js judges the variables: invalid ones are left to it (undefined: not run compiled).
      expect(execution.runCompiled(known, { user: 'ada' }, { id: 'x' })).toBeUndefined();
      // Errors, mutations and texts seen once are not remembered.
      for (const query of ['{ whoami broken }', 'mutation { touch }', '{ item(id: 1) { id } }']) {
        await run(query);
        if (query !== '{ item(id: 1) { id } }') await run(query);
        expect(execution.knownQuery(query, undefined)).toBeUndefined();
      }
      await apollo.stop();
    });

    it('forgets the oldest text beyond MAX_KNOWN_QUERIES, and keeps no text longer than MAX_KNOWN_QUERY_LENGTH', async () => {
      const { apollo, execution } = server({ count: 0 });
      await apollo.start();
      const text = (i: number) => `{ whoami alias${i}: whoami }`;
      for (let i = 0; i <= MAX_KNOWN_QUERIES; i++) {
        await apollo.executeOperation({ query: text(i) }, { contextValue: { user: 'ada' } });
        await apollo.executeOperation({ query: text(i) }, { contextValue: { user: 'ada' } });
      }
      expect(execution.knownQuery(text(0), undefined)).toBeUndefined();
      expect(execution.knownQuery(text(1), undefined)).toBeDefined();
      expect(execution.knownQuery(text(MAX_KNOWN_QUERIES), undefined)).toBeDefined();
      const long = `{ whoami }${' '.repeat(MAX_KNOWN_QUERY_LENGTH)}`;
      for (let i = 0; i < 3; i++) expect(body(await apollo.executeOperation({ query: long }, { contextValue: { user: 'ada' } }))).toEqual({ data: { whoami: 'ada' } });
      expect(execution.knownQuery(long, undefined)).toBeUndefined();
      await apollo.stop();
    });

    it('leaves mutations to the hook, once each', async () => {
      const touches = { count: 0 };
      const { apollo, hook } = server(touches);
      await apollo.start();
      for (let i = 1; i <= 3; i++) expect(body(await apollo.executeOperation({ query: 'mutation { touch }' }, { contextValue: { user: 'ada' } }))).toEqual({ data: { touch: i } });
      expect(touches.count).toBe(3);
      expect(hook).toHaveBeenCalledTimes(3);
      expect(compileQuery).not.toHaveBeenCalled();
      await apollo.stop();
    });
  });
});
