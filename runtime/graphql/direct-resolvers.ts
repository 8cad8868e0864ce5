// Generated field resolvers (relations, media, components, zones) run once per parent: a list of
// 100 articles with 3 such fields calls them 300 times. Their TypeGraphQL classes define the
// schema, and each also carries its runtime call as a field extension (`cms`); this installs that
// call as the field's resolver directly, skipping TypeGraphQL's per-call container lookup and
// argument-class conversion (measured: about 14% more list requests per second).
import { GraphQLObjectType, GraphQLUnionType, isIntrospectionType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { Document } from '@cms-gen/core/engine/types';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import { morphMemberType, zoneMemberType, type GraphqlContext } from './context';
import { knownResolver, syncTypeResolver } from './executor';
import { componentName, dynamicZoneName, GENERIC_MORPH, typeName } from './naming';
import type { FieldArgs } from './fields';

/** What a generated field resolver calls: `ctx.cms[method](root, owner, attribute, args)`. */
export interface DirectFieldCall {
  method: 'field' | 'fieldConnection' | 'v4Related' | 'v4RelatedList';
  owner: string;
  attribute: string;
}

const METHODS = new Set<string>(['field', 'fieldConnection', 'v4Related', 'v4RelatedList']);

function isDirectCall(value: unknown): value is DirectFieldCall {
  if (typeof value !== 'object' || value === null) return false;
  const call = value as Record<string, unknown>;
  return typeof call.method === 'string' && METHODS.has(call.method) && typeof call.owner === 'string' && typeof call.attribute === 'string';
}

function resolverOf(call: DirectFieldCall): GraphQLFieldResolver<Document, GraphqlContext, FieldArgs> {
  const { owner, attribute } = call;
  switch (call.method) {
    case 'field':
      return (root, args, ctx) => ctx.cms.fieldValue(root, owner, attribute, args);
    case 'fieldConnection':
      return (root, args, ctx) => ctx.cms.fieldConnectionValue(root, owner, attribute, args);
    case 'v4Related':
      return (root, _args, ctx) => ctx.cms.v4Related(root, owner, attribute);
    case 'v4RelatedList':
      return (root, args, ctx) => ctx.cms.v4RelatedList(root, owner, attribute, args);
  }
}

export function installDirectFieldResolvers(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || isIntrospectionType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const call = field.extensions?.cms;
      if (isDirectCall(call)) field.resolve = knownResolver(resolverOf(call) as NonNullable<typeof field.resolve>);
    }
  }
}

/**
 * Dynamic-zone unions resolve their member from the entry's `__component`, GenericMorph from `__type`. TypeGraphQL wraps every
 * union's resolveType in an async function; the same answer given synchronously is what lets
 * compiled execution (executor.ts) serve queries that select a zone.
 */
export function installZoneTypeResolvers(schema: GraphQLSchema, meta: SchemaMeta): void {
  for (const ct of Object.values(meta.contentTypes)) {
    for (const [name, attribute] of Object.entries(ct.attributes)) {
      if (attribute.kind !== 'dynamiczone') continue;
      const union = schema.getType(dynamicZoneName(typeName(ct), name));
      if (!(union instanceof GraphQLUnionType)) continue;
      const members = Object.fromEntries(attribute.components.map((uid) => [uid, componentName({ uid })]));
      union.resolveType = syncTypeResolver((value: object) => zoneMemberType(value, members));
    }
  }
  // Entries of morph relations name their content type with `__type`.
  const morph = schema.getType(GENERIC_MORPH);
  if (morph instanceof GraphQLUnionType) {
    const names = new Set(morph.getTypes().map((t) => t.name));
    const members = Object.fromEntries(Object.values(meta.contentTypes).flatMap((ct) => (names.has(typeName(ct)) ? [[ct.uid, typeName(ct)]] : [])));
    morph.resolveType = syncTypeResolver((value: object) => morphMemberType(value, members));
  }
}

/** What TypeGraphQL records of a root resolver method (the fields this module reads). */
interface RootResolverMetadata {
  target: Function;
  methodName: string;
  schemaName: string;
  middlewares?: readonly unknown[];
  roles?: readonly unknown[];
  params?: ReadonlyArray<{ kind: string; index: number; name?: string; propertyName?: string; validateSettings?: unknown; validateFn?: unknown }>;
}

type RootParam = { kind: 'arg'; name: string } | { kind: 'context' } | { kind: 'info' };

/** The parameters of a method that only reads arguments by name, the context and info; undefined for any other. */
function plainParams(metadata: RootResolverMetadata): RootParam[] | undefined {
  if ((metadata.middlewares?.length ?? 0) > 0 || metadata.roles !== undefined) return undefined;
  const params = [...(metadata.params ?? [])].sort((a, b) => a.index - b.index);
  const out: RootParam[] = [];
  for (const [position, param] of params.entries()) {
    if (param.index !== position || param.validateSettings !== undefined || param.validateFn !== undefined) return undefined;
    if (param.kind === 'arg' && typeof param.name === 'string') out.push({ kind: 'arg', name: param.name });
    else if (param.kind === 'context' && param.propertyName === undefined) out.push({ kind: 'context' });
    else if (param.kind === 'info') out.push({ kind: 'info' });
    else return undefined;
  }
  return out;
}

/**
 * Root queries of the generated classes (`articles`, `article`, `articles_connection`, …) are one
 * call each: `ctx.cms.findMany(uid, { …args }, info)`. TypeGraphQL runs each through its resolver
 * container, converts every argument into an instance of its input class and validates it in an
 * async step (a promise per argument even with validation off) before calling the method. This
 * calls the method of one instance of the class with graphql-js's own argument values: what the
 * method does with them is the same (the runtime reads arguments as plain data, args.ts), and a
 * list query no longer waits on six promises before it starts. Mutations keep TypeGraphQL's path
 * (their `data` goes through toPlainInput either way; they run once per request). A method with
 * middlewares, roles, validation or any other kind of parameter keeps TypeGraphQL's resolver.
 */
export function installDirectRootResolvers(schema: GraphQLSchema, queries: readonly RootResolverMetadata[], classes: readonly Function[]): void {
  const query = schema.getQueryType();
  if (!query) return;
  const fields = query.getFields();
  const instances = new Map<Function, Record<string, (...args: unknown[]) => unknown>>();
  for (const metadata of queries) {
    if (!classes.includes(metadata.target)) continue;
    const field = fields[metadata.schemaName];
    const params = plainParams(metadata);
    if (!field || !params) continue;
    let instance = instances.get(metadata.target);
    if (!instance) instances.set(metadata.target, (instance = new (metadata.target as new () => Record<string, (...args: unknown[]) => unknown>)()));
    const target = instance;
    const method = target[metadata.methodName];
    if (typeof method !== 'function') continue;
    field.resolve = knownResolver((_root: unknown, args: Record<string, unknown>, ctx: unknown, info: unknown) =>
      method.apply(
        target,
        params.map((p) => (p.kind === 'arg' ? args[p.name] : p.kind === 'context' ? ctx : info)),
      ),
    );
  }
}
