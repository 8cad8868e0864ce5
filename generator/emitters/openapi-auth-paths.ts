// users & permissions' auth routes (runtime/users-permissions/routes): local login and register,
// password flows, email confirmation, refresh/logout (jwtManagement "refresh") and OAuth.
import { documentSchema, type DocumentContext } from './openapi-documents';
import { errorRefs, jsonResponse, type ErrorStatus } from './openapi-envelopes';
import { add, body, ok, op, str, type Paths } from './openapi-plugin-common';
import { object, type JsonObject } from './openapi-registry';
import { NO_AUTH, USER_AUTH } from './openapi-security';
import { extensionInputs } from './openapi-extension-inputs';

const USER_UID = 'plugin::users-permissions.user';

export function authPaths(paths: Paths, ctx: DocumentContext): void {
  const user = documentSchema(ctx, USER_UID);
  const registry = ctx.registry;
  // Registration can never set the plugin's account state, whatever allowedFields says.
  const registerExtras = extensionInputs(ctx, USER_UID);
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
    public_(
      'Register',
      'authRegister',
      object(
        { username: str, email: { type: 'string' }, password: str, ...registerExtras },
        {
          required: ['username', 'email', 'password'],
          closed: false,
          description: Object.keys(registerExtras).length
            ? 'The credentials, and the user attributes that config/plugins `users-permissions.config.register.allowedFields` lists (any other field is a 400 `Invalid parameters`).'
            : undefined,
        },
      ),
      jsonResponse('Registered.', authResult),
      ['403'],
    ),
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
