// Builds the GraphQL schema definition of an app for one mode: every api:: content type with its
// queries and mutations, the built-in plugin types (files, locales, users, roles) with their
// queries and the plugins' own mutations, every component, and the common types; then keeps only
// what the root fields reach, so the emitted classes and SDL hold exactly the types a built
// schema contains.
import type { ContentTypeMeta, SchemaMeta } from '../../runtime/core/model/types';
import { compareText } from '../compare-text';
import { COMMON_MODULE, commonDefs, PACKAGED_TYPES } from './graphql-common';
import type { GraphqlMode, GraphqlSchemaDef, NamedDef, RootFieldDef, TypeRef } from './graphql-ir';
import { pluginSchema } from './graphql-plugins';
import { rootFields } from './graphql-roots';
import { tsName } from './graphql-ts-refs';
import { componentDefs, contentTypeDefs, genericMorphDef, moduleOf, type TypesContext } from './graphql-types';

/**
 * Plugin content types exposed over GraphQL, and whether their shadow-CRUD queries exist (Strapi
 * disables the permission type's queries). Their mutations are the plugins' own, not shadow CRUD
 * (graphql-plugins.ts).
 */
export const PLUGIN_TYPES: Readonly<Record<string, { queries: boolean }>> = {
  'plugin::upload.file': { queries: true },
  'plugin::i18n.locale': { queries: true },
  'plugin::users-permissions.permission': { queries: false },
  'plugin::users-permissions.role': { queries: true },
  'plugin::users-permissions.user': { queries: true },
};

/**
 * The definitions of a packaged content type, in the common module; a v4 definition that differs
 * from Strapi 5's (same name, other fields) is the package's `v4.<Name>`.
 */
function packagedDefs(ctx: TypesContext, ct: ContentTypeMeta): NamedDef[] {
  const common = (def: NamedDef): NamedDef => ({ ...def, module: COMMON_MODULE });
  const defs = contentTypeDefs(ctx, ct).map(common);
  if (ctx.mode === 'v5') return defs;
  const v5 = new Map(contentTypeDefs({ ...ctx, mode: 'v5' }, ct).map((def) => [def.name, JSON.stringify(common(def))]));
  return defs.map((def) => (v5.get(def.name) === JSON.stringify(def) ? def : { ...def, runtime: `v4.${tsName(def.name)}` }));
}

export function exposedContentTypes(meta: SchemaMeta): ContentTypeMeta[] {
  return Object.values(meta.contentTypes)
    .filter((ct) => ct.uid.startsWith('api::') || PLUGIN_TYPES[ct.uid] !== undefined)
    .sort((a, b) => compareText(a.uid, b.uid));
}

function named(ref: TypeRef): string {
  return ref.name;
}

/** Definitions reachable from the root fields (through field types, arguments and union members). */
function reachable(types: NamedDef[], roots: RootFieldDef[]): NamedDef[] {
  const byName = new Map(types.map((t) => [t.name, t]));
  const seen = new Set<string>();
  const queue: string[] = [];
  const visit = (name: string) => {
    if (!seen.has(name) && byName.has(name)) {
      seen.add(name);
      queue.push(name);
    }
  };
  for (const field of roots) {
    visit(named(field.type));
    for (const arg of field.args) visit(named(arg.type));
  }
  while (queue.length > 0) {
    const def = byName.get(queue.pop() ?? '');
    if (!def) continue;
    if (def.kind === 'object') {
      for (const field of def.fields) {
        visit(named(field.type));
        for (const arg of field.args) visit(named(arg.type));
      }
    } else if (def.kind === 'input') {
      for (const field of def.fields) visit(named(field.type));
    } else if (def.kind === 'union') {
      for (const member of def.members) visit(member);
    }
  }
  return types.filter((t) => seen.has(t.name));
}

export function buildGraphqlSchema(meta: SchemaMeta, mode: GraphqlMode): GraphqlSchemaDef {
  const contentTypes = exposedContentTypes(meta);
  const ctx: TypesContext = { meta, mode, exposed: new Map(contentTypes.map((ct) => [ct.uid, ct])) };
  const types: NamedDef[] = [...commonDefs(mode)];
  const query: RootFieldDef[] = [];
  const mutation: RootFieldDef[] = [];
  for (const ct of contentTypes) {
    const packaged = PACKAGED_TYPES.has(ct.uid);
    types.push(...(packaged ? packagedDefs(ctx, ct) : contentTypeDefs(ctx, ct)));
    const api = ct.uid.startsWith('api::');
    const module = packaged ? COMMON_MODULE : moduleOf(ct.uid, meta);
    const roots = rootFields(ct, { mode, module, queries: api || PLUGIN_TYPES[ct.uid]?.queries === true, mutations: api });
    query.push(...roots.query);
    mutation.push(...roots.mutation);
  }
  const plugins = pluginSchema(ctx);
  types.push(...plugins.types);
  query.push(...plugins.query);
  mutation.push(...plugins.mutation);
  for (const component of Object.values(meta.components).sort((a, b) => compareText(a.uid, b.uid))) types.push(...componentDefs(ctx, component));
  // Left out by `reachable` below unless a morph relation's field uses it.
  if (mode === 'v5') types.push(genericMorphDef(ctx));
  const names = new Set<string>();
  for (const def of types) {
    if (names.has(def.name)) throw new Error(`GraphQL type name ${def.name} is produced twice (rename a content type or component)`);
    names.add(def.name);
  }
  return { mode, types: reachable(types, [...query, ...mutation]), query, mutation };
}
