// Users & permissions over GraphQL, on SQLite and PostgreSQL: Strapi 5's auth mutations (register,
// login, forgot/reset/change password, email confirmation over a real SMTP server on loopback),
// user and role mutations, their error shapes, the hostile inputs REST refuses (privileged fields,
// unknown actions), rate limits shared with REST, refresh mode and the v4 compatibility shape.
import { randomBytes } from 'node:crypto';
import { client } from '../helpers/http';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import type { TestDatabase } from '../helpers/fixture-app';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { writeAdvancedSettings } from '../../runtime/users-permissions/advanced-settings';

const uniq = () => randomBytes(5).toString('hex');
const PASSWORD = 'Passw0rd!x';

interface GqlResult {
  status: number;
  headers: Headers;
  // Tests assert on arbitrary response shapes.
  body: any;
}

async function gql(url: string, query: string, variables?: Record<string, unknown>, token?: string): Promise<GqlResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Data of a successful answer (fails the test with the errors otherwise). */
async function data(url: string, query: string, variables?: Record<string, unknown>, token?: string): Promise<any> {
  const res = await gql(url, query, variables, token);
  if (res.status !== 200 || res.body.errors) throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body.data;
}

/** Strapi's GraphQL error: HTTP 200, the field null, `extensions.code` and `extensions.error`. */
function expectGqlError(res: GqlResult, field: string, code: string, name: string, message: string): void {
  expect(res.status).toBe(200);
  expect(res.body.data?.[field] ?? null).toBeNull();
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0]).toMatchObject({ message, path: [field], extensions: { code, error: { name, message, details: expect.any(Object) } } });
}

const REGISTER = `mutation($i: UsersPermissionsRegisterInput!) { register(input: $i) { jwt user { id documentId username email confirmed blocked role { name type } } } }`;
const LOGIN = `mutation($i: UsersPermissionsLoginInput!) { login(input: $i) { jwt user { id username email role { type } } } }`;

interface Registered {
  username: string;
  email: string;
  jwt: string;
  id: string;
  documentId: string;
}

async function register(url: string): Promise<Registered> {
  const u = uniq();
  const input = { username: `g${u}`, email: `g${u}@example.com`, password: PASSWORD };
  const d = await data(url, REGISTER, { i: input });
  return { username: input.username, email: input.email, jwt: d.register.jwt, id: d.register.user.id, documentId: d.register.user.documentId };
}

describe.each<TestDatabase>(['sqlite', 'postgres'])('GraphQL users & permissions on %s', (database) => {
  describe('legacy JWTs, SMTP email, memory rate limits', () => {
    let db: TestDb;
    let smtp: SmtpSink;
    let app: ConfiguredApp;

    beforeAll(async () => {
      smtp = await startSmtpSink();
      db = await createTestDatabase(database);
      app = await startConfiguredApp(db.url, {
        'users-permissions': {
          config: {
            jwtSecret: 'gql-e2e-secret',
            bcryptRounds: 6,
            // Login's default (5 per 5 minutes) would stop this suite; forgot-password is lowered to test it.
            ratelimit: { routes: { login: { interval: 60_000, max: 1000 }, forgotPassword: { interval: 60_000, max: 2 } } },
          },
        },
        email: { config: { provider: 'nodemailer', providerOptions: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true }, settings: { defaultFrom: 'cms@example.com' } } },
      });
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
      await db?.drop();
      await smtp?.close();
    });

    describe('register and login', () => {
      it('registers with the role shown, logs in by email or username, and the token reaches `me`', async () => {
        const u = uniq();
        const reg = await gql(app.url, REGISTER, { i: { username: `reg${u}`, email: `Reg${u}@Example.com`, password: PASSWORD } });
        expect(reg.headers.get('x-ratelimit-limit')).toBe('10');
        expect(reg.body.data.register.user).toEqual({ id: expect.stringMatching(/^\d+$/), documentId: expect.any(String), username: `reg${u}`, email: `reg${u}@example.com`, confirmed: true, blocked: false, role: { name: 'Authenticated', type: 'authenticated' } });
        const byEmail = await data(app.url, LOGIN, { i: { identifier: `REG${u}@example.com`, password: PASSWORD } });
        expect(byEmail.login.user).toEqual({ id: reg.body.data.register.user.id, username: `reg${u}`, email: `reg${u}@example.com`, role: null });
        const byUsername = await data(app.url, LOGIN, { i: { identifier: `reg${u}`, password: PASSWORD, provider: 'local' } });
        const me = await data(app.url, '{ me { username email role { type } } }', undefined, byUsername.login.jwt);
        expect(me.me).toEqual({ username: `reg${u}`, email: `reg${u}@example.com`, role: { type: 'authenticated' } });
        // The same token works on REST.
        expect((await client(app.url, { authorization: `Bearer ${byEmail.login.jwt}` }).get('/api/users/me')).body.username).toBe(`reg${u}`);
      });

      it("answers wrong passwords and unknown users alike, with Strapi's ValidationError", async () => {
        const r = await register(app.url);
        const wrong = await gql(app.url, LOGIN, { i: { identifier: r.email, password: 'wrong-password' } });
        expectGqlError(wrong, 'login', 'BAD_USER_INPUT', 'ValidationError', 'Invalid identifier or password');
        const unknown = await gql(app.url, LOGIN, { i: { identifier: `nobody${uniq()}@example.com`, password: 'wrong-password' } });
        expect(unknown.body).toEqual(wrong.body);
        expectGqlError(await gql(app.url, LOGIN, { i: { identifier: '', password: 'x' } }), 'login', 'BAD_USER_INPUT', 'ValidationError', 'identifier is a required field');
        expectGqlError(await gql(app.url, LOGIN, { i: { identifier: r.email, password: PASSWORD, provider: 'github' } }), 'login', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'This provider is disabled');
      });

      it('refuses duplicates, invalid input, blocked users and a disabled registration', async () => {
        const r = await register(app.url);
        const duplicate = await gql(app.url, REGISTER, { i: { username: `x${uniq()}`, email: r.email.toUpperCase(), password: PASSWORD } });
        expectGqlError(duplicate, 'register', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Email or Username are already taken');
        expectGqlError(await gql(app.url, REGISTER, { i: { username: r.username, email: `y${uniq()}@example.com`, password: PASSWORD } }), 'register', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Email or Username are already taken');
        const invalid = await gql(app.url, REGISTER, { i: { username: `z${uniq()}`, email: 'not-an-email', password: PASSWORD } });
        expectGqlError(invalid, 'register', 'BAD_USER_INPUT', 'ValidationError', 'email must be a valid email');
        expect(invalid.body.errors[0].extensions.error.details.errors).toEqual([expect.objectContaining({ path: ['email'] })]);
        // Mass assignment is impossible: the input type has only the three credentials.
        const extra = await gql(app.url, REGISTER, { i: { username: `w${uniq()}`, email: `w${uniq()}@example.com`, password: PASSWORD, role: 1 } });
        expect(extra.status).toBe(400);

        await app.db.execute('UPDATE up_users SET blocked = ? WHERE id = ?', [database === 'postgres' ? true : 1, Number(r.id)]);
        expectGqlError(await gql(app.url, LOGIN, { i: { identifier: r.email, password: PASSWORD } }), 'login', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Your account has been blocked by an administrator');

        await writeAdvancedSettings(app.db, { allow_register: false });
        try {
          const off = await gql(app.url, REGISTER, { i: { username: `v${uniq()}`, email: `v${uniq()}@example.com`, password: PASSWORD } });
          expectGqlError(off, 'register', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Register action is currently disabled');
        } finally {
          await writeAdvancedSettings(app.db, { allow_register: true });
        }
      });
    });

    describe('passwords', () => {
      it('resets a password with the emailed code, once; forgotPassword reveals nothing', async () => {
        await writeAdvancedSettings(app.db, { email_reset_password: 'http://front.example/reset' });
        const r = await register(app.url);
        const since = smtp.messages.length;
        expect(await data(app.url, 'mutation($e: String!) { forgotPassword(email: $e) { ok } }', { e: r.email })).toEqual({ forgotPassword: { ok: true } });
        expect(await data(app.url, 'mutation($e: String!) { forgotPassword(email: $e) { ok } }', { e: `ghost${uniq()}@example.com` })).toEqual({ forgotPassword: { ok: true } });
        const mail = await smtp.waitFor(r.email, since);
        const code = /http:\/\/front\.example\/reset\?code=([0-9a-f]{64}\.[0-9a-z]+)/.exec(mail.text)?.[1] ?? '';
        expect(code).not.toBe('');

        const reset = 'mutation($p: String!, $c: String!, $code: String!) { resetPassword(password: $p, passwordConfirmation: $c, code: $code) { jwt user { id username } } }';
        expectGqlError(await gql(app.url, reset, { p: 'N3wPassw0rd!', c: 'Other0rd!', code }), 'resetPassword', 'BAD_USER_INPUT', 'ValidationError', 'Passwords do not match');
        expectGqlError(await gql(app.url, reset, { p: 'N3wPassw0rd!', c: 'N3wPassw0rd!', code: `${code}x` }), 'resetPassword', 'BAD_USER_INPUT', 'ValidationError', 'Incorrect code provided');
        const ok = await data(app.url, reset, { p: 'N3wPassw0rd!', c: 'N3wPassw0rd!', code });
        expect(ok.resetPassword).toEqual({ jwt: expect.any(String), user: { id: r.id, username: r.username } });
        expect((await data(app.url, LOGIN, { i: { identifier: r.email, password: 'N3wPassw0rd!' } })).login.user.id).toBe(r.id);
        expectGqlError(await gql(app.url, reset, { p: 'An0therPass!', c: 'An0therPass!', code }), 'resetPassword', 'BAD_USER_INPUT', 'ValidationError', 'Incorrect code provided');
      });

      it("changes the caller's password with Strapi's checks and messages", async () => {
        const r = await register(app.url);
        const change = 'mutation($cur: String!, $p: String!, $c: String!) { changePassword(currentPassword: $cur, password: $p, passwordConfirmation: $c) { jwt user { username } } }';
        expectGqlError(await gql(app.url, change, { cur: PASSWORD, p: 'N3wPassw0rd!', c: 'N3wPassw0rd!' }), 'changePassword', 'FORBIDDEN', 'ForbiddenError', 'Forbidden access');
        expectGqlError(await gql(app.url, change, { cur: 'wrong-one', p: 'N3wPassw0rd!', c: 'N3wPassw0rd!' }, r.jwt), 'changePassword', 'BAD_USER_INPUT', 'ValidationError', 'The provided current password is invalid');
        expectGqlError(await gql(app.url, change, { cur: PASSWORD, p: 'N3wPassw0rd!', c: 'nope' }, r.jwt), 'changePassword', 'BAD_USER_INPUT', 'ValidationError', 'Passwords do not match');
        expectGqlError(await gql(app.url, change, { cur: PASSWORD, p: PASSWORD, c: PASSWORD }, r.jwt), 'changePassword', 'BAD_USER_INPUT', 'ValidationError', 'Your new password must be different than your current password');
        const ok = await data(app.url, change, { cur: PASSWORD, p: 'N3wPassw0rd!', c: 'N3wPassw0rd!' }, r.jwt);
        expect(ok.changePassword).toEqual({ jwt: expect.any(String), user: { username: r.username } });
        expectGqlError(await gql(app.url, LOGIN, { i: { identifier: r.username, password: PASSWORD } }), 'login', 'BAD_USER_INPUT', 'ValidationError', 'Invalid identifier or password');
        expect((await data(app.url, LOGIN, { i: { identifier: r.username, password: 'N3wPassw0rd!' } })).login.jwt).toEqual(expect.any(String));
      });
    });

    describe('email confirmation', () => {
      it('registers without a token, then confirms with the emailed code and answers one', async () => {
        await writeAdvancedSettings(app.db, { email_confirmation: true });
        try {
          const u = uniq();
          const email = `conf${u}@example.com`;
          const since = smtp.messages.length;
          const reg = await data(app.url, REGISTER, { i: { username: `conf${u}`, email, password: PASSWORD } });
          expect(reg.register).toMatchObject({ jwt: null, user: { username: `conf${u}`, confirmed: false } });
          expectGqlError(await gql(app.url, LOGIN, { i: { identifier: email, password: PASSWORD } }), 'login', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Your account email is not confirmed');
          const mail = await smtp.waitFor(email, since);
          const code = /email-confirmation\?confirmation=([0-9a-f]{64}\.[0-9a-z]+)/.exec(mail.text)?.[1] ?? '';
          expect(code).not.toBe('');
          const confirm = 'mutation($c: String!) { emailConfirmation(confirmation: $c) { jwt user { id email confirmed } } }';
          // Strapi's answer to a bad code: the field null and `Invalid token`.
          expectGqlError(await gql(app.url, confirm, { c: 'bad' }), 'emailConfirmation', 'BAD_USER_INPUT', 'ValidationError', 'Invalid token');
          const ok = await data(app.url, confirm, { c: code });
          expect(ok.emailConfirmation).toEqual({ jwt: expect.any(String), user: { id: reg.register.user.id, email, confirmed: true } });
          expect((await data(app.url, '{ me { email } }', undefined, ok.emailConfirmation.jwt)).me.email).toBe(email);
          expectGqlError(await gql(app.url, confirm, { c: code }), 'emailConfirmation', 'BAD_USER_INPUT', 'ValidationError', 'Invalid token');
        } finally {
          await writeAdvancedSettings(app.db, { email_confirmation: false });
        }
      });
    });

    describe('users and roles', () => {
      const CREATE_USER = 'mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { documentId username email confirmed role { type } } } }';

      it('creates, updates and deletes users in the UsersPermissionsUserEntityResponse shape', async () => {
        const u = uniq();
        // Strapi 5.54 gives no default role here: the input names one.
        const noRole = await gql(app.url, CREATE_USER, { d: { username: `cu${u}`, email: `CU${u}@example.com`, password: PASSWORD } });
        expect(noRole.body.errors[0].message).toBe('role is a required field');
        const roles = await data(app.url, '{ usersPermissionsRoles(pagination: { limit: -1 }) { documentId type } }');
        const authenticated = roles.usersPermissionsRoles.find((r: { type: string }) => r.type === 'authenticated');
        const created = await data(app.url, CREATE_USER, { d: { username: `cu${u}`, email: `CU${u}@example.com`, password: PASSWORD, role: authenticated.documentId } });
        expect(created.createUsersPermissionsUser.data).toEqual({ documentId: expect.any(String), username: `cu${u}`, email: `cu${u}@example.com`, confirmed: false, role: { type: 'authenticated' } });
        const documentId = created.createUsersPermissionsUser.data.documentId;
        expect((await data(app.url, LOGIN, { i: { identifier: `cu${u}`, password: PASSWORD } })).login.user.username).toBe(`cu${u}`);
        const id = (await client(app.url).get('/api/users', { filters: { username: `cu${u}` } })).body[0].id as number;

        const update = 'mutation($id: ID!, $d: UsersPermissionsUserInput!) { updateUsersPermissionsUser(id: $id, data: $d) { data { username email } } }';
        // Numeric id (Strapi 5's argument) or documentId.
        expect((await data(app.url, update, { id: String(id), d: { username: `cu2${u}` } })).updateUsersPermissionsUser.data).toEqual({ username: `cu2${u}`, email: `cu${u}@example.com` });
        expect((await data(app.url, update, { id: documentId, d: { email: `cu3${u}@example.com` } })).updateUsersPermissionsUser.data.email).toBe(`cu3${u}@example.com`);
        const other = await register(app.url);
        expectGqlError(await gql(app.url, update, { id: String(id), d: { username: other.username } }), 'updateUsersPermissionsUser', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Username already taken');
        expectGqlError(await gql(app.url, update, { id: String(id), d: { email: other.email } }), 'updateUsersPermissionsUser', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Email already taken');
        expectGqlError(await gql(app.url, update, { id: '99999999', d: { username: 'x' } }), 'updateUsersPermissionsUser', 'STRAPI_NOT_FOUND_ERROR', 'NotFoundError', 'User not found');
        expectGqlError(await gql(app.url, CREATE_USER, { d: { username: `cu4${u}`, email: `cu4${u}@example.com` } }), 'createUsersPermissionsUser', 'BAD_USER_INPUT', 'ValidationError', 'password is a required field');
        expectGqlError(await gql(app.url, CREATE_USER, { d: { username: other.username, email: `cu5${u}@example.com`, password: PASSWORD, role: authenticated.documentId } }), 'createUsersPermissionsUser', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Username already taken');

        const remove = 'mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { username } } }';
        expect((await data(app.url, remove, { id: String(id) })).deleteUsersPermissionsUser).toEqual({ data: { username: `cu2${u}` } });
        expect((await data(app.url, remove, { id: String(id) })).deleteUsersPermissionsUser).toEqual({ data: null });
        expectGqlError(await gql(app.url, LOGIN, { i: { identifier: `cu3${u}@example.com`, password: PASSWORD } }), 'login', 'BAD_USER_INPUT', 'ValidationError', 'Invalid identifier or password');
      });

      it('manages roles (permissions as action uids) and keeps privileged user fields from unprivileged callers', async () => {
        const name = `Gql limited ${uniq()}`;
        const permissions = ['plugin::users-permissions.user.me', 'plugin::users-permissions.user.update', 'plugin::users-permissions.user.create'];
        expect(await data(app.url, 'mutation($d: UsersPermissionsRoleInput!) { createUsersPermissionsRole(data: $d) { ok } }', { d: { name, description: 'limited', permissions } })).toEqual({ createUsersPermissionsRole: { ok: true } });
        const bogus = await gql(app.url, 'mutation($d: UsersPermissionsRoleInput!) { createUsersPermissionsRole(data: $d) { ok } }', { d: { name: `${name} 2`, permissions: ['api::nope.nope.find'] } });
        expectGqlError(bogus, 'createUsersPermissionsRole', 'BAD_USER_INPUT', 'ValidationError', 'permissions: unknown action "api::nope.nope.find"');
        const roles = await data(app.url, '{ usersPermissionsRoles(pagination: { limit: -1 }) { documentId name type } }');
        const limited = roles.usersPermissionsRoles.find((r: { name: string }) => r.name === name);
        const authenticated = roles.usersPermissionsRoles.find((r: { type: string }) => r.type === 'authenticated');
        expect(limited.type).toMatch(/^gql_limited_[a-z0-9_]+$/);

        const u = uniq();
        const created = await data(app.url, CREATE_USER, { d: { username: `lim${u}`, email: `lim${u}@example.com`, password: PASSWORD, role: limited.documentId, confirmed: true } });
        expect(created.createUsersPermissionsUser.data).toMatchObject({ confirmed: true, role: { type: limited.type } });
        const jwt = (await data(app.url, LOGIN, { i: { identifier: `lim${u}`, password: PASSWORD } })).login.jwt as string;
        const update = 'mutation($id: ID!, $d: UsersPermissionsUserInput!) { updateUsersPermissionsUser(id: $id, data: $d) { data { username } } }';
        const self = created.createUsersPermissionsUser.data.documentId;
        for (const d of [{ role: authenticated.documentId }, { confirmed: false }, { blocked: false }, { provider: 'github' }, { resetPasswordToken: 'x' }]) {
          expectGqlError(await gql(app.url, update, { id: self, d }, jwt), 'updateUsersPermissionsUser', 'FORBIDDEN', 'ForbiddenError', 'Forbidden access');
        }
        expect((await data(app.url, update, { id: self, d: { username: `lim2${u}` } }, jwt)).updateUsersPermissionsUser.data).toEqual({ username: `lim2${u}` });
        expectGqlError(await gql(app.url, CREATE_USER, { d: { username: `x${u}`, email: `x${u}@example.com`, password: PASSWORD, role: authenticated.documentId } }, jwt), 'createUsersPermissionsUser', 'FORBIDDEN', 'ForbiddenError', 'Forbidden access');
        // Actions the role lacks are refused like on REST.
        expectGqlError(await gql(app.url, 'mutation { deleteUsersPermissionsRole(id: "1") { ok } }', undefined, jwt), 'deleteUsersPermissionsRole', 'FORBIDDEN', 'ForbiddenError', 'Forbidden access');

        // The whole permission set is replaced, and applies to the next request.
        expect((await gql(app.url, '{ articles { title } }', undefined, jwt)).body.errors[0].extensions.code).toBe('FORBIDDEN');
        const updateRole = 'mutation($id: ID!, $d: UsersPermissionsRoleInput!) { updateUsersPermissionsRole(id: $id, data: $d) { ok } }';
        expect(await data(app.url, updateRole, { id: limited.documentId, d: { description: 'reads articles', permissions: [...permissions, 'api::article.article.find'] } })).toEqual({ updateUsersPermissionsRole: { ok: true } });
        expect((await gql(app.url, '{ articles { title } }', undefined, jwt)).body.errors).toBeUndefined();
        const tree = (await client(app.url).get(`/api/users-permissions/roles/${limited.documentId}`)).body.role;
        expect(tree.description).toBe('reads articles');
        expect(tree.permissions['api::article'].controllers.article.find.enabled).toBe(true);
        expectGqlError(await gql(app.url, updateRole, { id: '99999999', d: { name: 'Nope role' } }), 'updateUsersPermissionsRole', 'STRAPI_NOT_FOUND_ERROR', 'NotFoundError', 'Role not found');

        // Deleting the role moves its users to Public; the Public role stays.
        expect(await data(app.url, 'mutation($id: ID!) { deleteUsersPermissionsRole(id: $id) { ok } }', { id: limited.documentId })).toEqual({ deleteUsersPermissionsRole: { ok: true } });
        expect((await client(app.url).get(`/api/users/${self}`, { populate: 'role' })).body.role.type).toBe('public');
        const pub = roles.usersPermissionsRoles.find((r: { type: string }) => r.type === 'public');
        expectGqlError(await gql(app.url, 'mutation($id: ID!) { deleteUsersPermissionsRole(id: $id) { ok } }', { id: pub.documentId }), 'deleteUsersPermissionsRole', 'STRAPI_APPLICATION_ERROR', 'ApplicationError', 'Cannot delete public role');
      });
    });

    describe('rate limits', () => {
      it('counts GraphQL forgotPassword in the REST bucket of the same address', async () => {
        const email = `limit${uniq()}@example.com`;
        const forgot = 'mutation($e: String!) { forgotPassword(email: $e) { ok } }';
        expect((await client(app.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
        const second = await gql(app.url, forgot, { e: email });
        expect([second.body.data, second.headers.get('x-ratelimit-remaining')]).toEqual([{ forgotPassword: { ok: true } }, '0']);
        const third = await gql(app.url, forgot, { e: email.toUpperCase() });
        expectGqlError(third, 'forgotPassword', 'STRAPI_RATE_LIMIT_ERROR', 'RateLimitError', 'Too many requests, please try again later.');
        expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await client(app.url).post('/api/auth/forgot-password', { email })).status).toBe(429);
        // Another address has its own bucket.
        expect((await data(app.url, forgot, { e: `other${uniq()}@example.com` })).forgotPassword.ok).toBe(true);
      });
    });
  });

  describe('default limits, refresh sessions and the v4 compatibility shape', () => {
    let db: TestDb;
    let app: ConfiguredApp;

    beforeAll(async () => {
      db = await createTestDatabase(database);
      app = await startConfiguredApp(db.url, {
        'users-permissions': { config: { jwtSecret: 'gql-e2e-refresh', bcryptRounds: 6, jwtManagement: 'refresh' } },
        graphql: { config: { v4CompatibilityMode: true } },
      });
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
      await db?.drop();
    });

    it('sends the refresh token as the HTTP-only cookie (the payload has no field for it)', async () => {
      const r = await register(app.url);
      const res = await gql(app.url, LOGIN, { i: { identifier: r.email, password: PASSWORD } });
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
      expect(cookie).toMatch(/^strapi_up_refresh=.+/);
      expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      const refreshed = await fetch(`${app.url}/api/auth/refresh`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
      expect(refreshed.status).toBe(200);
      expect((await data(app.url, '{ me { username } }', undefined, res.body.data.login.jwt)).me.username).toBe(r.username);
    });

    it('answers user mutations as v4 entities', async () => {
      const u = uniq();
      const roles = await data(app.url, '{ usersPermissionsRoles(pagination: { limit: -1 }) { data { id attributes { type } } } }');
      const role = roles.usersPermissionsRoles.data.find((r: { attributes: { type: string } }) => r.attributes.type === 'authenticated').id as string;
      const created = await data(app.url, 'mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { id attributes { username } } } }', { d: { username: `v4${u}`, email: `v4${u}@example.com`, password: PASSWORD, role } });
      expect(created.createUsersPermissionsUser.data).toEqual({ id: expect.any(String), attributes: { username: `v4${u}` } });
      const id = created.createUsersPermissionsUser.data.id as string;
      const deleted = await data(app.url, 'mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { id attributes { username } } } }', { id });
      expect(deleted.deleteUsersPermissionsUser.data).toEqual({ id, attributes: { username: `v4${u}` } });
    });

    it('counts GraphQL logins in the REST login bucket (5 per 5 minutes by default)', async () => {
      const r = await register(app.url);
      const api = client(app.url);
      const first = await api.post('/api/auth/local', { identifier: r.email, password: PASSWORD });
      expect([first.status, first.headers.get('x-ratelimit-limit')]).toEqual([200, '5']);
      let remaining = Number(first.headers.get('x-ratelimit-remaining'));
      while (remaining > 0) {
        const res = await gql(app.url, LOGIN, { i: { identifier: r.email, password: PASSWORD } });
        expect(res.body.data.login.jwt).toEqual(expect.any(String));
        expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
        remaining -= 1;
      }
      const limited = await gql(app.url, LOGIN, { i: { identifier: r.email, password: PASSWORD } });
      expectGqlError(limited, 'login', 'STRAPI_RATE_LIMIT_ERROR', 'RateLimitError', 'Too many requests, please try again later.');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const rest = await api.post('/api/auth/local', { identifier: r.email, password: PASSWORD });
      expect([rest.status, rest.body.error.name]).toEqual([429, 'RateLimitError']);
    });
  });
});
