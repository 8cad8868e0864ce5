// Bounds on a request's variables, checked before anything walks them. First their depth: graphql-js
// coerces variables recursively (and our complexity limit, TypeGraphQL and the argument conversion
// walk them again): a filters variable nested 10,000 `not`s deep overflowed the stack and answered
// "Internal Server Error". The walk here is iterative, so any depth is measured safely.
//
// The bound is generous: REST-equivalent bounds on filters and sort (20 levels, lists of 100) are
// applied later, per argument (args.ts); this one only has to let every legitimate value through,
// e.g. a `json` attribute (up to 31 levels deep, the write layer's bound) inside a component
// inside a mutation's `data`.
import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  typeFromAST,
  type GraphQLInputObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { ValidationError } from '@cms-gen/core/errors';
import { checkArgumentBounds } from './argument-bounds';
import { walkProblem } from '@cms-gen/core/value-walk';

/** Levels of lists and objects in one variable: the value itself is level 1. */
export const MAX_VARIABLE_DEPTH = 100;

/** The variable nested deeper than the bound, if any. */
export function tooDeepVariable(variables: Record<string, unknown> | undefined, limit = MAX_VARIABLE_DEPTH): string | undefined {
  if (!variables) return undefined;
  return Object.keys(variables).find((name) => walkProblem(variables[name], { maxDepth: limit }) === 'depth');
}

/** The 400 answered for a variable nested too deeply (Apollo's code for bad variable values). */
export function variableTooDeepError(name: string, limit = MAX_VARIABLE_DEPTH): GraphQLError {
  return new GraphQLError(`Variable "$${name}" is nested too deeply: at most ${limit} levels of lists and objects are allowed.`, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });
}

/** Input types of `filters` arguments and every input type reachable from them, per schema. */
const filterTypesBySchema = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

function filterInputTypes(schema: GraphQLSchema): ReadonlySet<string> {
  const known = filterTypesBySchema.get(schema);
  if (known) return known;
  const found = new Set<string>();
  const pending: GraphQLInputObjectType[] = [];
  const reach = (type: GraphQLInputObjectType): void => {
    if (found.has(type.name)) return;
    found.add(type.name);
    pending.push(type);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      for (const arg of field.args) {
        const named = getNamedType(arg.type);
        if (arg.name === 'filters' && isInputObjectType(named)) reach(named);
      }
    }
  }
  while (pending.length > 0) {
    const type = pending.pop() as GraphQLInputObjectType;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (isInputObjectType(named)) reach(named);
    }
  }
  filterTypesBySchema.set(schema, found);
  return found;
}

/**
 * Variables holding filters meet REST's bounds on query parameters (argument-bounds.ts) before
 * graphql-js coerces them: coercing a 20,000-branch `or` took graphql-js most of a second, each
 * time. The resolvers check the same bounds on every `filters` argument, literal ones included.
 */
export function checkFilterVariables(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined): void {
  if (!variables || !operation.variableDefinitions?.length) return;
  const filterTypes = filterInputTypes(schema);
  for (const definition of operation.variableDefinitions) {
    const type = typeFromAST(schema, definition.type);
    if (!type || !filterTypes.has(getNamedType(type).name)) continue;
    try {
      checkArgumentBounds(`$${definition.variable.name.value}`, variables[definition.variable.name.value]);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw new GraphQLError(error.message, {
        extensions: { code: 'BAD_USER_INPUT', error: { name: error.name, message: error.message, details: error.details }, http: { status: 400 } },
      });
    }
  }
}
