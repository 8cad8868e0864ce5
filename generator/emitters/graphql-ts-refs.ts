// TypeScript spellings of GraphQL references inside one generated module: type functions, the
// `nullable` option, property and parameter types, and the imports they need.
import { BUILTIN_SCALARS, type ArgDef, type DefaultValue, type NamedDef, type TypeRef } from './graphql-ir';

/**
 * Identifiers module code uses itself, or that the runtime's namespace (`rt`) exports with another
 * meaning (`Pagination`, the Document Service's parameter); a type with one of these names gets a
 * `Gql` suffix.
 */
const RESERVED = new Set(['Pagination', 'Array', 'BigInt', 'Boolean', 'Buffer', 'Date', 'Error', 'Function', 'JSON', 'Map', 'Math', 'Number', 'Object', 'Promise', 'Proxy', 'Record', 'Reflect', 'RegExp', 'Set', 'String', 'Symbol', 'tg', 'rt', 'graphql']);

export const tsName = (graphqlName: string): string => (RESERVED.has(graphqlName) ? `${graphqlName}Gql` : graphqlName);

const BUILTIN_TYPE_FN: Record<string, string> = { String: 'GraphQLString', Int: 'GraphQLInt', Float: 'GraphQLFloat', Boolean: 'GraphQLBoolean', ID: 'GraphQLID' };
const BUILTIN_TS: Record<string, string> = { String: 'string', Int: 'number', Float: 'number', Boolean: 'boolean', ID: 'string' };

/** The `where` of a type the runtime's GraphQL package defines (graphql-common.ts): spelled `rt.<Name>`, or `rt.<runtime>`. */
export const RUNTIME_HOME = '@runtime';

export interface ModuleState {
  module: string;
  defs: Map<string, NamedDef>;
  /** name → module of every definition (for imports). */
  where: Map<string, string>;
  /** Names used from other modules. */
  imports: Map<string, Set<string>>;
  /** Classes of this module declared so far (later ones cannot appear in decorator metadata). */
  declared: Set<string>;
  graphqlImports: Set<string>;
}

export function use(state: ModuleState, name: string): string {
  if (BUILTIN_SCALARS.has(name)) {
    state.graphqlImports.add(BUILTIN_TYPE_FN[name]);
    return BUILTIN_TYPE_FN[name];
  }
  const def = state.defs.get(name);
  if (def?.runtime) return `rt.${def.runtime}`;
  const home = state.where.get(name);
  if (home === undefined) throw new Error(`GraphQL type ${name} is not defined`);
  if (home === RUNTIME_HOME) return `rt.${tsName(name)}`;
  if (home !== state.module) {
    const names = state.imports.get(home) ?? new Set<string>();
    names.add(tsName(name));
    state.imports.set(home, names);
  }
  return tsName(name);
}

export function typeFn(state: ModuleState, ref: TypeRef): string {
  const name = use(state, ref.name);
  return ref.list ? `() => [${name}]` : `() => ${name}`;
}

/** TypeGraphQL's nullable option for a reference (undefined when everything is non-null). */
export function nullable(ref: TypeRef): string | undefined {
  if (!ref.list) return ref.nonNull ? undefined : 'true';
  if (ref.nonNull) return ref.itemNonNull ? undefined : "'items'";
  return ref.itemNonNull ? 'true' : "'itemsAndList'";
}

/** The TypeScript type of a value of `ref` (without the outer nullability). */
export function tsType(state: ModuleState, ref: TypeRef, inClassOf?: string): string {
  let base: string;
  const def = state.where.has(ref.name) ? state.defs.get(ref.name) : undefined;
  if (BUILTIN_SCALARS.has(ref.name)) base = BUILTIN_TS[ref.name];
  else if (!def) base = 'unknown';
  else if (def.kind === 'scalar') base = def.zone ? 'Record<string, unknown>' : ref.name === 'JSON' ? 'unknown' : 'string';
  else if (def.kind === 'union') base = 'unknown';
  else if (state.where.get(ref.name) === state.module && !state.declared.has(ref.name) && ref.name !== inClassOf && def.kind !== 'enum') base = 'unknown';
  else base = state.where.get(ref.name) === RUNTIME_HOME ? `rt.${def.runtime ?? tsName(ref.name)}` : tsName(ref.name);
  if (!ref.list) return base;
  return ref.itemNonNull ? `${base}[]` : `(${base} | null)[]`;
}

export function options(parts: Array<[string, string | undefined]>): string {
  const kept = parts.filter((p): p is [string, string] => p[1] !== undefined);
  return kept.length > 0 ? `, { ${kept.map(([k, v]) => `${k}: ${v}`).join(', ')} }` : '';
}

export function defaultTs(state: ModuleState, value: DefaultValue, ref: TypeRef): string {
  if (value.kind === 'emptyObject') return '{}';
  if (value.kind === 'emptyList') return '[]';
  if (value.kind === 'string') return quote(value.value);
  return `${use(state, ref.name)}.${value.member}`;
}

export function argParam(state: ModuleState, arg: ArgDef): string {
  const opts = options([
    ['nullable', nullable(arg.type)],
    ['defaultValue', arg.default ? defaultTs(state, arg.default, arg.type) : undefined],
  ]);
  const ts = `${tsType(state, arg.type)}${arg.type.nonNull ? '' : ' | null | undefined'}`;
  return `@tg.Arg('${arg.name}', ${typeFn(state, arg.type)}${opts}) ${arg.name}: ${ts}`;
}

export const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
