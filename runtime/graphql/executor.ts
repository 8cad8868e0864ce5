// Compiled execution. graphql-js interprets a document afresh on every request: for each of the
// hundreds of fields in a list answer it re-reads the field definition, coerces (empty) arguments
// and checks the return type. graphql-jit compiles a document once into a function that does only
// the work that document needs (measured: the 25-article list with author and categories goes
// from 67% to 83% of the REST equivalent's throughput). Apollo still parses, validates (depth and
// complexity limits included), runs its plugins and formats errors; only the execution step is
// swapped, through Apollo's executor hook (the `gateway` interface: the server handing execution
// of an already validated document to someone else).
//
// Only what graphql-jit executes exactly as graphql-js does is compiled, and only when repeated:
//  - queries (mutations run once each, in order; there is nothing to gain and more to get wrong);
//  - the second time a document is seen: Apollo's document cache hands out one parsed document per
//    query text, so a document seen twice is a query clients repeat, while one-off queries never
//    pay for a compilation;
//  - no introspection (`__schema`, `__type`: the sandbox, tooling);
//  - variables are coerced by graphql-js, never by graphql-jit (precoerced-variables.ts: its
//    generated coercion unrolled the recursive filter input types without end); graphql-js's
//    errors stay the answer, and a run where a variable used inside a literal is absent (graphql-jit
//    would pass a null where graphql-js leaves the field out) goes to graphql-js;
//  - at most MAX_COMPILED_FIELDS fields with fragments expanded (compiled-size.ts), so the
//    generated code is bounded whatever the document;
//  - no union or interface whose resolveType is not known to answer synchronously (graphql-jit
//    cannot wait for one; TypeGraphQL's are async, so the zone unions get sync ones installed);
//  - no field whose resolver is not one of the generated app's own (schema.ts marks them): an
//    extension's resolver may return what graphql-jit answers differently (a list of promises of
//    which one rejects gains an extra null item), and such fields are not the hot path anyway.
import { HeaderMap, type ApolloServerPlugin, type BaseContext, type GraphQLRequestListener, type GraphQLResponse } from '@apollo/server';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import {
  BREAK,
  execute,
  getNamedType,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  isAbstractType,
  isInputType,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { inspect } from 'graphql/jsutils/inspect';
import type { CompiledQuery } from 'graphql-jit';
import { lazyModule } from '@cms-gen/core/lazy-module';
import { compilesWithinBound } from './compiled-size';
import { schemaForCompilation, variablesInsideLiterals, withPrecoercedVariables } from './precoerced-variables';

/** graphql-jit (with fast-json-stringify and ajv), loaded when the first document is compiled. */
const jit = lazyModule(() => require('graphql-jit') as typeof import('graphql-jit'));

/** Sightings of a document before it is compiled. */
export const COMPILE_ON_SIGHTING = 2;

/** resolveType functions known to answer synchronously. */
const syncTypeResolvers = new WeakSet<object>();

/** Field resolvers of the generated app (generated classes and the runtime's direct resolvers). */
const knownResolvers = new WeakSet<object>();

/** Marks a field resolver as the app's own, so documents selecting its field may compile. */
export function knownResolver<T extends object>(resolve: T): T {
  knownResolvers.add(resolve);
  return resolve;
}

/** Marks a union's or interface's resolveType as synchronous, so documents selecting it may compile. */
export function syncTypeResolver<T extends object>(resolveType: T): T {
  syncTypeResolvers.add(resolveType);
  return resolveType;
}

/** Query texts the fast path remembers (fast-path.ts); the oldest is forgotten beyond. */
export const MAX_KNOWN_QUERIES = 256;
/** Longer query texts are not remembered (they still run compiled through Apollo). */
export const MAX_KNOWN_QUERY_LENGTH = 16_384;

/** A compiled operation. */
export interface Compiled {
  query: CompiledQuery;
  /** The document Apollo parsed and validated. */
  document: DocumentNode;
  /** The operation as served (its variable definitions are what graphql-js coerces against). */
  operation: OperationDefinitionNode;
  /** Variables used inside literals: when one is absent, the run goes to graphql-js. */
  nestedVariables: readonly string[];
}

/**
 * graphql-jit's errors imitate GraphQLError but differ in what error formatting reads: they may
 * lack `extensions`; its own execution errors (a null in a non-null field, a scalar whose
 * serialize throws) carry no original error where graphql-js keeps the raised Error, which is what
 * makes formatError log them and answer "Internal Server Error"; and a thrown non-Error value keeps
 * its own text where graphql-js says `Unexpected error value: …`. Each becomes the GraphQLError
 * graphql-js would have raised: same message, path, locations and original error.
 */
const BUILTIN_SERIALIZE_FAILURE = /^(?:(?:Int|Float|String|Boolean|ID) cannot represent |Enum "[^"]+" cannot represent )/;

function asGraphqlError(error: GraphQLError): GraphQLError {
  const raised: unknown = error.originalError;
  let message = error.message;
  let originalError: Error | undefined;
  if (raised instanceof Error) originalError = raised;
  else if (raised !== undefined && raised !== null) {
    message = `Unexpected error value: ${inspect(raised)}`;
    originalError = new Error(message);
  } else if (error.path) {
    // graphql-js raises the built-in scalars' and enums' serialization failures as GraphQLErrors
    // (their text reaches the client) and everything else as plain Errors (logged, hidden).
    originalError = BUILTIN_SERIALIZE_FAILURE.test(message) ? new GraphQLError(message) : new Error(message);
  }
  const normalized = new GraphQLError(message, { path: error.path, originalError, extensions: error.extensions });
  // Locations come from the document's nodes, which the compiled error no longer carries.
  Object.defineProperty(normalized, 'locations', { value: error.locations, enumerable: error.locations !== undefined, writable: true });
  return normalized;
}

function normalized(result: ExecutionResult): ExecutionResult {
  return result.errors ? { ...result, errors: result.errors.map(asGraphqlError) } : result;
}

export class CompiledExecution {
  /** Per document and operation name: its compiled form, or false when it runs on graphql-js. */
  private readonly compiled = new WeakMap<DocumentNode, Map<string, Compiled | false>>();
  private readonly sightings = new WeakMap<DocumentNode, number>();
  /** The served schema plus the pass-through scalar the rewritten variable declarations use. */
  private compileSchema: GraphQLSchema | undefined;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly compileOnSighting = COMPILE_ON_SIGHTING,
  ) {}

  /** Whether graphql-jit runs `operation` of `document` as graphql-js would (see the header). */
  compilable(document: DocumentNode, operation: OperationDefinitionNode): boolean {
    if (operation.operation !== 'query') return false;
    for (const definition of operation.variableDefinitions ?? []) {
      const type = typeFromAST(this.schema, definition.type);
      if (!type || !isInputType(type)) return false;
    }
    if (!compilesWithinBound(this.schema, document, operation)) return false;
    let ok = true;
    const typeInfo = new TypeInfo(this.schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Field: (node) => {
          const type = typeInfo.getType();
          const named = type ? getNamedType(type) : undefined;
          const introspection = node.name.value === '__schema' || node.name.value === '__type';
          const resolve = node.name.value === '__typename' ? undefined : typeInfo.getFieldDef()?.resolve;
          const foreign = resolve !== undefined && !knownResolvers.has(resolve);
          if (introspection || foreign || (named && isAbstractType(named) && !(named.resolveType && syncTypeResolvers.has(named.resolveType)))) {
            ok = false;
            return BREAK;
          }
          return undefined;
        },
      }),
    );
    return ok;
  }

  /** The compiled form of `document`'s operation, once it is worth compiling. */
  private compiledFor(document: DocumentNode, operationName: string | undefined): Compiled | undefined {
    const key = operationName ?? '';
    let byName = this.compiled.get(document);
    const known = byName?.get(key);
    if (known !== undefined) return known || undefined;
    const seen = (this.sightings.get(document) ?? 0) + 1;
    this.sightings.set(document, seen);
    if (seen < this.compileOnSighting) return undefined;
    const operation = getOperationAST(document, operationName);
    let entry: Compiled | false = false;
    if (operation && this.compilable(document, operation)) {
      this.compileSchema ??= schemaForCompilation(this.schema);
      const { compileQuery, isCompiledQuery } = jit();
      const query = compileQuery(this.compileSchema, withPrecoercedVariables(document, operation), operationName, { disablingCapturingStackErrors: true });
      if (isCompiledQuery(query)) entry = { query, document, operation, nestedVariables: [...variablesInsideLiterals(document, operation)] };
    }
    if (!byName) this.compiled.set(document, (byName = new Map()));
    byName.set(key, entry);
    return entry || undefined;
  }

  /** Whether the next run of this document will be compiled (tests). */
  isCompiled(document: DocumentNode, operationName?: string): boolean {
    return Boolean(this.compiled.get(document)?.get(operationName ?? ''));
  }

  /** The compiled run of `compiled`, or undefined when its variables send this run to graphql-js. */
  runCompiled(compiled: Compiled, contextValue: unknown, variables: Record<string, unknown> | undefined): Promise<ExecutionResult> | ExecutionResult | undefined {
    const definitions = compiled.operation.variableDefinitions ?? [];
    // graphql-js coerces and judges the variables: its errors (and Apollo's 400) stay the answer.
    const coerced = definitions.length === 0 ? {} : getVariableValues(this.schema, definitions, variables ?? {}).coerced;
    if (!coerced || !compiled.nestedVariables.every((name) => Object.prototype.hasOwnProperty.call(coerced, name))) return undefined;
    const result = compiled.query.query(undefined, contextValue, coerced);
    return result instanceof Promise ? result.then(normalized) : normalized(result);
  }

  private runPlain(document: DocumentNode, operationName: string | undefined, contextValue: unknown, variables: Record<string, unknown> | undefined): Promise<ExecutionResult> | ExecutionResult {
    return execute({ schema: this.schema, document, operationName, contextValue, variableValues: variables });
  }

  run(document: DocumentNode, operationName: string | undefined, contextValue: unknown, variables: Record<string, unknown> | undefined): Promise<ExecutionResult> | ExecutionResult {
    const compiled = this.compiledFor(document, operationName);
    const result = compiled && this.runCompiled(compiled, contextValue, variables);
    if (!result) return this.runPlain(document, operationName, contextValue, variables);
    // Errors are graphql-js's to report: where a null in a non-null field bubbles up, graphql-jit
    // goes on running (and reporting) sibling fields graphql-js never starts (several relations a
    // caller may not read, test/e2e/graphql-prefetch.test.ts). A query has no side effects, so a
    // run with errors is answered by graphql-js, and the same query answers the same every time.
    const settled = (done: ExecutionResult) => (done.errors ? this.runPlain(document, operationName, contextValue, variables) : done);
    return result instanceof Promise ? result.then(settled) : settled(result);
  }

  /**
   * Query texts Apollo has answered compiled, without errors, through `answeringPlugin`: by text,
   * then by the request's operation name ('' without one). Apollo resolved, parsed and validated
   * each text into the entry's document (its document cache hands out one per text), so the same
   * text and operation name always come to the same compiled operation: the fast path
   * (fast-path.ts) answers them without Apollo. Bounded: the oldest text is forgotten beyond
   * MAX_KNOWN_QUERIES, and long texts are not kept.
   */
  private readonly known = new Map<string, Map<string, Compiled>>();

  private remember(text: string, operationName: string | undefined, compiled: Compiled): void {
    if (text.length > MAX_KNOWN_QUERY_LENGTH) return;
    let byName = this.known.get(text);
    if (!byName) {
      if (this.known.size >= MAX_KNOWN_QUERIES) this.known.delete(this.known.keys().next().value as string);
      this.known.set(text, (byName = new Map()));
    }
    byName.set(operationName ?? '', compiled);
  }

  /** The compiled operation Apollo answered this query text and operation name with, if any. */
  knownQuery(text: string, operationName: string | undefined): Compiled | undefined {
    return this.known.get(text)?.get(operationName ?? '');
  }

  /**
   * The requests (by context value) `answeringPlugin` left to the executor hook for graphql-js:
   * the document is not compiled (so its sighting is not counted twice), or its compiled run had
   * errors, which graphql-js reports (see run).
   */
  private readonly handedOver = new WeakSet<object>();

  /**
   * The compiled execution as an Apollo plugin that answers `responseForOperation`, so that the
   * executor hook (which Apollo must still be given: it is what runs everything else) is not
   * reached on the hot path. Apollo builds the hook's request context in a function whose object
   * literal has a getter and a setter closing over the whole request context; V8 keeps such
   * accessor pairs where a scavenge treats them as roots, so every request's objects (its result,
   * the rows, the Express request) stayed alive until the next full collection (docs/benchmarks.md).
   * Only a compiled run without errors is answered here; one with errors is handed to the hook,
   * which runs it on graphql-js, so Apollo formats graphql-js's errors (formatError,
   * didEncounterErrors, status codes) exactly as for a query never compiled. Skipping the hook also skips other plugins'
   * `executionDidStart`: server.ts installs this only when no other plugin is configured.
   */
  answeringPlugin(): ApolloServerPlugin<BaseContext> {
    const listener: GraphQLRequestListener<BaseContext> = {
      responseForOperation: async (requestContext) => {
        const { document, contextValue } = requestContext;
        if (typeof contextValue !== 'object' || contextValue === null) return null;
        // No operation of that name (or several and none named): graphql-js answers the error.
        // Operations are looked up by the name the request gave, as graphql-js does (Apollo's
        // resolved `operationName` is null then, and a document with one operation would run it).
        const operationName = requestContext.request.operationName;
        const compiled = requestContext.operation ? this.compiledFor(document, operationName) : undefined;
        const pending = compiled && this.runCompiled(compiled, contextValue, requestContext.request.variables);
        if (!pending) {
          this.handedOver.add(contextValue);
          return null;
        }
        const result = await pending;
        if (result.errors) {
          // Errors are graphql-js's to report (see run): it answers this request again.
          this.handedOver.add(contextValue);
          return null;
        }
        if (requestContext.source !== undefined) this.remember(requestContext.source, operationName, compiled);
        const response: GraphQLResponse = { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: result } };
        return response;
      },
    };
    return { requestDidStart: async () => listener };
  }

  /** Apollo's executor hook serving `schema` with this execution. */
  asGateway(): GatewayInterface {
    const executor: GatewayExecutor = async (request) => {
      const { document, context } = request;
      // The request's own operation name, as Apollo hands graphql-js (`request.operationName` is
      // the resolved one: null for a name the document lacks, where graphql-js must answer the error).
      const operationName = request.request.operationName ?? undefined;
      if (typeof context !== 'object' || context === null || !this.handedOver.delete(context)) return this.run(document, operationName, context, request.request.variables);
      return this.runPlain(document, operationName, context, request.request.variables);
    };
    return {
      load: async () => ({ executor }),
      onSchemaLoadOrUpdate: (callback) => {
        callback({ apiSchema: this.schema, coreSupergraphSdl: '' });
        return () => undefined;
      },
      stop: async () => undefined,
    };
  }
}
