// users & permissions' users and roles routes: /users, /users/me, /users/count,
// /users-permissions/roles and /users-permissions/permissions (bare JSON, as Strapi answers).
import type { QuerySpecs } from '../../runtime/core/query/spec';
import { documentSchema, type DocumentContext } from './openapi-documents';
import { errorRefs, jsonResponse, type ErrorStatus } from './openapi-envelopes';
import { filtersSchema } from './openapi-filters';
import { add, body, idParam, ok, op, queryParameters, spec, str, type Paths } from './openapi-plugin-common';
import { extensionInputs } from './openapi-extension-inputs';
import { object } from './openapi-registry';
import { OPTIONAL_AUTH, PER_ROLE_NOTE, USER_AUTH } from './openapi-security';

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';

export function userPaths(paths: Paths, ctx: DocumentContext, specs: QuerySpecs): void {
  const registry = ctx.registry;
  const user = documentSchema(ctx, USER_UID);
  const target = spec(specs, USER_UID);
  const tag = 'Users-Permissions - Users & Roles';
  const note = `${PER_ROLE_NOTE} Permissions: plugin::users-permissions.user.*.`;
  const errors: ErrorStatus[] = ['400', '401', '403', '500'];
  const userInput = registry.ref('UsersPermissionsUserInput', () =>
    object(
      { username: str, email: str, password: str, provider: str, confirmed: { type: 'boolean' }, blocked: { type: 'boolean' }, role: { anyOf: [{ type: 'integer' }, str] }, ...extensionInputs(ctx, USER_UID) },
      { closed: false },
    ),
  );
  add(paths, '/users/me', 'get', op(tag, 'The logged-in user', USER_AUTH, { operationId: 'usersMe', parameters: queryParameters(target, registry, false), responses: { '200': jsonResponse('The user.', user), ...errorRefs(errors) } }));
  add(paths, '/users/count', 'get', op(tag, 'Count users', OPTIONAL_AUTH, { operationId: 'usersCount', parameters: [{ name: 'filters', in: 'query', style: 'deepObject', explode: true, schema: filtersSchema(target, registry) }], responses: { '200': jsonResponse('How many.', { type: 'integer' }), ...errorRefs(errors) } }, note));
  add(paths, '/users', 'get', op(tag, 'List users', OPTIONAL_AUTH, { operationId: 'usersFind', parameters: queryParameters(target, registry, true), responses: { '200': jsonResponse('Users (a bare array).', { type: 'array', items: user }), ...errorRefs(errors) } }, note));
  add(paths, '/users', 'post', op(tag, 'Create a user', OPTIONAL_AUTH, { operationId: 'usersCreate', requestBody: body(userInput), responses: { '201': jsonResponse('The user.', user), ...errorRefs(errors) } }, note));
  add(
    paths,
    '/users/{id}',
    'get',
    op(tag, 'Get a user', OPTIONAL_AUTH, { operationId: 'usersFindOne', parameters: [idParam, ...queryParameters(target, registry, false)], responses: { '200': jsonResponse('The user.', user), '204': { description: 'No such user (Strapi answers an empty body).' }, ...errorRefs(errors) } }, note),
  );
  add(paths, '/users/{id}', 'put', op(tag, 'Update a user', OPTIONAL_AUTH, { operationId: 'usersUpdate', parameters: [idParam], requestBody: body(userInput), responses: { '200': jsonResponse('The user.', user), ...errorRefs([...errors, '404']) } }, note));
  add(paths, '/users/{id}', 'delete', op(tag, 'Delete a user', OPTIONAL_AUTH, { operationId: 'usersDelete', parameters: [idParam], responses: { '200': jsonResponse('The deleted user.', user), '204': { description: 'No such user.' }, ...errorRefs(errors) } }, note));

  const role = registry.ref('UsersPermissionsRoleSummary', () => object({ id: { type: 'integer' }, documentId: str, name: str, description: { type: ['string', 'null'] }, type: { type: ['string', 'null'] }, nb_users: { type: 'integer' } }, { required: ['id', 'name'], closed: false }));
  const tree = registry.ref('PermissionTree', () => ({ type: 'object', description: '{ "<api or plugin>": { controllers: { "<controller>": { "<action>": { enabled, policy } } } } }', additionalProperties: { type: 'object' } }));
  const roleExtension = extensionInputs(ctx, ROLE_UID);
  const roleInput = registry.ref('UsersPermissionsRoleInput', () =>
    object(
      { name: str, description: str, type: str, permissions: tree, ...roleExtension },
      { closed: false, description: Object.keys(roleExtension).length ? `A role extension's own attributes (${Object.keys(roleExtension).join(', ')}) are written when the role is created; an update writes name, description and permissions only.` : undefined },
    ),
  );
  const roleNote = `${PER_ROLE_NOTE} Permissions: plugin::users-permissions.roles.*.`;
  add(paths, '/users-permissions/roles', 'get', op(tag, 'List roles', OPTIONAL_AUTH, { operationId: 'rolesFind', responses: { '200': jsonResponse('The roles with their user counts.', object({ roles: { type: 'array', items: role } }, { required: ['roles'] })), ...errorRefs(errors) } }, roleNote));
  add(paths, '/users-permissions/roles', 'post', op(tag, 'Create a role', OPTIONAL_AUTH, { operationId: 'rolesCreate', requestBody: body(roleInput), responses: { '200': jsonResponse('Created.', ok), ...errorRefs(errors) } }, roleNote));
  add(
    paths,
    '/users-permissions/roles/{id}',
    'get',
    op(tag, 'Get a role and its permission tree', OPTIONAL_AUTH, { operationId: 'rolesFindOne', parameters: [idParam], responses: { '200': jsonResponse('The role.', object({ role: { allOf: [role, object({ permissions: tree }, { closed: false })] } }, { required: ['role'] })), ...errorRefs([...errors, '404']) } }, roleNote),
  );
  add(paths, '/users-permissions/roles/{id}', 'put', op(tag, 'Update a role', OPTIONAL_AUTH, { operationId: 'rolesUpdate', parameters: [idParam], requestBody: body(roleInput), responses: { '200': jsonResponse('Updated.', ok), ...errorRefs([...errors, '404']) } }, roleNote));
  add(paths, '/users-permissions/roles/{id}', 'delete', op(tag, 'Delete a role', OPTIONAL_AUTH, { operationId: 'rolesDelete', parameters: [idParam], responses: { '200': jsonResponse('Deleted.', ok), ...errorRefs([...errors, '404']) } }, roleNote));
  add(paths, '/users-permissions/permissions', 'get', op(tag, 'The permission tree of the app', OPTIONAL_AUTH, { operationId: 'permissionsFind', responses: { '200': jsonResponse('Every action, none enabled.', object({ permissions: tree }, { required: ['permissions'] })), ...errorRefs(errors) } }, roleNote));
}
