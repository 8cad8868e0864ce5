// The built-in plugins' GraphQL API, with Strapi 5's names and shapes: users & permissions
// (`me`, register/login and the password and confirmation mutations, user and role mutations)
// and upload (`updateUploadFile`, `deleteUploadFile`; no upload through GraphQL). They are not
// shadow CRUD: their resolvers call the plugins' operations (`ctx.cms.plugins.<method>`), which
// check the same permissions and limits as the plugins' REST routes. Emitted like the rest so
// that the printed SDL and the TypeGraphQL classes hold them too, but for the account API and the
// file mutations, which the GraphQL package defines.
import type { ContentTypeMeta } from '../../runtime/core/model/types';
import { createMutationName, deleteMutationName, entityResponseName, inputName, typeName, updateMutationName } from '../../runtime/graphql/naming';
import type { ArgDef, FieldDef, NamedDef, ObjectDef, PluginMethod, RootFieldDef, TypeRef } from './graphql-ir';
import { FILE_UID, ROLE_UID, USER_UID } from '../builtins';
import { COMMON_MODULE, PACKAGED_TYPES } from './graphql-common';
import { moduleOf, type TypesContext } from './graphql-types';

/**
 * The account API (`me`, login, register, passwords) belongs to no content type and no schema
 * changes it: the GraphQL package defines its types and resolver (runtime/graphql/auth-types.ts),
 * described here for the printed SDL.
 */
const AUTH_MODULE = COMMON_MODULE;

export interface PluginSchema {
  types: NamedDef[];
  query: RootFieldDef[];
  mutation: RootFieldDef[];
}

const ref = (name: string, nonNull = false): TypeRef => ({ name, nonNull });
const field = (name: string, type: TypeRef): FieldDef => ({ name, type, args: [] });
const arg = (name: string, type: TypeRef): ArgDef => ({ name, type });
const strings = (...names: string[]): ArgDef[] => names.map((name) => arg(name, ref('String', true)));
const object = (name: string, module: string, fields: FieldDef[]): ObjectDef => ({ kind: 'object', name, module, fields });
const okPayload = (name: string, module: string): ObjectDef => object(name, module, [field('ok', ref('Boolean', true))]);

function root(module: string, owner: string, name: string, type: TypeRef, args: ArgDef[], method: PluginMethod): RootFieldDef {
  return { name, type, args, module, owner, resolve: { target: 'plugin', method } };
}

function authSchema(): PluginSchema {
  const payload = ref('UsersPermissionsLoginPayload');
  const auth = (name: string, type: TypeRef, args: ArgDef[], method: PluginMethod) => root(AUTH_MODULE, 'UsersPermissionsMe', name, type, args, method);
  return {
    types: [
      object('UsersPermissionsMe', AUTH_MODULE, [
        field('id', ref('ID', true)),
        field('documentId', ref('ID', true)),
        field('username', ref('String', true)),
        field('email', ref('String')),
        field('confirmed', ref('Boolean')),
        field('blocked', ref('Boolean')),
        field('role', ref('UsersPermissionsMeRole')),
      ]),
      object('UsersPermissionsMeRole', AUTH_MODULE, [field('id', ref('ID', true)), field('name', ref('String', true)), field('description', ref('String')), field('type', ref('String'))]),
      { kind: 'input', name: 'UsersPermissionsRegisterInput', module: AUTH_MODULE, fields: ['username', 'email', 'password'].map((name) => ({ name, type: ref('String', true) })) },
      {
        kind: 'input',
        name: 'UsersPermissionsLoginInput',
        module: AUTH_MODULE,
        fields: [
          { name: 'identifier', type: ref('String', true) },
          { name: 'password', type: ref('String', true) },
          { name: 'provider', type: ref('String', true), default: { kind: 'string', value: 'local' } },
        ],
      },
      okPayload('UsersPermissionsPasswordPayload', AUTH_MODULE),
      object('UsersPermissionsLoginPayload', AUTH_MODULE, [field('jwt', ref('String')), field('user', ref('UsersPermissionsMe', true))]),
    ],
    query: [auth('me', ref('UsersPermissionsMe'), [], 'me')],
    mutation: [
      auth('login', ref('UsersPermissionsLoginPayload', true), [arg('input', ref('UsersPermissionsLoginInput', true))], 'login'),
      auth('register', ref('UsersPermissionsLoginPayload', true), [arg('input', ref('UsersPermissionsRegisterInput', true))], 'register'),
      auth('forgotPassword', ref('UsersPermissionsPasswordPayload'), strings('email'), 'forgotPassword'),
      auth('resetPassword', payload, strings('password', 'passwordConfirmation', 'code'), 'resetPassword'),
      auth('changePassword', payload, strings('currentPassword', 'password', 'passwordConfirmation'), 'changePassword'),
      auth('emailConfirmation', payload, strings('confirmation'), 'emailConfirmation'),
    ],
  };
}

/** Strapi replaces shadow CRUD's user mutations with these (numeric `id`, `<Type>EntityResponse`). */
function userSchema(ctx: TypesContext, user: ContentTypeMeta): PluginSchema {
  const module = moduleOf(user.uid, ctx.meta);
  const type = typeName(user);
  const response = entityResponseName(user);
  const v4 = ctx.mode === 'v4';
  const mutation = (name: string, args: ArgDef[], method: PluginMethod) => root(module, type, name, ref(response, true), args, method);
  const data = arg('data', ref(inputName(type), true));
  const id = arg('id', ref('ID', true));
  return {
    // v4 shadow CRUD already has the entity response; v5 wraps the flat type.
    types: v4 ? [] : [object(response, module, [field('data', ref(type))])],
    query: [],
    mutation: [
      mutation(createMutationName(user), [data], v4 ? 'v4CreateUser' : 'createUser'),
      mutation(updateMutationName(user), [id, data], v4 ? 'v4UpdateUser' : 'updateUser'),
      mutation(deleteMutationName(user), [id], v4 ? 'v4DeleteUser' : 'deleteUser'),
    ],
  };
}

function roleSchema(ctx: TypesContext, role: ContentTypeMeta): PluginSchema {
  const module = moduleOf(role.uid, ctx.meta);
  const type = typeName(role);
  const payload = (verb: string) => `UsersPermissions${verb}RolePayload`;
  const data = arg('data', ref(inputName(type), true));
  const id = arg('id', ref('ID', true));
  return {
    types: ['Create', 'Update', 'Delete'].map((verb) => okPayload(payload(verb), module)),
    query: [],
    mutation: [
      root(module, type, createMutationName(role), ref(payload('Create')), [data], 'createRole'),
      root(module, type, updateMutationName(role), ref(payload('Update')), [id, data], 'updateRole'),
      root(module, type, deleteMutationName(role), ref(payload('Delete')), [id], 'deleteRole'),
    ],
  };
}

/** The file mutations: the GraphQL package defines them with the file type (PACKAGED_TYPES). */
function uploadSchema(ctx: TypesContext, file: ContentTypeMeta): PluginSchema {
  const module = PACKAGED_TYPES.has(file.uid) ? COMMON_MODULE : moduleOf(file.uid, ctx.meta);
  const type = typeName(file);
  const id = arg('id', ref('ID', true));
  return {
    types: [{ kind: 'input', name: 'FileInfoInput', module, fields: ['name', 'alternativeText', 'caption'].map((name) => ({ name, type: ref('String') })) }],
    query: [],
    mutation: [
      root(module, type, updateMutationName(file), ref(type, true), [id, arg('info', ref('FileInfoInput'))], 'updateFile'),
      root(module, type, deleteMutationName(file), ref(type), [id], 'deleteFile'),
    ],
  };
}

/** The plugins' part of the schema, for the plugin types the app exposes. */
export function pluginSchema(ctx: TypesContext): PluginSchema {
  const parts: PluginSchema[] = [];
  const user = ctx.exposed.get(USER_UID);
  const role = ctx.exposed.get(ROLE_UID);
  const file = ctx.exposed.get(FILE_UID);
  if (user) parts.push(authSchema(), userSchema(ctx, user));
  if (user && role) parts.push(roleSchema(ctx, role));
  if (file) parts.push(uploadSchema(ctx, file));
  return { types: parts.flatMap((p) => p.types), query: parts.flatMap((p) => p.query), mutation: parts.flatMap((p) => p.mutation) };
}
