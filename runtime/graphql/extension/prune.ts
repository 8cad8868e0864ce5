// Applies shadow-CRUD settings to a built schema: disabled types, actions and fields are removed
// (fields pointing at a disabled type go with it), then `rebuildSchema` drops whatever is no
// longer reachable. The schema objects are fresh from buildSchema, so editing them in place is safe.
import { getNamedType, GraphQLInputObjectType, GraphQLObjectType, GraphQLSchema, GraphQLUnionType, isIntrospectionType } from 'graphql';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import {
  componentName,
  connectionQueryName,
  createMutationName,
  deleteMutationName,
  entityName,
  entityResponseCollectionName,
  entityResponseName,
  filtersInputName,
  findOneQueryName,
  findQueryName,
  inputName,
  relationResponseCollectionName,
  typeName,
  updateMutationName,
} from '../naming';
import { ACTIONS, type ExtensionService, type TypeState } from './service';

type Mode = 'v5' | 'v4';

interface Names {
  type: string;
  /** Output types that exist only for this content type or component. */
  outputs: string[];
  input: string;
  filters: string;
  queries: Record<string, string[]>;
  mutations: Record<string, string[]>;
}

function namesOf(meta: SchemaMeta, uid: string): Names {
  const ct = meta.contentTypes[uid];
  if (!ct) {
    const component = meta.components[uid];
    if (!component) throw new Error(`graphql extension: shadowCRUD('${uid}') names no content type or component`);
    const type = componentName(component);
    return { type, outputs: [type], input: inputName(type), filters: filtersInputName(type), queries: {}, mutations: {} };
  }
  const type = typeName(ct);
  const single = ct.kind === 'singleType';
  const outputs = [type, relationResponseCollectionName(ct), entityResponseCollectionName(ct), entityName(ct), entityResponseName(ct)];
  const find = single ? [findOneQueryName(ct)] : [findQueryName(ct), connectionQueryName(ct)];
  return {
    type,
    outputs,
    input: inputName(type),
    filters: filtersInputName(type),
    queries: { find, findOne: single ? [] : [findOneQueryName(ct)] },
    mutations: { create: single ? [] : [createMutationName(ct)], update: [updateMutationName(ct)], delete: [deleteMutationName(ct)] },
  };
}

const objectTypes = (schema: GraphQLSchema): GraphQLObjectType[] =>
  Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => t instanceof GraphQLObjectType && !isIntrospectionType(t));

const inputTypes = (schema: GraphQLSchema): GraphQLInputObjectType[] =>
  Object.values(schema.getTypeMap()).filter((t): t is GraphQLInputObjectType => t instanceof GraphQLInputObjectType);

function removeField(type: GraphQLObjectType | GraphQLInputObjectType | null | undefined, name: string): void {
  if (!type) return;
  const fields = type.getFields() as Record<string, unknown>;
  delete fields[name];
}

const objectType = (schema: GraphQLSchema, name: string): GraphQLObjectType | undefined => {
  const type = schema.getType(name);
  return type instanceof GraphQLObjectType ? type : undefined;
};

const inputType = (schema: GraphQLSchema, name: string): GraphQLInputObjectType | undefined => {
  const type = schema.getType(name);
  return type instanceof GraphQLInputObjectType ? type : undefined;
};

/** Removes every field, argument-taking field, input field and union member that uses `names`. */
function removeUsesOf(schema: GraphQLSchema, names: ReadonlySet<string>): void {
  for (const type of objectTypes(schema)) {
    for (const [name, field] of Object.entries(type.getFields())) {
      if (names.has(getNamedType(field.type).name) || field.args.some((a) => names.has(getNamedType(a.type).name))) removeField(type, name);
    }
  }
  for (const type of inputTypes(schema)) {
    for (const [name, field] of Object.entries(type.getFields())) if (names.has(getNamedType(field.type).name)) removeField(type, name);
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLUnionType)) continue;
    const members = type.getTypes() as GraphQLObjectType[];
    for (let i = members.length - 1; i >= 0; i--) if (names.has(members[i].name)) members.splice(i, 1);
  }
}

/** Owners (content types and components) of relation or media attributes pointing at `uid`. */
function referencingInputs(meta: SchemaMeta, uid: string): Array<{ input: string; attribute: string }> {
  const out: Array<{ input: string; attribute: string }> = [];
  const owners = [
    ...Object.values(meta.contentTypes).map((ct) => ({ name: typeName(ct), attributes: ct.attributes })),
    ...Object.values(meta.components).map((c) => ({ name: componentName(c), attributes: c.attributes })),
  ];
  for (const owner of owners) {
    for (const attribute of Object.values(owner.attributes)) {
      const target = attribute.kind === 'relation' ? attribute.target : attribute.kind === 'media' ? 'plugin::upload.file' : undefined;
      if (target === uid) out.push({ input: inputName(owner.name), attribute: attribute.name });
    }
  }
  return out;
}

function applyType(schema: GraphQLSchema, meta: SchemaMeta, uid: string, state: TypeState, mode: Mode): void {
  const names = namesOf(meta, uid);
  const query = schema.getQueryType();
  const mutation = schema.getMutationType();
  for (const action of ACTIONS) {
    if (state.enabled && !state.disabledActions.has(action)) continue;
    for (const name of names.queries[action] ?? []) removeField(query, name);
    for (const name of names.mutations[action] ?? []) removeField(mutation, name);
  }
  if (!state.enabled) {
    removeUsesOf(schema, new Set([...names.outputs, names.input, names.filters]));
    for (const { input, attribute } of referencingInputs(meta, uid)) removeField(inputType(schema, input), attribute);
  }
  for (const [field, settings] of state.fields) {
    if (!settings.output) {
      removeField(objectType(schema, names.type), field);
      if (mode === 'v5') removeField(objectType(schema, names.type), `${field}_connection`);
    }
    if (!settings.input) removeField(inputType(schema, names.input), field);
    if (!settings.filters) removeField(inputType(schema, names.filters), field);
  }
}

export function applyShadowCrud(schema: GraphQLSchema, service: ExtensionService, meta: SchemaMeta, mode: Mode): void {
  for (const [uid, state] of service.types) applyType(schema, meta, uid, state, mode);
}

/** A schema of what the roots still reach (removed types disappear); empty roots are dropped. */
export function rebuildSchema(schema: GraphQLSchema): GraphQLSchema {
  const root = (type: GraphQLObjectType | null | undefined) => (type && Object.keys(type.getFields()).length > 0 ? type : undefined);
  const byName = (name: string) => {
    const type = schema.getType(name);
    return type instanceof GraphQLObjectType ? type : undefined;
  };
  const query = root(schema.getQueryType() ?? byName('Query'));
  if (!query) throw new Error('graphql: the schema has no Query field left (shadow CRUD disabled everything and no extension adds one)');
  return new GraphQLSchema({
    query,
    mutation: root(schema.getMutationType() ?? byName('Mutation')),
    subscription: schema.getSubscriptionType(),
    directives: schema.getDirectives(),
  });
}
