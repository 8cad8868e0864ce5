// Query limits, enforced before any resolver runs:
// - depth (`depthLimit`): a validation rule (depth-rule.ts), cached with the parsed document;
// - variables nested deeper than MAX_VARIABLE_DEPTH, and filters variables beyond REST's bounds
//   (variable-bounds.ts): refused before anything coerces or walks them;
// - cost (`complexityLimit`): every selected field costs 1, times the number of items its list
//   can hold (a field's `pagination` argument, else `defaultLimit`, capped by `amountLimit`). It
//   depends on variables, so it runs per request, after the operation is resolved. Validation has
//   run by then (fragment cycles are refused), and each fragment is costed once anyway.
import {
  getArgumentValues,
  getNamedType,
  getVariableValues,
  GraphQLError,
  GraphQLInterfaceType,
  GraphQLObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphqlLimits } from './args';
import { checkFilterVariables, tooDeepVariable, variableTooDeepError } from './variable-bounds';

export { depthRule } from './depth-rule';

interface CostWalk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  limits: GraphqlLimits;
  /** Cost per fragment, once known; 0 while it is being expanded (a cycle is a validation error anyway). */
  fragmentCosts: Map<string, number>;
}

/** Items a paginated field can return. */
function itemsOf(args: Record<string, unknown>, limits: GraphqlLimits): number {
  const p = args.pagination;
  if (typeof p !== 'object' || p === null) return limits.defaultLimit;
  const { pageSize, limit } = p as { pageSize?: unknown; limit?: unknown };
  const size = typeof pageSize === 'number' ? pageSize : typeof limit === 'number' ? limit : limits.defaultLimit;
  return size < 0 || size > limits.amountLimit ? limits.amountLimit : Math.max(size, 0);
}

// Recursion: each fragment is costed once, so it is at most the document's nesting
// (document-guard.ts) plus its number of fragments (bounded by maxTokens) deep; measured safe with
// the longest fragment chains 15,000 tokens allow.
function selectionCost(set: SelectionSetNode, type: GraphQLNamedType, walk: CostWalk): number {
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      if (!(type instanceof GraphQLObjectType || type instanceof GraphQLInterfaceType)) continue;
      const field = type.getFields()[selection.name.value];
      if (!field) continue;
      const child = selection.selectionSet ? selectionCost(selection.selectionSet, getNamedType(field.type), walk) : 0;
      const paginated = field.args.some((a) => a.name === 'pagination');
      const items = paginated ? itemsOf(getArgumentValues(field, selection, walk.variables), walk.limits) : 1;
      total += 1 + items * child;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const narrowed = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : type;
      total += selectionCost(selection.selectionSet, narrowed ?? type, walk);
    } else {
      total += fragmentCost(selection.name.value, type, walk);
    }
  }
  return total;
}

/** A fragment's cost, computed once per operation: a fragment spread twice in each of twenty nested fragments costs twenty walks, not a million. */
function fragmentCost(name: string, type: GraphQLNamedType, walk: CostWalk): number {
  const known = walk.fragmentCosts.get(name);
  if (known !== undefined) return known;
  const fragment = walk.fragments[name];
  if (!fragment) return 0;
  walk.fragmentCosts.set(name, 0);
  const cost = selectionCost(fragment.selectionSet, walk.schema.getType(fragment.typeCondition.name.value) ?? type, walk);
  walk.fragmentCosts.set(name, cost);
  return cost;
}

/** The cost of one operation (unions and interfaces count every fragment: an upper bound). */
export function operationCost(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>, rawVariables: Record<string, unknown>, limits: GraphqlLimits): number {
  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  if (!root) return 0;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
  // Invalid variables are reported by execution itself; cost them as absent.
  const variables = coerced.coerced ?? {};
  return selectionCost(operation.selectionSet, root, { schema, fragments, variables, limits, fragmentCosts: new Map() });
}

/** The per-request limits, checked once an operation is resolved (Apollo's didResolveOperation, and the fast path: fast-path.ts). */
export type RequestLimitsCheck = (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode | undefined, variables: Record<string, unknown> | undefined) => void;

/** The per-request limits: variables' depth first (the cost coerces them), then the cost. Throws the error Apollo answers. */
export function requestLimitsCheck(limit: number, limits: GraphqlLimits): RequestLimitsCheck {
  const fixedCosts = new WeakMap<OperationDefinitionNode, number>();
  return (schema, document, operation, variables) => {
    const deep = tooDeepVariable(variables);
    if (deep !== undefined) throw variableTooDeepError(deep);
    if (operation) checkFilterVariables(schema, operation, variables);
    if (limit <= 0 || !operation) return;
    // Without variables an operation's cost is fixed by its document: a repeated query
    // (Apollo hands out one parsed document per query text) is costed once.
    const fixed = (operation.variableDefinitions?.length ?? 0) === 0;
    let cost = fixed ? fixedCosts.get(operation) : undefined;
    if (cost === undefined) {
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
      cost = operationCost(schema, operation, fragments, variables ?? {}, limits);
      if (fixed) fixedCosts.set(operation, cost);
    }
    if (cost > limit) {
      throw new GraphQLError(`Query is too complex: its cost is ${cost}, the limit is ${limit} (each list multiplies its fields by its page size)`, {
        extensions: { code: 'QUERY_TOO_COMPLEX', cost, limit, http: { status: 400 } },
      });
    }
  };
}

/** `check` as the Apollo plugin that enforces it. */
export function requestLimitsPlugin(check: RequestLimitsCheck): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          check(schema, document, operation, request.variables);
        },
      };
    },
  };
}
