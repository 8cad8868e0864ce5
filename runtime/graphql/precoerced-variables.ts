// Variables for compiled execution, coerced by graphql-js instead of graphql-jit.
//
// graphql-jit compiles each variable's coercion into generated code by unrolling the variable's
// input type field by field, with no guard against recursion. Every `<Type>FiltersInput` is
// recursive (`and`/`or`/`not`, and relation filters lead to other FiltersInput types that lead
// back), so compiling `query ($filters: ArticleFiltersInput) { … }` never finished: the generated
// text grew until the heap (4 GB) was exhausted. That is how Apollo Client and urql send every query.
//
// So graphql-jit never sees an input type for a variable: the document it compiles declares every
// variable with a pass-through scalar, and the variables it receives are the ones graphql-js has
// already coerced (and checked: its errors stay the answer). Coercion thus happens once, by
// graphql-js, exactly as on the uncompiled path: field defaults, enums' internal values and the
// custom scalars included.
import {
  GraphQLScalarType,
  type ASTNode,
  GraphQLSchema,
  Kind,
  visit,
  type DocumentNode,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';

const isArray = (value: ASTNode | readonly ASTNode[]): value is readonly ASTNode[] => Array.isArray(value);

/** Name of the pass-through scalar: a valid JS identifier (graphql-jit names a binding after it). */
export const PRECOERCED_SCALAR = 'CmsGenPrecoercedVariable';

const passThrough = new GraphQLScalarType({
  name: PRECOERCED_SCALAR,
  description: 'A variable graphql-js has already coerced (compiled execution only; never served).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: () => {
    // Only variable definitions use it, and they carry no default value after the rewrite.
    throw new Error(`${PRECOERCED_SCALAR} has no literal form`);
  },
});

/**
 * The schema graphql-jit compiles against: the served schema's own type objects (so its
 * resolvers, resolveType functions and scalars) plus the pass-through scalar. Served clients never
 * see it; it only resolves the variable declarations of rewritten documents.
 */
export function schemaForCompilation(schema: GraphQLSchema): GraphQLSchema {
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, types: [...config.types, passThrough] });
}

function passThroughDefinition(definition: VariableDefinitionNode): VariableDefinitionNode {
  return { ...definition, type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: PRECOERCED_SCALAR } }, defaultValue: undefined };
}

/**
 * `document` with `operation`'s variables declared as the pass-through scalar (no defaults: the
 * coerced values include them). Selections and fragments are the same node objects, so resolvers
 * see the field nodes and fragments they would see on graphql-js.
 */
export function withPrecoercedVariables(document: DocumentNode, operation: OperationDefinitionNode): DocumentNode {
  if (!operation.variableDefinitions?.length) return document;
  const rewritten: OperationDefinitionNode = { ...operation, variableDefinitions: (operation.variableDefinitions ?? []).map(passThroughDefinition) };
  return { ...document, definitions: document.definitions.map((d) => (d === operation ? rewritten : d)) };
}

/**
 * Variables used inside a literal list or object (`filters: { title: { eq: $t } }`). When one of
 * them is absent, graphql-js leaves its field out while graphql-jit keeps a null in its place, so
 * such a run goes to graphql-js.
 */
export function variablesInsideLiterals(document: DocumentNode, operation: OperationDefinitionNode): Set<string> {
  const names = new Set<string>();
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  for (const root of [operation, ...fragments]) {
    visit(root, {
      Variable: (node, _key, parent) => {
        // Directly under an argument (or declared): a whole value, which graphql-jit sets as given.
        const kind = parent === undefined || isArray(parent) ? undefined : parent.kind;
        if (kind !== Kind.ARGUMENT && kind !== Kind.VARIABLE_DEFINITION) names.add(node.name.value);
      },
    });
  }
  return names;
}
