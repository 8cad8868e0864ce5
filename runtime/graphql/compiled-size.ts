// How much code graphql-jit would generate for an operation, so compilation stays bounded.
// graphql-jit emits code for every field of the selection tree with fragments expanded in place,
// and for a union or interface once per possible type. A document of a few kilobytes can expand
// exponentially (fragment F1 spreads F2 twice, F2 spreads F3 twice, …): counted here, with each
// fragment's size computed once, and documents above the bound simply run on graphql-js.
import {
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** Fields (with fragments expanded) an operation may have to be compiled. */
export const MAX_COMPILED_FIELDS = 2000;

/** Selection nesting the count follows; documents are far shallower (their nesting is bounded before parsing). */
const MAX_NESTING = 64;

interface SizeWalk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  /** Expanded size per fragment; Infinity while it is being expanded (a cycle never compiles). */
  sizes: Map<string, number>;
}

function setSize(set: SelectionSetNode, type: GraphQLNamedType | undefined, walk: SizeWalk, nesting: number): number {
  if (nesting > MAX_NESTING) return Infinity;
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      total += 1;
      if (!selection.selectionSet) continue;
      const field = type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[selection.name.value] : undefined;
      const child = field ? getNamedType(field.type) : undefined;
      // graphql-jit compiles the selection once per type a union or interface may resolve to.
      const copies = child && isAbstractType(child) ? Math.max(walk.schema.getPossibleTypes(child).length, 1) : 1;
      total += copies * setSize(selection.selectionSet, child, walk, nesting + 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const narrowed = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : type;
      total += setSize(selection.selectionSet, narrowed ?? undefined, walk, nesting + 1);
    } else {
      total += fragmentSize(selection.name.value, walk, nesting + 1);
    }
    if (total > MAX_COMPILED_FIELDS) return total;
  }
  return total;
}

function fragmentSize(name: string, walk: SizeWalk, nesting: number): number {
  const known = walk.sizes.get(name);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  if (!fragment) return Infinity;
  walk.sizes.set(name, Infinity);
  const size = setSize(fragment.selectionSet, walk.schema.getType(fragment.typeCondition.name.value) ?? undefined, walk, nesting);
  walk.sizes.set(name, size);
  return size;
}

/** The operation's expanded field count, or a number above MAX_COMPILED_FIELDS once it exceeds it. */
export function compiledSize(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  return setSize(operation.selectionSet, root ?? undefined, { schema, fragments, sizes: new Map() }, 0);
}

/** Whether graphql-jit may compile `operation` within the bound. */
export function compilesWithinBound(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): boolean {
  return compiledSize(schema, document, operation) <= MAX_COMPILED_FIELDS;
}
