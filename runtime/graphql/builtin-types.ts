// The GraphQL types and queries of a built-in content type that no schema extends (the i18n
// locales, the upload files), in both shapes: what the generator builds for a content type
// (generator/emitters/graphql-types.ts, graphql-roots.ts) from the same attributes, so every app
// gets the same classes from this package instead of generating them. A v4 type has Strapi 5's
// name; only one shape is in a schema (TypeGraphQL keeps the types its resolvers reach).
import { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLString, type GraphQLResolveInfo, type GraphQLScalarType } from 'graphql';
import {
  DateTimeFilterInput,
  FloatFilterInput,
  IDFilterInput,
  IntFilterInput,
  JSONFilterInput,
  PaginationArg,
  PaginationGql,
  PublicationFilter,
  PublicationStatus,
  ResponseCollectionMeta,
  StringFilterInput,
} from './common-types';
import type { ListArgs } from './args';
import { graphqlClass, rootResolver, type ArgSpec, type FieldSpec, type RootFieldSpec } from './graphql-class';
import { DateTimeScalar, JSONScalar } from './scalars';

type Scalar = 'String' | 'Int' | 'Float' | 'JSON';

export interface BuiltinType {
  uid: string;
  /** The GraphQL type: `I18NLocale`. */
  name: string;
  /** The queries of one document and of a list: `i18NLocale`, `i18NLocales`. */
  one: string;
  many: string;
  /** The attributes the API shows, in order: name, GraphQL scalar, required. */
  attributes: Array<[name: string, scalar: Scalar, required?: true]>;
}

/** A `<Type>FiltersInput` value: attribute filters, `and`, `or`, `not`. */
export type BuiltinFiltersInput = Record<string, unknown>;

const SCALARS: Record<Scalar, GraphQLScalarType> = { String: GraphQLString, Int: GraphQLInt, Float: GraphQLFloat, JSON: JSONScalar };
const FILTERS: Record<Scalar, Function> = { String: StringFilterInput, Int: IntFilterInput, Float: FloatFilterInput, JSON: JSONFilterInput };
const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'];
type Class = new () => object;

/** `<Type>FiltersInput`, the same in both shapes. */
export function builtinFilters(type: BuiltinType): new () => BuiltinFiltersInput {
  return graphqlClass<BuiltinFiltersInput>('input', `${type.name}FiltersInput`, (self) => [
    ['documentId', () => IDFilterInput, true],
    ...type.attributes.map(([name, scalar]): FieldSpec => [name, () => FILTERS[scalar], true]),
    ...TIMESTAMPS.map((name): FieldSpec => [name, () => DateTimeFilterInput, true]),
    ['and', () => [self], 'itemsAndList'],
    ['or', () => [self], 'itemsAndList'],
    ['not', () => self, true],
  ]);
}

/** The attributes and timestamps of the object type. */
function fields(type: BuiltinType): FieldSpec[] {
  return [
    ...type.attributes.map(([name, scalar, required]): FieldSpec => [name, () => SCALARS[scalar], required ? undefined : true]),
    ...TIMESTAMPS.map((name): FieldSpec => [name, () => DateTimeScalar, true]),
  ];
}

const listArgs = (filters: Function): ArgSpec[] => [
  ['filters', () => filters, true],
  ['pagination', () => PaginationArg, true, {}],
  ['sort', () => [GraphQLString], 'itemsAndList', []],
];

const READING_ARGS: ArgSpec[] = [
  ['status', () => PublicationStatus, true, PublicationStatus.PUBLISHED],
  ['hasPublishedVersion', () => GraphQLBoolean, true],
  ['publicationFilter', () => PublicationFilter, true],
];

/** Mutations of the type's plugin, given its object type in the shape at hand. */
export type PluginMutations = (type: () => Function) => RootFieldSpec[];

/** Strapi 5's shape: the flat type, its lists, and `<one>(documentId)`, `<many>`, `<many>_connection`. */
export function v5Types(type: BuiltinType, filters: Function, mutations: PluginMutations = () => []) {
  const object = graphqlClass<object>('object', type.name, () => [['documentId', () => GraphQLID], ...fields(type)]);
  const relationCollection = graphqlClass<object>('object', `${type.name}RelationResponseCollection`, () => [['nodes', () => [object]]]);
  const collection = graphqlClass<object>('object', `${type.name}EntityResponseCollection`, () => [
    ['nodes', () => [object]],
    ['pageInfo', () => PaginationGql],
  ]);
  const { uid } = type;
  const list = [...listArgs(filters), ...READING_ARGS];
  const resolver = rootResolver(`${type.name}RootResolver`, () => object, [
    { name: type.one, kind: 'query', type: () => object, nullable: true, args: [['documentId', () => GraphQLID], ...READING_ARGS], info: true, call: ({ documentId, ...args }, ctx, info) => ctx.cms.findOne(uid, documentId as string, args as ListArgs, info) },
    { name: type.many, kind: 'query', type: () => [object], nullable: 'items', args: list, info: true, call: (args, ctx, info) => ctx.cms.findMany(uid, args as ListArgs, info) },
    { name: `${type.many}_connection`, kind: 'query', type: () => collection, nullable: true, args: list, info: true, call: (args, ctx, info) => ctx.cms.findConnection(uid, args as ListArgs, info as GraphQLResolveInfo) },
    ...mutations(() => object),
  ]);
  return { object: object as Class, relationCollection: relationCollection as Class, collection: collection as Class, resolver };
}

/** Strapi 4's shape: the type, its entity wrappers, and `<one>(id)`, `<many>`. */
export function v4Types(type: BuiltinType, filters: Function, mutations: PluginMutations = () => []) {
  const object = graphqlClass<object>('object', type.name, () => fields(type));
  const entity = graphqlClass<object>('object', `${type.name}Entity`, () => [
    ['id', () => GraphQLID, true],
    ['attributes', () => object, true],
  ]);
  const response = graphqlClass<object>('object', `${type.name}EntityResponse`, () => [['data', () => entity, true]]);
  const collection = graphqlClass<object>('object', `${type.name}EntityResponseCollection`, () => [
    ['data', () => [entity]],
    ['meta', () => ResponseCollectionMeta],
  ]);
  const relationCollection = graphqlClass<object>('object', `${type.name}RelationResponseCollection`, () => [['data', () => [entity]]]);
  const { uid } = type;
  const resolver = rootResolver(`${type.name}RootResolver`, () => object, [
    { name: type.one, kind: 'query', type: () => response, nullable: true, args: [['id', () => GraphQLID, true]], info: true, call: ({ id }, ctx, info) => ctx.cms.v4FindOne(uid, id as string | null | undefined, {}, info) },
    { name: type.many, kind: 'query', type: () => collection, nullable: true, args: listArgs(filters), info: true, call: (args, ctx, info) => ctx.cms.findEntities(uid, args as ListArgs, info) },
    ...mutations(() => object),
  ]);
  return { object: object as Class, entity: entity as Class, response: response as Class, collection: collection as Class, relationCollection: relationCollection as Class, resolver };
}
