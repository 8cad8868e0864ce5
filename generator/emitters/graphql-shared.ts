// Types both schema shapes define identically (every `<Type>FiltersInput`, components without media
// or relations, most plugin inputs): they are emitted once under src/graphql/shared/ and imported by
// both shapes, instead of twice.
import type { GraphqlSchemaDef, NamedDef, TypeRef } from './graphql-ir';
import { BUILTIN_SCALARS } from './graphql-ir';

/** Names of the types another definition refers to. */
function referencedNames(def: NamedDef): string[] {
  const refs: TypeRef[] = [];
  switch (def.kind) {
    case 'object':
      for (const field of def.fields) refs.push(field.type, ...field.args.map((a) => a.type));
      break;
    case 'input':
      for (const field of def.fields) refs.push(field.type);
      break;
    case 'union':
      return def.members;
    case 'enum':
    case 'scalar':
      return [];
  }
  return refs.map((r) => r.name).filter((name) => !BUILTIN_SCALARS.has(name));
}

/**
 * The names of the types defined identically in both shapes (their resolved fields' calls
 * included) whose every reference is shared too (a shared class must import the same classes for
 * both shapes).
 */
export function sharedTypeNames(a: GraphqlSchemaDef, b: GraphqlSchemaDef): Set<string> {
  const other = new Map(b.types.map((d) => [d.name, JSON.stringify(d)]));
  const shared = new Set(a.types.filter((d) => other.get(d.name) === JSON.stringify(d)).map((d) => d.name));
  const byName = new Map(a.types.map((d) => [d.name, d]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of shared) {
      const def = byName.get(name);
      if (def && referencedNames(def).every((ref) => shared.has(ref))) continue;
      shared.delete(name);
      changed = true;
    }
  }
  return shared;
}
