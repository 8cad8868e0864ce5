// Routes of the built-in plugins: users & permissions (runtime/users-permissions/routes), upload
// (runtime/upload/routes.ts) and i18n's locale list (runtime/app/locales-route.ts). Their answers
// are bare JSON (no `{ data, meta }`), except /upload/files/page; errors use the envelope.
import type { SchemaMeta } from '../../runtime/model/types';
import type { ContentTypeQuerySpec, QuerySpecs } from '../../runtime/query/spec';
import { documentSchema, type DocumentContext } from './openapi-documents';
import { errorRefs, jsonResponse, listEnvelope, type ErrorStatus } from './openapi-envelopes';
import { filtersSchema } from './openapi-filters';
import { fieldsSchema, populateSchema, sortSchema } from './openapi-populate';
import { object, type JsonObject, type SchemaRegistry } from './openapi-registry';
import { NO_AUTH, OPTIONAL_AUTH, PER_ROLE_NOTE, USER_AUTH } from './openapi-security';

const USER_UID = 'plugin::users-permissions.user';
const FILE_UID = 'plugin::upload.file';
const LOCALE_UID = 'plugin::i18n.locale';

type Paths = Map<string, Map<string, JsonObject>>;

function add(paths: Paths, path: string, method: string, op: JsonObject): void {
  const methods = paths.get(path) ?? new Map<string, JsonObject>();
  methods.set(method, op);
  paths.set(path, methods);
}

const body = (schema: JsonObject): JsonObject => ({ required: true, content: { 'application/json': { schema } } });
const str = { type: 'string' };
const ok = object({ ok: { type: 'boolean', const: true } }, { required: ['ok'] });

function spec(specs: QuerySpecs, uid: string): ContentTypeQuerySpec {
  const found = specs[uid];
  if (!found || found.kind !== 'contentType') throw new Error(`openapi: no query spec for ${uid}`);
  return found;
}

/** filters, fields, populate, sort and pagination of a plugin list (users, files). */
function queryParameters(target: ContentTypeQuerySpec, registry: SchemaRegistry, list: boolean): JsonObject[] {
  const params: JsonObject[] = [
    { name: 'fields', in: 'query', style: 'form', explode: true, schema: fieldsSchema(target, registry) },
    { name: 'populate', in: 'query', style: 'deepObject', explode: true, schema: populateSchema(target, registry) },
  ];
  if (!list) return params;
  return [
    { name: 'filters', in: 'query', style: 'deepObject', explode: true, schema: filtersSchema(target, registry) },
    ...params,
    { name: 'sort', in: 'query', style: 'form', explode: true, schema: sortSchema(target, registry) },
    { $ref: '#/components/parameters/pagination' },
    // Strapi's users list also reads start/limit at the top level (?limit=2).
    { name: 'start', in: 'query', schema: { type: 'integer', minimum: 0 } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: -1 } },
  ];
}

function op(tag: string, summary: string, security: JsonObject[], parts: JsonObject, description?: string): JsonObject {
  return { tags: [tag], summary, ...(description ? { description } : {}), security, ...parts };
}

const idParam: JsonObject = { name: 'id', in: 'path', required: true, schema: str };

function authPaths(paths: Paths, ctx: DocumentContext): void {
  const user = documentSchema(ctx, USER_UID);
  const registry = ctx.registry;
  const authResult = registry.ref('AuthResponse', () =>
    object(
      { jwt: str, refreshToken: { ...str, description: 'With jwtManagement "refresh", unless the refresh token goes to an HTTP-only cookie.' }, user },
      { required: ['user'], description: '{ jwt, user }; register with email confirmation on answers { user } only.' },
    ),
  );
  const tag = 'Users-Permissions - Auth';
  const limited: ErrorStatus[] = ['400', '429', '500'];
  const public_ = (summary: string, action: string, schema: JsonObject, response: JsonObject, extra: ErrorStatus[] = []): JsonObject =>
    op(tag, summary, NO_AUTH, { operationId: action, requestBody: body(schema), responses: { '200': response, ...errorRefs([...limited, ...extra]) } }, 'Public (needs the Public role permission, granted by default); rate limited.');
  add(paths, '/auth/local', 'post', public_('Log in', 'authLocal', object({ identifier: str, password: str }, { required: ['identifier', 'password'] }), jsonResponse('Logged in.', authResult)));
  add(
    paths,
    '/auth/local/register',
    'post',
    public_('Register', 'authRegister', object({ username: str, email: { type: 'string' }, password: str }, { required: ['username', 'email', 'password'], closed: false }), jsonResponse('Registered.', authResult), ['403']),
  );
  add(paths, '/auth/forgot-password', 'post', public_('Ask for a password reset email', 'forgotPassword', object({ email: str }, { required: ['email'] }), jsonResponse('Sent (or nobody has that email).', ok)));
  add(
    paths,
    '/auth/reset-password',
    'post',
    public_('Reset a password with the emailed code', 'resetPassword', object({ code: str, password: str, passwordConfirmation: str }, { required: ['code', 'password', 'passwordConfirmation'] }), jsonResponse('New credentials.', authResult)),
  );
  add(
    paths,
    '/auth/change-password',
    'post',
    op(tag, 'Change the password of the logged-in user', USER_AUTH, {
      operationId: 'changePassword',
      requestBody: body(object({ currentPassword: str, password: str, passwordConfirmation: str }, { required: ['currentPassword', 'password', 'passwordConfirmation'] })),
      responses: { '200': jsonResponse('New credentials.', authResult), ...errorRefs(['400', '401', '403', '429', '500']) },
    }),
  );
  add(
    paths,
    '/auth/email-confirmation',
    'get',
    op(tag, 'Confirm an email address', NO_AUTH, {
      operationId: 'emailConfirmation',
      parameters: [{ name: 'confirmation', in: 'query', required: true, schema: str }],
      responses: { '302': { description: 'Confirmed: redirects to the configured page.' }, ...errorRefs(limited) },
    }),
  );
  add(
    paths,
    '/auth/send-email-confirmation',
    'post',
    public_('Send the confirmation email again', 'sendEmailConfirmation', object({ email: str }, { required: ['email'] }), jsonResponse('Sent.', object({ email: str, sent: { type: 'boolean' } }, { required: ['email', 'sent'] }))),
  );
  add(
    paths,
    '/auth/refresh',
    'post',
    op(tag, 'Trade a refresh token for a new JWT (jwtManagement "refresh")', NO_AUTH, {
      operationId: 'authRefresh',
      requestBody: { required: false, content: { 'application/json': { schema: object({ refreshToken: str }) } } },
      responses: { '200': jsonResponse('A new access token (and rotated refresh token).', object({ jwt: str, refreshToken: str }, { required: ['jwt'] })), ...errorRefs(['400', '401', '403', '404', '500']) },
    }, 'Served only with jwtManagement "refresh" (404 otherwise). The refresh token comes from the body or the HTTP-only cookie.'),
  );
  add(
    paths,
    '/auth/logout',
    'post',
    op(tag, 'End every session of the logged-in user (jwtManagement "refresh")', USER_AUTH, { operationId: 'authLogout', responses: { '200': jsonResponse('Logged out.', ok), ...errorRefs(['401', '403', '404', '500']) } }),
  );
  const provider = { name: 'provider', in: 'path', required: true, schema: str };
  add(paths, '/connect/{provider}', 'get', op(tag, 'Start an OAuth login with a provider', NO_AUTH, { operationId: 'connectProvider', parameters: [provider], responses: { '302': { description: "Redirect to the provider's login page." }, ...errorRefs(['400', '403', '404', '500']) } }));
  add(
    paths,
    '/connect/{provider}/callback',
    'get',
    op(tag, "The provider's redirect back", NO_AUTH, { operationId: 'connectProviderCallback', parameters: [provider], responses: { '302': { description: 'Redirect to the front end with the JWT.' }, ...errorRefs(['400', '403', '404', '500']) } }),
  );
  add(
    paths,
    '/auth/{provider}/callback',
    'get',
    op(tag, 'Log in with the access token a provider gave the front end', NO_AUTH, {
      operationId: 'authProviderCallback',
      parameters: [provider, { name: 'access_token', in: 'query', schema: str }],
      responses: { '200': jsonResponse('Logged in.', authResult), ...errorRefs(['400', '403', '404', '500']) },
    }),
  );
}

function userPaths(paths: Paths, ctx: DocumentContext, specs: QuerySpecs): void {
  const registry = ctx.registry;
  const user = documentSchema(ctx, USER_UID);
  const target = spec(specs, USER_UID);
  const tag = 'Users-Permissions - Users & Roles';
  const note = `${PER_ROLE_NOTE} Permissions: plugin::users-permissions.user.*.`;
  const errors: ErrorStatus[] = ['400', '401', '403', '500'];
  const userInput = registry.ref('UsersPermissionsUserInput', () =>
    object({ username: str, email: str, password: str, provider: str, confirmed: { type: 'boolean' }, blocked: { type: 'boolean' }, role: { anyOf: [{ type: 'integer' }, str] } }, { closed: false }),
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
  const roleInput = registry.ref('UsersPermissionsRoleInput', () => object({ name: str, description: str, type: str, permissions: tree }, { closed: false }));
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

function uploadPaths(paths: Paths, ctx: DocumentContext, specs: QuerySpecs): void {
  const registry = ctx.registry;
  const file = documentSchema(ctx, FILE_UID);
  const target = spec(specs, FILE_UID);
  const tag = 'Upload';
  const note = `${PER_ROLE_NOTE} Permissions: plugin::upload.content-api.*.`;
  const errors: ErrorStatus[] = ['400', '401', '403', '500'];
  const fileId: JsonObject = { name: 'id', in: 'path', required: true, description: 'The file id.', schema: { type: 'integer' } };
  add(paths, '/upload/files', 'get', op(tag, 'List files', OPTIONAL_AUTH, { operationId: 'uploadFind', parameters: queryParameters(target, registry, true), responses: { '200': jsonResponse('Files (a bare array).', { type: 'array', items: file }), ...errorRefs(errors) } }, note));
  add(paths, '/upload/files/page', 'get', op(tag, 'List files, one page with meta', OPTIONAL_AUTH, { operationId: 'uploadFindPage', parameters: queryParameters(target, registry, true), responses: { '200': jsonResponse('A page of files.', listEnvelope(registry, 'UploadFile', file)), ...errorRefs(errors) } }, note));
  add(paths, '/upload/files/{id}', 'get', op(tag, 'Get a file', OPTIONAL_AUTH, { operationId: 'uploadFindOne', parameters: [fileId, ...queryParameters(target, registry, false)], responses: { '200': jsonResponse('The file.', file), ...errorRefs([...errors, '404']) } }, note));
  add(paths, '/upload/files/{id}', 'delete', op(tag, 'Delete a file', OPTIONAL_AUTH, { operationId: 'uploadDestroy', parameters: [fileId], responses: { '200': jsonResponse('The deleted file.', file), ...errorRefs([...errors, '404']) } }, note));
  const fileInfo = object({ name: str, alternativeText: str, caption: str }, { closed: false });
  const form = object(
    {
      files: { anyOf: [{ type: 'string', contentMediaType: 'application/octet-stream' }, { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } }] },
      fileInfo: { description: 'JSON text: { name, alternativeText, caption } (a list of them for several files).', type: 'string' },
      ref: str,
      refId: str,
      field: str,
    },
    { closed: false },
  );
  add(
    paths,
    '/upload',
    'post',
    op(tag, 'Upload files (or, with ?id=, replace one or update its info)', OPTIONAL_AUTH, {
      operationId: 'upload',
      parameters: [{ name: 'id', in: 'query', description: 'Replace this file (or update its info when no file is sent).', schema: { type: 'integer' } }],
      requestBody: { required: true, content: { 'multipart/form-data': { schema: form, encoding: { fileInfo: { contentType: 'application/json' } } } } },
      responses: {
        '201': jsonResponse('The uploaded files.', { type: 'array', items: file }),
        '200': jsonResponse('With ?id=: the replaced or updated file.', file),
        ...errorRefs([...errors, '404', '413']),
      },
    }, `${note} ref/refId/field link the new files to an entry's media attribute. fileInfo: ${JSON.stringify(fileInfo.properties)}`),
  );
}

function localePaths(paths: Paths, ctx: DocumentContext): void {
  const locale = documentSchema(ctx, LOCALE_UID);
  add(
    paths,
    '/i18n/locales',
    'get',
    op('I18n', 'List the configured locales', OPTIONAL_AUTH, { operationId: 'i18nLocales', responses: { '200': jsonResponse('The locales (a bare array).', { type: 'array', items: locale }), ...errorRefs(['401', '403', '500']) } }, `${PER_ROLE_NOTE} Permission: plugin::i18n.locales.listLocales.`),
  );
}

/** Every plugin route, keyed by OpenAPI path (without the /api prefix). */
export function pluginPaths(meta: SchemaMeta, specs: QuerySpecs, registry: SchemaRegistry): Paths {
  const ctx: DocumentContext = { meta, registry };
  const paths: Paths = new Map();
  authPaths(paths, ctx);
  userPaths(paths, ctx, specs);
  uploadPaths(paths, ctx, specs);
  localePaths(paths, ctx);
  return paths;
}
