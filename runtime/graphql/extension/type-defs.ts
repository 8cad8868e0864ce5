// Adds extension SDL and resolvers to the built schema with graphql-js alone. Strapi's extensions
// write `type Query { … }` to add queries; a definition of a type that already exists is read as
// an extension of it, so that form works here too.
import {
  extendSchema,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLUnionType,
  GraphQLInterfaceType,
  Kind,
  parse,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import type { ResolverMap, Resolver } from './types';

/** `type X { … }` for an existing (or repeated) X → `extend type X { … }`; same for inputs, enums, unions, interfaces. */
function asExtensions(documents: DocumentNode[], schema: GraphQLSchema): DocumentNode {
  const known = new Set(Object.keys(schema.getTypeMap()));
  const definitions: DefinitionNode[] = [];
  for (const document of documents) {
    for (const definition of document.definitions) {
      if ('name' in definition && definition.name && known.has(definition.name.value)) {
        switch (definition.kind) {
          case Kind.OBJECT_TYPE_DEFINITION:
            definitions.push({ ...definition, kind: Kind.OBJECT_TYPE_EXTENSION });
            continue;
          case Kind.INPUT_OBJECT_TYPE_DEFINITION:
            definitions.push({ ...definition, kind: Kind.INPUT_OBJECT_TYPE_EXTENSION });
            continue;
          case Kind.ENUM_TYPE_DEFINITION:
            definitions.push({ ...definition, kind: Kind.ENUM_TYPE_EXTENSION });
            continue;
          case Kind.UNION_TYPE_DEFINITION:
            definitions.push({ ...definition, kind: Kind.UNION_TYPE_EXTENSION });
            continue;
          case Kind.INTERFACE_TYPE_DEFINITION:
            definitions.push({ ...definition, kind: Kind.INTERFACE_TYPE_EXTENSION });
            continue;
          default:
            break;
        }
      }
      if ('name' in definition && definition.name && definition.kind.endsWith('Definition')) known.add(definition.name.value);
      definitions.push(definition);
    }
  }
  return { kind: Kind.DOCUMENT, definitions };
}

export function applyTypeDefs(schema: GraphQLSchema, typeDefs: readonly string[]): GraphQLSchema {
  if (typeDefs.length === 0) return schema;
  return extendSchema(schema, asExtensions(typeDefs.map((sdl) => parse(sdl)), schema));
}

function isResolver(value: unknown): value is Resolver {
  return typeof value === 'function';
}

/** Sets the given resolvers on the schema's fields (replacing generated ones with the same path). */
export function applyResolvers(schema: GraphQLSchema, resolvers: readonly ResolverMap[]): void {
  for (const map of resolvers) {
    for (const [typeName, entry] of Object.entries(map)) {
      const type = schema.getType(typeName);
      if (!type) throw new Error(`graphql extension: resolvers for unknown type ${typeName}`);
      if (entry instanceof GraphQLScalarType) {
        if (!(type instanceof GraphQLScalarType)) throw new Error(`graphql extension: ${typeName} is not a scalar`);
        type.serialize = entry.serialize;
        type.parseValue = entry.parseValue;
        type.parseLiteral = entry.parseLiteral;
        continue;
      }
      for (const [fieldName, resolver] of Object.entries(entry)) {
        if (fieldName === '__resolveType' && (type instanceof GraphQLUnionType || type instanceof GraphQLInterfaceType) && isResolver(resolver)) {
          type.resolveType = resolver as unknown as GraphQLUnionType['resolveType'];
          continue;
        }
        if (!(type instanceof GraphQLObjectType)) throw new Error(`graphql extension: ${typeName} has no fields to resolve`);
        const field = type.getFields()[fieldName];
        if (!field) throw new Error(`graphql extension: resolver for unknown field ${typeName}.${fieldName}`);
        field.resolve = (isResolver(resolver) ? resolver : resolver.resolve) as typeof field.resolve;
      }
    }
  }
}
