// Renders a schema definition as TypeGraphQL source: one module per content type or component, and
// an index listing the root resolver classes; the types no schema changes are the runtime's
// (graphql-common.ts). Every decorator carries an explicit type function (tsx emits no decorator
// metadata), classes keep GraphQL's names, root resolvers only forward their arguments to the
// runtime's GraphqlRequest (`ctx.cms`), and a type's resolved fields name their call as data.
import { posix } from 'node:path';
import { compareText } from '../compare-text';
import type { FieldDef, GraphqlSchemaDef, InputFieldDef, NamedDef, PluginMethod, ResolverCall, ResolverMethod, RootFieldDef } from './graphql-ir';
import { COMMON_MODULE } from './graphql-common';
import { argParam, defaultTs, nullable, options, quote, RUNTIME_HOME, tsName, tsType, typeFn, use, type ModuleState } from './graphql-ts-refs';
import { renderTemplate } from './render-template';
import type { GeneratedFile } from './types';

/** Folder under src/graphql/ of the types both shapes share (graphql-shared.ts). */
const SHARED_DIR = 'shared';

/** What the runtime call of each root resolver method returns (the resolver's TypeScript return type). */
const RETURNS: Record<Exclude<ResolverMethod, FieldMethod>, string> = {
  findMany: 'rt.Document[]',
  findConnection: 'rt.Connection',
  findOne: 'rt.Document | null',
  findSingle: 'rt.Document | null',
  create: 'rt.Document',
  update: 'rt.Document | null',
  delete: 'rt.DeleteResult',
  updateSingle: 'rt.Document',
  deleteSingle: 'rt.DeleteResult',
  findEntities: 'rt.EntityCollection',
  v4FindOne: 'rt.EntityResponse',
  v4FindSingle: 'rt.EntityResponse',
  v4Create: 'rt.EntityResponse',
  v4Update: 'rt.EntityResponse',
  v4Delete: 'rt.EntityResponse',
  v4UpdateSingle: 'rt.EntityResponse',
  v4DeleteSingle: 'rt.EntityResponse',
};

/** The methods a type's resolved fields call (installed by the runtime, never by generated code). */
type FieldMethod = 'field' | 'fieldConnection' | 'v4Related' | 'v4RelatedList';

/** What each built-in plugin operation answers. */
const PLUGIN_RETURNS: Record<PluginMethod, string> = {
  me: 'rt.Document | null',
  login: 'rt.AuthPayload',
  register: 'rt.AuthPayload',
  forgotPassword: 'rt.OkPayload',
  resetPassword: 'rt.AuthPayload',
  changePassword: 'rt.AuthPayload',
  emailConfirmation: 'rt.AuthPayload',
  createUser: 'rt.DocumentResponse',
  updateUser: 'rt.DocumentResponse',
  deleteUser: 'rt.DocumentResponse',
  v4CreateUser: 'rt.EntityResponse',
  v4UpdateUser: 'rt.EntityResponse',
  v4DeleteUser: 'rt.EntityResponse',
  createRole: 'rt.OkPayload',
  updateRole: 'rt.OkPayload',
  deleteRole: 'rt.OkPayload',
  updateFile: 'rt.Document',
  deleteFile: 'rt.Document | null',
};

const returnsOf = (call: ResolverCall & { target: 'root' | 'plugin' }): string => (call.target === 'plugin' ? PLUGIN_RETURNS[call.method] : RETURNS[call.method as Exclude<ResolverMethod, FieldMethod>]);

/**
 * A field the runtime resolves (relation, media, component, zone) carries its call as the `cms`
 * extension, which the runtime installs as the field's resolver (runtime/graphql/direct-resolvers.ts);
 * a field with arguments is a method only so that TypeGraphQL learns them, its body never runs.
 */
function resolvedField(state: ModuleState, field: FieldDef, decorator: string): string[] {
  const call = field.resolve;
  if (call?.target !== 'field') throw new Error(`field ${field.name} is not a field resolver`);
  const lines = [`  @tg.Extensions({ cms: { method: ${quote(call.method)}, owner: ${quote(call.ownerUid)}, attribute: ${quote(call.attribute)} } })`, `  ${decorator}`];
  if (field.args.length === 0) return [...lines, `  ${field.name}?: unknown;`];
  return [...lines, `  ${field.name}(`, ...field.args.map((arg) => `    ${argParam(state, arg)},`), '  ): void {}'];
}

function classBlock(state: ModuleState, def: NamedDef & { kind: 'object' | 'input' }): string {
  const decorator = def.kind === 'object' ? `@tg.ObjectType(${quote(def.name)}, { simpleResolvers: true })` : `@tg.InputType(${quote(def.name)})`;
  const lines = [decorator, `export class ${tsName(def.name)} {`];
  def.fields.forEach((field: FieldDef | InputFieldDef, i) => {
    if (i > 0) lines.push('');
    const deprecation = 'deprecation' in field && typeof field.deprecation === 'string' ? quote(field.deprecation) : undefined;
    const defaultValue = 'default' in field && field.default ? defaultTs(state, field.default, field.type) : undefined;
    const fieldDecorator = `@tg.Field(${typeFn(state, field.type)}${options([['nullable', nullable(field.type)], ['deprecationReason', deprecation], ['defaultValue', defaultValue]])})`;
    if ('resolve' in field && field.resolve !== undefined) {
      lines.push(...resolvedField(state, field, fieldDecorator));
      return;
    }
    lines.push(`  ${fieldDecorator}`);
    const optional = def.kind === 'input' || !field.type.nonNull;
    lines.push(`  ${field.name}${optional ? '?' : '!'}: ${tsType(state, field.type, def.name)}${optional ? ' | null' : ''};`);
  });
  lines.push('}');
  state.declared.add(def.name);
  return lines.join('\n');
}

function enumBlock(def: NamedDef & { kind: 'enum' }): string {
  const name = tsName(def.name);
  return [`export enum ${name} {`, ...def.values.map((v) => `  ${v.name} = ${quote(v.value)},`), '}', `tg.registerEnumType(${name}, { name: ${quote(def.name)} });`].join('\n');
}

function unionBlock(state: ModuleState, def: NamedDef & { kind: 'union' }): string {
  const members = def.members.map((m) => use(state, m));
  const map = Object.entries(def.components).map(([uid, type]) => `${quote(uid)}: ${quote(type)}`);
  return [
    `export const ${tsName(def.name)} = tg.createUnionType({`,
    `  name: ${quote(def.name)},`,
    `  types: () => [${members.join(', ')}] as const,`,
    `  resolveType: (value) => rt.${def.tag === '__type' ? 'morphMemberType' : 'zoneMemberType'}(value, { ${map.join(', ')} }),`,
    '});',
  ].join('\n');
}

function scalarBlock(def: NamedDef & { kind: 'scalar' }): string | undefined {
  if (!def.zone) return undefined;
  const map = Object.entries(def.zone).map(([type, uid]) => `${type}: ${quote(uid)}`);
  return `export const ${tsName(def.name)} = rt.dynamicZoneInputScalar(${quote(def.name)}, { ${map.join(', ')} });`;
}

/** `return ctx.cms.<method>(…)` for a root field's resolver. */
function callOf(field: FieldDef): string {
  const call = field.resolve;
  if (!call || call.target === 'field') throw new Error(`field ${field.name} has no root resolver`);
  if (call.target === 'plugin') return `return ctx.cms.plugins.${call.method}(${field.args.length > 0 ? `{ ${field.args.map((a) => a.name).join(', ')} }` : '{}'});`;
  if (call.target === 'root') {
    const rest = field.args.filter((a) => a.name !== call.idArg).map((a) => a.name);
    const parts = [quote(call.uid)];
    if (call.idArg) parts.push(call.idArg);
    parts.push(rest.length > 0 ? `{ ${rest.join(', ')} }` : '{}');
    if (call.info) parts.push('info');
    return `return ctx.cms.${call.method}(${parts.join(', ')});`;
  }
  throw new Error(`field ${field.name} is not a root field`);
}

function methodBlock(state: ModuleState, field: FieldDef, decorator: string): string {
  const call = field.resolve;
  if (!call || call.target === 'field') throw new Error(`field ${field.name} has no root resolver`);
  const params: string[] = [];
  for (const arg of field.args) params.push(argParam(state, arg));
  params.push('@tg.Ctx() ctx: rt.GraphqlContext');
  if (call.target === 'root' && call.info) {
    state.graphqlImports.add('GraphQLResolveInfo');
    params.push('@tg.Info() info: GraphQLResolveInfo');
  }
  return [`  ${decorator}`, `  ${field.name}(`, ...params.map((p) => `    ${p},`), `  ): Promise<${returnsOf(call)}> {`, `    ${callOf(field)}`, '  }'].join('\n');
}

function rootDecorator(state: ModuleState, kind: 'Query' | 'Mutation', field: RootFieldDef): string {
  return `@tg.${kind}(${typeFn(state, field.type)}${options([['name', quote(field.name)], ['nullable', nullable(field.type)]])})`;
}

function resolverClass(state: ModuleState, name: string, owner: string, methods: string[]): string {
  return [`@tg.Resolver(() => ${use(state, owner)})`, `export class ${name} {`, methods.join('\n\n'), '}'].join('\n');
}

export interface ModuleView {
  path: string;
  contents: string;
  resolvers: string[];
}

function relativeImport(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * One module: `home` is its path under src/graphql/ (`v5/api/article`, `shared/common`), `module`
 * the definitions' own module name (root fields name it too).
 */
function renderModule(schema: GraphqlSchemaDef, home: string, module: string, defs: NamedDef[], where: Map<string, string>, graphqlImport: string): ModuleView {
  const state: ModuleState = { module: home, defs: new Map(schema.types.map((d) => [d.name, d])), where, imports: new Map(), declared: new Set(), graphqlImports: new Set() };
  const blocks: string[] = [];
  for (const def of defs) if (def.kind === 'enum') blocks.push(enumBlock(def));
  for (const def of defs) if (def.kind === 'union') blocks.push(unionBlock(state, def));
  for (const def of defs) {
    const block = def.kind === 'scalar' ? scalarBlock(def) : undefined;
    if (block) blocks.push(block);
  }
  for (const def of defs) if (def.kind === 'object' || def.kind === 'input') blocks.push(classBlock(state, def));

  const resolvers: string[] = [];
  // Root fields are the shape's own: a shared module holds types only.
  const sharedHome = home.startsWith(`${SHARED_DIR}/`);
  const roots = [...schema.query.map((f) => ['Query', f] as const), ...schema.mutation.map((f) => ['Mutation', f] as const)].filter(([, f]) => !sharedHome && f.module === module);
  const owners = [...new Set(roots.map(([, f]) => f.owner))];
  for (const owner of owners) {
    const name = `${tsName(owner)}RootResolver`;
    blocks.push(resolverClass(state, name, owner, roots.filter(([, f]) => f.owner === owner).map(([kind, f]) => methodBlock(state, f, rootDecorator(state, kind, f)))));
    resolvers.push(name);
  }

  // graphql's scalars and TypeGraphQL come through @cms-gen/graphql: the app lists neither package.
  const usesRuntime = blocks.some((b) => b.includes('rt.'));
  const graphqlNames = [...state.graphqlImports].sort(compareText);
  const valueNames = graphqlNames.filter((n) => n !== 'GraphQLResolveInfo');
  const named = [...valueNames, 'tg', ...(graphqlNames.includes('GraphQLResolveInfo') ? ['type GraphQLResolveInfo'] : [])];
  const imports: string[] = [`import { ${named.join(', ')} } from '${graphqlImport}';`];
  if (usesRuntime) imports.push(`import * as rt from '${graphqlImport}';`);
  for (const [from, names] of [...state.imports].sort((a, b) => compareText(a[0], b[0]))) {
    imports.push(`import { ${[...names].sort(compareText).join(', ')} } from '${relativeImport(state.module, from)}';`);
  }
  const owner = defs.find((d) => d.kind === 'object');
  const contents = renderTemplate('graphql/module.ts.hbs', {
    description: `GraphQL types of ${owner ? owner.name : module}`,
    shape: sharedHome ? 'both schema shapes' : `${schema.mode} schema`,
    imports,
    blocks,
  });
  return { path: `${home}.ts`, contents, resolvers };
}

/**
 * Definitions grouped by their home module under src/graphql/, in emission order. The common types
 * are the runtime's (RUNTIME_HOME) and have no module here.
 */
function homes(schema: GraphqlSchemaDef, shared: ReadonlySet<string>): { where: Map<string, string>; modules: Map<string, { module: string; defs: NamedDef[] }> } {
  const homeOf = (def: NamedDef) => (def.module === COMMON_MODULE ? RUNTIME_HOME : `${shared.has(def.name) ? SHARED_DIR : schema.mode}/${def.module}`);
  const where = new Map(schema.types.map((d) => [d.name, homeOf(d)]));
  const modules = new Map<string, { module: string; defs: NamedDef[] }>();
  for (const def of schema.types) {
    const home = homeOf(def);
    if (home === RUNTIME_HOME) continue;
    const entry = modules.get(home) ?? { module: def.module, defs: [] };
    entry.defs.push(def);
    modules.set(home, entry);
  }
  return { where, modules };
}

/**
 * The modules of one shape under `src/graphql/<mode>/` and its index; the types in `shared` are
 * imported from src/graphql/shared/ (renderSharedTypeGraphql writes those).
 */
export function renderTypeGraphql(schema: GraphqlSchemaDef, graphqlImport: string, shared: ReadonlySet<string> = new Set()): GeneratedFile[] {
  const { where, modules } = homes(schema, shared);
  // A module whose types are all shared still has a file when root fields live in it.
  for (const field of [...schema.query, ...schema.mutation]) {
    if (field.module === COMMON_MODULE) continue;
    const home = `${schema.mode}/${field.module}`;
    if (!modules.has(home)) modules.set(home, { module: field.module, defs: [] });
  }
  const views = [...modules]
    .filter(([home]) => home.startsWith(`${schema.mode}/`))
    .map(([home, { module, defs }]) => renderModule(schema, home, module, defs, where, graphqlImport));
  const files: GeneratedFile[] = views.map((v) => ({ path: `src/graphql/${v.path}`, contents: v.contents }));
  const withResolvers = views.filter((v) => v.resolvers.length > 0);
  const imports = withResolvers.map((v) => ({ names: v.resolvers.join(', '), from: relativeImport(`${schema.mode}/index`, v.path.replace(/\.ts$/, '')) }));
  // Root fields the GraphQL package defines (the account API, the locales): its resolver classes,
  // by owner (`v4.I18NLocaleRootResolver` when the owner is the package's `v4.I18NLocale`).
  const runtimeName = (owner: string) => schema.types.find((d) => d.name === owner)?.runtime ?? tsName(owner);
  const packaged = [...new Set([...schema.query, ...schema.mutation].filter((f) => f.module === COMMON_MODULE).map((f) => `${runtimeName(f.owner)}RootResolver`))];
  const packagedImports = [...new Set(packaged.map((name) => name.split('.')[0]))].sort(compareText);
  if (packaged.length > 0) imports.unshift({ names: packagedImports.join(', '), from: graphqlImport });
  const resolvers = [...withResolvers.flatMap((v) => v.resolvers), ...packaged];
  files.push({ path: `src/graphql/${schema.mode}/index.ts`, contents: renderTemplate('graphql/mode-index.ts.hbs', { mode: schema.mode, imports, resolvers }) });
  return files;
}

/** The modules of the types in `shared`, rendered from either shape (they are identical in both). */
export function renderSharedTypeGraphql(schema: GraphqlSchemaDef, graphqlImport: string, shared: ReadonlySet<string>): GeneratedFile[] {
  const { where, modules } = homes(schema, shared);
  return [...modules]
    .filter(([home]) => home.startsWith(`${SHARED_DIR}/`))
    .map(([home, { module, defs }]) => renderModule(schema, home, module, defs, where, graphqlImport))
    .map((v) => ({ path: `src/graphql/${v.path}`, contents: v.contents }));
}
