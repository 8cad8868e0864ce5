// `depthLimit`: the validation rule refusing operations nested deeper than the limit, with
// graphql-depth-limit's message (the package Strapi uses): `'<operation>' exceeds maximum
// operation depth of <n>`. That package crawls fragments recursively with no memory of where it has
// been: a fragment cycle (`fragment A { ...B } fragment B { ...A }`) overflowed the stack and an
// unknown fragment threw, both inside validation, so the client got a 500 where graphql-js's own
// rules (NoFragmentCycles, KnownFragmentNames) answer 400; fragments spreading others twice, twenty
// levels down, cost it a million visits. Here each fragment's depth is computed once, a fragment
// met again while it is being computed counts as nothing (NoFragmentCycles reports the cycle) and
// an unknown one too (KnownFragmentNames reports it). Like the package, each selection one level
// too deep is reported (Strapi answers two errors for `… { title title }` past the limit), at most
// 100.
import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';

interface DepthWalk {
  fragments: Map<string, FragmentDefinitionNode>;
  /** Depth below each fragment, once known; -1 while it is being computed. */
  depths: Map<string, number>;
}

/** Introspection fields (`__schema`, `__type`) do not count, as in graphql-depth-limit. */
const ignored = (name: string): boolean => name.startsWith('__');

/**
 * Nesting of fields with selections below `set`: 0 when it selects only leaves, 1 when one of its
 * fields has leaves below it, and so on.
 */
function depthBelow(set: SelectionSetNode, walk: DepthWalk): number {
  let deepest = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.selectionSet && !ignored(selection.name.value)) deepest = Math.max(deepest, 1 + depthBelow(selection.selectionSet, walk));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthBelow(selection.selectionSet, walk));
    } else {
      deepest = Math.max(deepest, fragmentDepth(selection.name.value, walk));
    }
  }
  return deepest;
}

function fragmentDepth(name: string, walk: DepthWalk): number {
  const known = walk.depths.get(name);
  if (known !== undefined) return Math.max(known, 0);
  const fragment = walk.fragments.get(name);
  if (!fragment) return 0;
  walk.depths.set(name, -1);
  const depth = depthBelow(fragment.selectionSet, walk);
  walk.depths.set(name, depth);
  return depth;
}

/** At most this many fields are reported (an exponential fragment expansion must stay cheap). */
const MAX_REPORTED = 100;

/**
 * The selections (in document order) at nesting `target`, following only branches deep enough:
 * one error each, as graphql-depth-limit reports every field, fragment spread or inline fragment
 * one level too deep (a fragment's once per spread).
 */
function selectionsAt(set: SelectionSetNode, level: number, target: number, walk: DepthWalk, expanding: Set<string>, out: ASTNode[]): void {
  for (const selection of set.selections) {
    if (out.length >= MAX_REPORTED) return;
    if (level === target) {
      out.push(selection);
    } else if (selection.kind === Kind.FIELD) {
      if (selection.selectionSet && !ignored(selection.name.value) && level + 1 + depthBelow(selection.selectionSet, walk) >= target) selectionsAt(selection.selectionSet, level + 1, target, walk, expanding, out);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      selectionsAt(selection.selectionSet, level, target, walk, expanding, out);
    } else {
      const fragment = walk.fragments.get(selection.name.value);
      if (!fragment || expanding.has(fragment.name.value) || level + fragmentDepth(fragment.name.value, walk) < target) continue;
      expanding.add(fragment.name.value);
      selectionsAt(fragment.selectionSet, level, target, walk, expanding, out);
      expanding.delete(fragment.name.value);
    }
  }
}

export function depthRule(limit: number): ValidationRule {
  return (context) => {
    const walk: DepthWalk = { fragments: new Map(), depths: new Map() };
    for (const definition of context.getDocument().definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) walk.fragments.set(definition.name.value, definition);
    return {
      OperationDefinition(operation) {
        // A field at nesting `limit + 1` (the root fields are at 0) is one level too deep.
        if (depthBelow(operation.selectionSet, walk) <= limit) return;
        const nodes: ASTNode[] = [];
        selectionsAt(operation.selectionSet, 0, limit + 1, walk, new Set(), nodes);
        for (const node of nodes.length > 0 ? nodes : [operation]) context.reportError(new GraphQLError(`'${operation.name?.value ?? ''}' exceeds maximum operation depth of ${limit}`, { nodes: [node] }));
      },
    };
  };
}
