// The GraphQL schema of a generated app as plain data. It is built once from the model per mode
// (graphql-build.ts) and rendered twice: as TypeGraphQL source (graphql-typegraphql.ts) and as the
// printed SDL (graphql-sdl.ts), so the two cannot disagree.

export type GraphqlMode = 'v5' | 'v4';

/** A type reference: `T`, `T!`, `[T]`, `[T]!`, `[T!]`, `[T!]!`. */
export interface TypeRef {
  name: string;
  list?: boolean;
  /** The field/argument itself is non-null. */
  nonNull?: boolean;
  /** List items are non-null. */
  itemNonNull?: boolean;
}

export type DefaultValue = { kind: 'emptyObject' } | { kind: 'emptyList' } | { kind: 'enum'; member: string } | { kind: 'string'; value: string };

export interface ArgDef {
  name: string;
  type: TypeRef;
  default?: DefaultValue;
}

/** Methods of the runtime's GraphqlRequest that generated resolvers call. */
export type ResolverMethod =
  | 'findMany'
  | 'findConnection'
  | 'findOne'
  | 'findSingle'
  | 'create'
  | 'update'
  | 'delete'
  | 'updateSingle'
  | 'deleteSingle'
  | 'findEntities'
  | 'v4FindOne'
  | 'v4FindSingle'
  | 'v4Create'
  | 'v4Update'
  | 'v4Delete'
  | 'v4UpdateSingle'
  | 'v4DeleteSingle'
  | 'field'
  | 'fieldConnection'
  | 'v4Related'
  | 'v4RelatedList';

/**
 * Operations of the built-in plugins (users & permissions, upload) that generated root fields
 * call as `ctx.cms.plugins.<method>({ args })`: they are not shadow CRUD of a content type.
 */
export type PluginMethod =
  | 'me'
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword'
  | 'emailConfirmation'
  | 'createUser'
  | 'updateUser'
  | 'deleteUser'
  | 'v4CreateUser'
  | 'v4UpdateUser'
  | 'v4DeleteUser'
  | 'createRole'
  | 'updateRole'
  | 'deleteRole'
  | 'updateFile'
  | 'deleteFile';

/**
 * How a field is resolved: a root field calls `method(uid, [idArg,] { other args }[, info])`; a
 * type's field calls `method(root, ownerUid, attribute, { args })`; a plugin root field calls
 * `plugins.method({ args })`.
 */
export type ResolverCall =
  | { target: 'root'; method: ResolverMethod; uid: string; idArg?: string; info?: boolean }
  | { target: 'field'; method: ResolverMethod; ownerUid: string; attribute: string }
  | { target: 'plugin'; method: PluginMethod };

export interface FieldDef {
  name: string;
  type: TypeRef;
  args: ArgDef[];
  resolve?: ResolverCall;
  deprecation?: string;
}

export interface InputFieldDef {
  name: string;
  type: TypeRef;
  default?: DefaultValue;
}

interface DefBase {
  name: string;
  /** Generated module (file under src/graphql/<mode>/) that defines it, or `common` when the runtime's GraphQL package does. */
  module: string;
  /** The GraphQL package's export implementing it, when that is not its TypeScript name (`JSONScalar`, `v4.I18NLocale`). */
  runtime?: string;
  description?: string;
}

export interface ObjectDef extends DefBase {
  kind: 'object';
  fields: FieldDef[];
}

export interface InputDef extends DefBase {
  kind: 'input';
  fields: InputFieldDef[];
}

export interface EnumDef extends DefBase {
  kind: 'enum';
  /** GraphQL name → internal value. */
  values: { name: string; value: string }[];
}

export interface UnionDef extends DefBase {
  kind: 'union';
  members: string[];
  /** Component uid (content type uid for a morph union) → member type name, for resolveType. */
  components: Record<string, string>;
  /** The entry key naming its uid: `__component` (dynamic zones, the default) or `__type` (GenericMorph). */
  tag?: '__type';
}

/**
 * A custom scalar: `runtime` names the runtime export implementing it, or `zone` maps the member
 * type names of a dynamic zone to component uids (its write form).
 */
export interface ScalarDef extends DefBase {
  kind: 'scalar';
  zone?: Record<string, string>;
}

export type NamedDef = ObjectDef | InputDef | EnumDef | UnionDef | ScalarDef;

/** A Query or Mutation field, defined in the module of the type it serves. */
export interface RootFieldDef extends FieldDef {
  module: string;
  /** The object type the field's resolver class is attached to (TypeGraphQL `@Resolver(() => T)`). */
  owner: string;
}

export interface GraphqlSchemaDef {
  mode: GraphqlMode;
  /** In emission order. */
  types: NamedDef[];
  query: RootFieldDef[];
  mutation: RootFieldDef[];
}

export const BUILTIN_SCALARS: ReadonlySet<string> = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

/** `[T!]!` notation of a reference. */
export function printTypeRef(ref: TypeRef): string {
  if (!ref.list) return `${ref.name}${ref.nonNull ? '!' : ''}`;
  return `[${ref.name}${ref.itemNonNull ? '!' : ''}]${ref.nonNull ? '!' : ''}`;
}
