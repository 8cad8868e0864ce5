// Looking ahead at what a query selects under the current field, so a connection counts its total
// only when `pageInfo` is asked for (the count is a second statement).
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

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

/** Field names selected directly under `set` (fragments and inline fragments included). */
function selectedNames(set: SelectionSetNode | undefined, info: GraphQLResolveInfo, out: Set<string>, seen: Set<string>): void {
  if (!set) return;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) out.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) selectedNames(selection.selectionSet, info, out, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      selectedNames(info.fragments[selection.name.value]?.selectionSet, info, out, seen);
    }
  }
}

/**
 * The scalar fields a query reads from the documents it lists (under the field itself, or under its
 * `nodes` for a connection), so the SQL reads only those columns. Relation fields resolve through
 * loaders keyed by id/documentId/locale, which every read returns anyway.
 */
export function selectedScalarFields(info: GraphQLResolveInfo, isScalar: (name: string) => boolean, under?: string): string[] {
  const names = new Set<string>();
  for (const node of info.fieldNodes) {
    if (!under) {
      selectedNames(node.selectionSet, info, names, new Set());
      continue;
    }
    const inner = new Set<string>();
    const nested: SelectionSetNode[] = [];
    const visit = (set: SelectionSetNode | undefined, seen: Set<string>): void => {
      if (!set) return;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD && selection.name.value === under && selection.selectionSet) nested.push(selection.selectionSet);
        else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet, seen);
        else if (selection.kind === Kind.FRAGMENT_SPREAD && !seen.has(selection.name.value)) {
          seen.add(selection.name.value);
          visit(info.fragments[selection.name.value]?.selectionSet, seen);
        }
      }
    };
    visit(node.selectionSet, new Set());
    for (const set of nested) selectedNames(set, info, inner, new Set());
    for (const name of inner) names.add(name);
  }
  return [...names].filter(isScalar);
}
