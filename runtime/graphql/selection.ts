// Looking ahead at what a query selects under the current field, so a connection counts its total
// only when `pageInfo` is asked for (the count is a second statement). Columns and populate: prefetch.ts.
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

// Each fragment is expanded once (`seen`), so no cycle can loop, and the recursion is at most the
// document's nesting (document-guard.ts) plus its number of fragments (bounded by maxTokens) deep.
function selects(set: SelectionSetNode | undefined, name: string, info: GraphQLResolveInfo, seen: Set<string>): boolean {
  if (!set) return false;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD && selection.name.value === name) return true;
    if (selection.kind === Kind.INLINE_FRAGMENT && selects(selection.selectionSet, name, info, seen)) return true;
    if (selection.kind === Kind.FRAGMENT_SPREAD && !seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      if (selects(info.fragments[selection.name.value]?.selectionSet, name, info, seen)) return true;
    }
  }
  return false;
}

/** True when any occurrence of the current field selects `name` directly below it. */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  return info.fieldNodes.some((node) => selects(node.selectionSet, name, info, new Set()));
}
