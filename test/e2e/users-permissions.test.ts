// Users & permissions end to end, on SQLite and PostgreSQL: local auth, email flows over a real
// SMTP server on loopback, OAuth against a fake provider, refresh sessions shared by two app
// instances, rate limits in memory and in Redis, users, roles, permissions, API tokens, and the
// hostile inputs of the issue (mass assignment, JWT tampering, token reuse, user enumeration).
import bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { runCliInProcess } from '../../generator/test-helpers/run-cli';
import { client, type JsonResponse } from '../helpers/http';
import { startFixtureApp, type FixtureApp, type TestDatabase } from '../helpers/fixture-app';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../helpers/fake-oauth-provider';
import { listCaseIds, runConformance, type CaseResult } from '../helpers/conformance';
import { writeAdvancedSettings } from '../../runtime/users-permissions/advanced-settings';
import { createApiToken } from '../../runtime/users-permissions/api-tokens/api-tokens';
import { DEVELOPMENT_API_TOKEN_SALT } from '../../runtime/users-permissions/api-tokens/salt';
import { sha256 } from '../../runtime/users-permissions/secrets';

type Api = ReturnType<typeof client>;

const SECRET = 'e2e-jwt-secret';
const uniq = () => randomBytes(5).toString('hex');

function expectError(res: JsonResponse, status: number, name: string, message?: string | RegExp): void {
  expect([res.status, res.body?.error?.name]).toEqual([status, name]);
  expect(res.body).toMatchObject({ data: null, error: { status, name, details: expect.any(Object) } });
  if (message !== undefined) expect(res.body.error.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
}

interface Registered {
  username: string;
  email: string;
  password: string;
  jwt: string;
  refreshToken?: string;
  user: { id: number; documentId: string } & Record<string, unknown>;
}

async function register(api: Api, extra: Record<string, unknown> = {}): Promise<Registered> {
  const u = uniq();
  const body = { username: `u${u}`, email: `u${u}@example.com`, password: 'Passw0rd!x', ...extra };
  const res = await api.post('/api/auth/local/register', body);
  expect(res.status).toBe(200);
  return { ...(body as { username: string; email: string; password: string }), jwt: res.body.jwt, refreshToken: res.body.refreshToken, user: res.body.user };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asUser = (api: Api, token: string) => ({
  get: (path: string, query?: object) => api.request('GET', path, { query, headers: bearer(token) }),
  post: (path: string, body: unknown) => api.request('POST', path, { body, headers: bearer(token) }),
  put: (path: string, body: unknown) => api.request('PUT', path, { body, headers: bearer(token) }),
  del: (path: string) => api.request('DELETE', path, { headers: bearer(token) }),
});

/** A GET that does not follow redirects. */
async function getRaw(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers });
}

/** `cms-gen token …` run in this process (the generator's CLI entry point; generator/cli.test.ts runs it as a process too). */
async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = await runCliInProcess(args, env);
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe.each<TestDatabase>(['sqlite', 'postgres'])('users & permissions on %s', (database) => {
  describe('legacy JWTs, SMTP email, OAuth providers, memory rate limits', () => {
    let db: TestDb;
    let smtp: SmtpSink;
    let oauth: FakeOAuthProvider;
    let app: ConfiguredApp;
    let api: Api;

    beforeAll(async () => {
      smtp = await startSmtpSink();
      oauth = await startFakeOAuthProvider();
      db = await createTestDatabase(database);
      const provider = (extra: object) => ({ clientId: oauth.clientId, clientSecret: oauth.clientSecret, authorizeUrl: `${oauth.url}/authorize`, tokenUrl: `${oauth.url}/token`, ...extra });
      app = await startConfiguredApp(db.url, {
        'users-permissions': {
          config: {
            jwtSecret: SECRET,
            bcryptRounds: 6,
            // Login's default (5 per 5 minutes) would stop this suite; other routes keep theirs.
            ratelimit: { routes: { login: { interval: 60_000, max: 1000 } } },
            providers: {
              github: provider({ profileUrl: `${oauth.url}/user` }),
              acme: provider({ profileUrl: `${oauth.url}/userinfo`, usernameField: 'preferred_username' }),
              frontend: provider({ preset: 'generic', profileUrl: `${oauth.url}/userinfo`, callback: 'http://front.example/oauth' }),
              google: { enabled: false },
            },
          },
        },
        email: { config: { provider: 'nodemailer', providerOptions: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true }, settings: { defaultFrom: 'cms@example.com' } } },
      });
      api = client(app.url);
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
      await db?.drop();
      await smtp?.close();
      await oauth?.close();
    });

    describe('register and login', () => {
      it('registers with the role shown, logs in by email (any case) or username, never shows private fields', async () => {
        const u = uniq();
        const res = await api.post('/api/auth/local/register', { username: `reg${u}`, email: `Reg${u}@Example.com`, password: 'Passw0rd!x' });
        expect(res.status).toBe(200);
        expect(Object.keys(res.body)).toEqual(['jwt', 'user']);
        expect(res.body.user).toMatchObject({ username: `reg${u}`, email: `reg${u}@example.com`, provider: 'local', confirmed: true, blocked: false, role: { type: 'authenticated' } });
        expect(res.text).not.toMatch(/password|resetPasswordToken|confirmationToken/);
        const header = jwt.decode(res.body.jwt, { complete: true });
        expect(header?.header.alg).toBe('HS256');
        const payload = header?.payload as jwt.JwtPayload;
        expect([payload.id, (payload.exp ?? 0) - (payload.iat ?? 0)]).toEqual([res.body.user.id, 30 * 24 * 3600]);
        for (const identifier of [`REG${u}@example.COM`, `reg${u}`]) {
          const login = await api.post('/api/auth/local', { identifier, password: 'Passw0rd!x' });
          expect(login.status).toBe(200);
          expect(login.body.user.id).toBe(res.body.user.id);
          expect(login.body.user.role).toBeUndefined();
          expect(login.text).not.toMatch(/password/);
        }
        expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      });

      it('refuses fields beyond username, email and password (mass assignment)', async () => {
        const u = uniq();
        const base = { username: `m${u}`, email: `m${u}@example.com`, password: 'Passw0rd!x' };
        expectError(await api.post('/api/auth/local/register', { ...base, role: 1, confirmed: true, blocked: false, provider: 'github' }), 400, 'ValidationError', 'Invalid parameters: role, confirmed, blocked, provider');
        expectError(await api.post('/api/auth/local/register', { ...base, nickname: 'x' }), 400, 'ValidationError', 'Invalid parameters: nickname');
        expect((await api.get('/api/users', { filters: { username: { $eq: base.username } } })).body).toEqual([]);
      });

      it("answers Strapi's register errors", async () => {
        const taken = await register(api);
        expectError(await api.post('/api/auth/local/register', { username: `x${uniq()}`, email: taken.email.toUpperCase(), password: 'Passw0rd!x' }), 400, 'ApplicationError', 'Email or Username are already taken');
        expectError(await api.post('/api/auth/local/register', { username: taken.username, email: `x${uniq()}@example.com`, password: 'Passw0rd!x' }), 400, 'ApplicationError', 'Email or Username are already taken');
        expectError(await api.post('/api/auth/local/register', { username: `x${uniq()}`, email: 'nope', password: 'Passw0rd!x' }), 400, 'ValidationError', 'email must be a valid email');
        expectError(await api.post('/api/auth/local/register', { username: `x${uniq()}`, email: `x${uniq()}@example.com` }), 400, 'ValidationError', 'password is a required field');
        expectError(await api.post('/api/auth/local/register', { username: 'ab', email: `x${uniq()}@example.com`, password: 'Passw0rd!x' }), 400, 'ValidationError', 'username must be at least 3 characters');
        await writeAdvancedSettings(app.db, { allow_register: false });
        try {
          expectError(await api.post('/api/auth/local/register', { username: `x${uniq()}`, email: `x${uniq()}@example.com`, password: 'Passw0rd!x' }), 400, 'ApplicationError', 'Register action is currently disabled');
        } finally {
          await writeAdvancedSettings(app.db, { allow_register: true });
        }
      });

      it('gives unknown users and wrong passwords the same answer and the same bcrypt work', async () => {
        const r = await register(api);
        const wrong = await api.post('/api/auth/local', { identifier: r.email, password: 'wrong-password' });
        const unknown = await api.post('/api/auth/local', { identifier: `nobody${uniq()}@example.com`, password: 'wrong-password' });
        expectError(wrong, 400, 'ValidationError', 'Invalid identifier or password');
        expect(unknown.text).toBe(wrong.text);
        expectError(await api.post('/api/auth/local', { password: 'x' }), 400, 'ValidationError', 'identifier is a required field');
        // No user enumeration by timing: an unknown identifier still costs one full bcrypt compare.
        // (Counted, not timed: speed belongs to the benchmarks.)
        const compare = jest.spyOn(bcrypt, 'compare');
        try {
          await api.post('/api/auth/local', { identifier: r.email, password: 'wrong-password' });
          const forKnown = compare.mock.calls.length;
          await api.post('/api/auth/local', { identifier: `ghost${uniq()}@example.com`, password: 'wrong-password' });
          expect(forKnown).toBe(1);
          expect(compare.mock.calls.length - forKnown).toBe(1);
        } finally {
          compare.mockRestore();
        }
      });

      it('refuses blocked users at login and on every request', async () => {
        const r = await register(api);
        expect((await asUser(api, r.jwt).get('/api/users/me')).status).toBe(200);
        expect((await api.put(`/api/users/${r.user.id}`, { blocked: true })).body.blocked).toBe(true);
        expectError(await api.post('/api/auth/local', { identifier: r.email, password: r.password }), 400, 'ApplicationError', 'Your account has been blocked by an administrator');
        expectError(await asUser(api, r.jwt).get('/api/articles'), 401, 'UnauthorizedError', 'Missing or invalid credentials');
        await api.put(`/api/users/${r.user.id}`, { blocked: false });
        expect((await asUser(api, r.jwt).get('/api/users/me')).status).toBe(200);
      });

      it('rejects tampered JWTs: alg none, another key, edited payload, expired', async () => {
        const r = await register(api);
        const [header, , signature] = r.jwt.split('.');
        const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        const tokens = [
          `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ id: r.user.id })}.`,
          jwt.sign({ id: r.user.id }, 'not-the-secret'),
          `${header}.${b64({ id: r.user.id + 1, iat: Math.floor(Date.now() / 1000) })}.${signature}`,
          jwt.sign({ id: r.user.id, exp: Math.floor(Date.now() / 1000) - 5 }, SECRET),
          jwt.sign({ id: r.user.id }, SECRET, { algorithm: 'HS512' }),
        ];
        for (const token of tokens) expectError(await asUser(api, token).get('/api/users/me'), 401, 'UnauthorizedError', 'Missing or invalid credentials');
        expectError(await api.request('GET', '/api/articles', { headers: { authorization: r.jwt } }), 401, 'UnauthorizedError');
      });

      it('has no refresh or logout routes in legacy mode', async () => {
        const r = await register(api);
        expectError(await api.post('/api/auth/refresh', { refreshToken: 'x' }), 404, 'NotFoundError');
        expectError(await asUser(api, r.jwt).post('/api/auth/logout', {}), 404, 'NotFoundError');
      });
    });

    describe('email flows over SMTP', () => {
      it('confirms an email address through the emailed link', async () => {
        await writeAdvancedSettings(app.db, { email_confirmation: true, email_confirmation_redirection: 'http://front.example/confirmed' });
        try {
          const u = uniq();
          const email = `conf${u}@example.com`;
          const since = smtp.messages.length;
          const res = await api.post('/api/auth/local/register', { username: `conf${u}`, email, password: 'Passw0rd!x' });
          expect(res.status).toBe(200);
          expect(Object.keys(res.body)).toEqual(['user']);
          expect(res.body.user.confirmed).toBe(false);
          const first = await smtp.waitFor(email, since);
          expect(first.text).toContain('Subject: Account confirmation');
          const link = (mail: { text: string }) => /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/email-confirmation\?confirmation=[0-9a-f]{64}\.[0-9a-z]+)/.exec(mail.text)?.[1] ?? '';
          expect(link(first)).not.toBe('');
          expectError(await api.post('/api/auth/local', { identifier: email, password: 'Passw0rd!x' }), 400, 'ApplicationError', 'Your account email is not confirmed');
          // Asking again sends a new link and retires the first one.
          const again = smtp.messages.length;
          expect((await api.post('/api/auth/send-email-confirmation', { email })).body).toEqual({ email, sent: true });
          const second = await smtp.waitFor(email, again);
          expectError(await api.get(link(first).replace(app.url, '')), 400, 'ValidationError', 'Invalid token');
          const confirmed = await getRaw(link(second));
          expect([confirmed.status, confirmed.headers.get('location')]).toEqual([302, 'http://front.example/confirmed']);
          expect((await api.post('/api/auth/local', { identifier: email, password: 'Passw0rd!x' })).status).toBe(200);
          expectError(await api.get(link(second).replace(app.url, '')), 400, 'ValidationError', 'Invalid token');
          expectError(await api.post('/api/auth/send-email-confirmation', { email }), 400, 'ApplicationError', 'Already confirmed');
          const unknown = `ghost${uniq()}@example.com`;
          expect((await api.post('/api/auth/send-email-confirmation', { email: unknown })).body).toEqual({ email: unknown, sent: true });
          expectError(await api.get('/api/auth/email-confirmation'), 400, 'ValidationError', 'confirmation is a required field');
        } finally {
          await writeAdvancedSettings(app.db, { email_confirmation: false });
        }
      });

      it('resets a password with the emailed code, once; forgot-password reveals nothing', async () => {
        await writeAdvancedSettings(app.db, { email_reset_password: 'http://front.example/reset' });
        const r = await register(api);
        const since = smtp.messages.length;
        expect((await api.post('/api/auth/forgot-password', { email: r.email.toUpperCase() })).body).toEqual({ ok: true });
        const ghost = await api.post('/api/auth/forgot-password', { email: `ghost${uniq()}@example.com` });
        expect([ghost.status, ghost.body]).toEqual([200, { ok: true }]);
        const mail = await smtp.waitFor(r.email, since);
        expect(mail.text).toContain('Subject: Reset password');
        const code = /http:\/\/front\.example\/reset\?code=([0-9a-f]{64}\.[0-9a-z]+)/.exec(mail.text)?.[1] ?? '';
        expect(code).not.toBe('');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(smtp.messages.slice(since)).toHaveLength(1);
        // Only a hash of the code is stored.
        const [row] = await app.db.query('SELECT reset_password_token FROM up_users WHERE id = ?', [r.user.id]);
        expect(row.reset_password_token).toBe(sha256(code));

        expectError(await api.post('/api/auth/reset-password', { code, password: 'N3wPassw0rd!' }), 400, 'ValidationError', 'passwordConfirmation is a required field');
        expectError(await api.post('/api/auth/reset-password', { code, password: 'N3wPassw0rd!', passwordConfirmation: 'Other0rd!' }), 400, 'ValidationError', 'Passwords do not match');
        expectError(await api.post('/api/auth/reset-password', { code: `${code}x`, password: 'N3wPassw0rd!', passwordConfirmation: 'N3wPassw0rd!' }), 400, 'ValidationError', 'Incorrect code provided');
        const ok = await api.post('/api/auth/reset-password', { code, password: 'N3wPassw0rd!', passwordConfirmation: 'N3wPassw0rd!' });
        expect(ok.status).toBe(200);
        expect(ok.body.user.id).toBe(r.user.id);
        expect(typeof ok.body.jwt).toBe('string');
        expect((await api.post('/api/auth/local', { identifier: r.email, password: 'N3wPassw0rd!' })).status).toBe(200);
        expectError(await api.post('/api/auth/local', { identifier: r.email, password: r.password }), 400, 'ValidationError', 'Invalid identifier or password');
        expectError(await api.post('/api/auth/reset-password', { code, password: 'An0therPass!', passwordConfirmation: 'An0therPass!' }), 400, 'ValidationError', 'Incorrect code provided');
      });
    });

    describe('change password', () => {
      it("checks the caller, the body and the current password with Strapi's messages", async () => {
        const r = await register(api);
        const me = asUser(api, r.jwt);
        expectError(await api.post('/api/auth/change-password', { currentPassword: r.password, password: 'N3wPassw0rd!', passwordConfirmation: 'N3wPassw0rd!' }), 403, 'ForbiddenError', 'Forbidden');
        expectError(await me.post('/api/auth/change-password', { currentPassword: r.password, password: 'N3wPassw0rd!' }), 400, 'ValidationError', 'passwordConfirmation is a required field');
        expectError(await me.post('/api/auth/change-password', { currentPassword: 'wrong-one', password: 'N3wPassw0rd!', passwordConfirmation: 'N3wPassw0rd!' }), 400, 'ValidationError', 'The provided current password is invalid');
        expectError(await me.post('/api/auth/change-password', { currentPassword: r.password, password: 'N3wPassw0rd!', passwordConfirmation: 'nope' }), 400, 'ValidationError', 'Passwords do not match');
        expectError(await me.post('/api/auth/change-password', { currentPassword: r.password, password: r.password, passwordConfirmation: r.password }), 400, 'ValidationError', 'Your new password must be different than your current password');
        const ok = await me.post('/api/auth/change-password', { currentPassword: r.password, password: 'N3wPassw0rd!', passwordConfirmation: 'N3wPassw0rd!' });
        expect(ok.status).toBe(200);
        expect(Object.keys(ok.body)).toEqual(['jwt', 'user']);
        expect((await api.post('/api/auth/local', { identifier: r.username, password: 'N3wPassw0rd!' })).status).toBe(200);
      });
    });

    describe('users endpoints', () => {
      it('lists (bare array, filters, sort, pagination), counts and reads users', async () => {
        const prefix = `ls${uniq()}`;
        const made = [];
        for (const n of ['a', 'b', 'c']) made.push(await register(api, { username: `${prefix}${n}`, email: `${prefix}${n}@example.com` }));
        const filters = { username: { $startsWith: prefix } };
        const list = await api.get('/api/users', { filters, sort: 'username:desc' });
        expect(list.body.map((u: { username: string }) => u.username)).toEqual([`${prefix}c`, `${prefix}b`, `${prefix}a`]);
        expect((await api.get('/api/users', { filters, sort: 'username:asc', pagination: { start: 1, limit: 1 } })).body.map((u: { username: string }) => u.username)).toEqual([`${prefix}b`]);
        expect((await api.get('/api/users', { filters, sort: 'username:asc', start: 0, limit: 2 })).body).toHaveLength(2);
        const count = await api.get('/api/users/count', { filters });
        expect([count.body, count.text]).toEqual([3, '3']);
        const one = await api.get(`/api/users/${made[0].user.id}`, { populate: ['role'] });
        expect(one.body).toMatchObject({ id: made[0].user.id, username: `${prefix}a`, role: { type: 'authenticated' } });
        expect((await api.get(`/api/users/${made[0].user.documentId}`)).body.id).toBe(made[0].user.id);
        const missing = await api.get('/api/users/999999');
        expect([missing.status, missing.text, missing.headers.get('content-type')]).toEqual([204, '', null]);
      });

      it('never exposes or filters on private fields', async () => {
        const r = await register(api);
        await api.post('/api/auth/forgot-password', { email: r.email });
        expectError(await api.get('/api/users', { filters: { password: { $notNull: true } } }), 400, 'ValidationError', 'Invalid key password');
        expectError(await api.get('/api/users', { filters: { resetPasswordToken: { $notNull: true } } }), 400, 'ValidationError');
        expectError(await api.get('/api/users', { fields: ['password'] }), 400, 'ValidationError');
        for (const path of ['/api/users', `/api/users/${r.user.id}`, '/api/users-permissions/roles']) {
          const res = await api.get(path, { populate: '*' });
          expect(res.text).not.toMatch(/"password"|resetPasswordToken|confirmationToken/);
        }
        const me = await asUser(api, r.jwt).get('/api/users/me', { populate: { role: { populate: ['users'] } } });
        expect(me.text).not.toMatch(/"password"|resetPasswordToken|confirmationToken/);
      });

      it('creates (201, role shown, a role required as in Strapi 5.54), updates and deletes (200 with the user)', async () => {
        const u = uniq();
        const roles = (await api.get('/api/users-permissions/roles')).body.roles as { id: number; documentId: string; type: string }[];
        const pub = roles.find((r) => r.type === 'public') as { id: number; documentId: string };
        const authenticated = roles.find((r) => r.type === 'authenticated') as { id: number; documentId: string };
        expectError(await api.post('/api/users', { username: `cr${u}`, email: `CR${u}@example.com`, password: 'Passw0rd!x' }), 400, 'ValidationError', 'role is a required field');
        const created = await api.post('/api/users', { username: `cr${u}`, email: `CR${u}@example.com`, password: 'Passw0rd!x', role: authenticated.id });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ username: `cr${u}`, email: `cr${u}@example.com`, provider: 'local', role: { type: 'authenticated' } });
        expect(created.text).not.toMatch(/password/);
        expect((await api.post('/api/auth/local', { identifier: `cr${u}`, password: 'Passw0rd!x' })).status).toBe(200);
        const withRole = await api.post('/api/users', { username: `cp${u}`, email: `cp${u}@example.com`, password: 'Passw0rd!x', role: pub.id, confirmed: false });
        expect(withRole.body).toMatchObject({ confirmed: false, role: { type: 'public' } });
        expectError(await api.post('/api/users', { username: `cr${u}`, email: `other${u}@example.com`, password: 'Passw0rd!x', role: authenticated.id }), 400, 'ApplicationError', 'Username already taken');
        expectError(await api.post('/api/users', { username: `new${u}`, email: `cr${u}@example.com`, password: 'Passw0rd!x', role: authenticated.id }), 400, 'ApplicationError', 'Email already taken');
        expectError(await api.post('/api/users', { username: `new${u}`, password: 'Passw0rd!x' }), 400, 'ValidationError', 'email is a required field');

        const updated = await api.put(`/api/users/${created.body.id}`, { username: `up${u}`, role: { connect: [pub.documentId] } });
        expect(updated.body).toMatchObject({ id: created.body.id, username: `up${u}`, role: { type: 'public' } });
        expectError(await api.put(`/api/users/${created.body.id}`, { username: `cp${u}` }), 400, 'ApplicationError', 'Username already taken');
        expectError(await api.put(`/api/users/${created.body.id}`, { email: `CP${u}@example.com` }), 400, 'ApplicationError', 'Email already taken');
        expectError(await api.put(`/api/users/${created.body.id}`, { password: '' }), 400, 'ValidationError', 'password.notNull');
        expectError(await api.put('/api/users/999999999', { username: `z${u}` }), 404, 'NotFoundError', 'User not found');

        const login = await api.post('/api/auth/local', { identifier: `up${u}`, password: 'Passw0rd!x' });
        const deleted = await api.del(`/api/users/${created.body.id}`);
        expect(deleted.status).toBe(200);
        expect(deleted.body).toMatchObject({ id: created.body.id, username: `up${u}` });
        expect((await api.get(`/api/users/${created.body.id}`)).status).toBe(204);
        expect((await api.del(`/api/users/${created.body.id}`)).status).toBe(204);
        expectError(await asUser(api, login.body.jwt).get('/api/articles'), 401, 'UnauthorizedError');
      });

      it('answers /users/me for the bearer only', async () => {
        const r = await register(api);
        const me = await asUser(api, r.jwt).get('/api/users/me', { populate: 'role' });
        expect(me.body).toMatchObject({ id: r.user.id, email: r.email, role: { type: 'authenticated' } });
        expect(me.body.data).toBeUndefined();
        expectError(await api.get('/api/users/me'), 401, 'UnauthorizedError', 'Unauthorized');
      });
    });

    describe('roles and permissions', () => {
      it('keeps privileged user fields away from unprivileged callers and follows role changes at once', async () => {
        const name = `Limited ${uniq()}`;
        const tree = { 'plugin::users-permissions': { controllers: { user: { me: { enabled: true }, update: { enabled: true }, findOne: { enabled: true } } } } };
        expect((await api.post('/api/users-permissions/roles', { name, description: 'limited', permissions: tree })).body).toEqual({ ok: true });
        const roles = (await api.get('/api/users-permissions/roles')).body.roles as { id: number; name: string; type: string; nb_users: number }[];
        const limited = roles.find((r) => r.name === name) as { id: number; type: string; nb_users: number };
        expect(limited.type).toMatch(/^limited_[a-z0-9_]+$/);
        const authenticated = roles.find((r) => r.type === 'authenticated') as { id: number };
        const u = uniq();
        const created = await api.post('/api/users', { username: `lim${u}`, email: `lim${u}@example.com`, password: 'Passw0rd!x', role: limited.id });
        expect(created.status).toBe(201);
        const login = await api.post('/api/auth/local', { identifier: `lim${u}`, password: 'Passw0rd!x' });
        const me = asUser(api, login.body.jwt);
        for (const body of [{ role: authenticated.id }, { role: { connect: [authenticated.id] } }, { confirmed: false }, { blocked: false }, { provider: 'github' }]) {
          expectError(await me.put(`/api/users/${created.body.id}`, body), 403, 'ForbiddenError');
        }
        expect((await me.put(`/api/users/${created.body.id}`, { username: `lim2${u}` })).status).toBe(200);
        expect((await api.get(`/api/users/${created.body.id}`, { populate: 'role' })).body.role.id).toBe(limited.id);
        expectError(await me.post('/api/users', { username: `x${u}`, email: `x${u}@example.com`, password: 'Passw0rd!x' }), 403, 'ForbiddenError');

        // A permission granted through the tree applies to the next request.
        expectError(await me.get('/api/articles'), 403, 'ForbiddenError');
        const update = { description: 'can read articles', permissions: { ...tree, 'api::article': { controllers: { article: { find: { enabled: true } } } } } };
        expect((await api.put(`/api/users-permissions/roles/${limited.id}`, update)).body).toEqual({ ok: true });
        expect((await me.get('/api/articles')).status).toBe(200);
        expectError(await me.get('/api/authors'), 403, 'ForbiddenError');
        // Without a tree, the grants stay.
        await api.put(`/api/users-permissions/roles/${limited.id}`, { description: 'renamed only' });
        const after = await api.get(`/api/users-permissions/roles/${limited.id}`);
        expect(after.body.role.description).toBe('renamed only');
        expect(after.body.role.permissions['api::article'].controllers.article.find.enabled).toBe(true);
        expect((await api.get('/api/users-permissions/roles')).body.roles.find((r: { id: number }) => r.id === limited.id).nb_users).toBe(1);

        // Deleting the role moves its users to Public.
        expect((await api.del(`/api/users-permissions/roles/${limited.id}`)).body).toEqual({ ok: true });
        expect((await api.get(`/api/users/${created.body.id}`, { populate: 'role' })).body.role.type).toBe('public');
        expectError(await api.get(`/api/users-permissions/roles/${limited.id}`), 404, 'NotFoundError', 'Role not found');
      });

      it("shows role trees and the app's full permission tree, protects the Public role", async () => {
        const roles = (await api.get('/api/users-permissions/roles')).body.roles as { id: number; documentId: string; type: string }[];
        const pub = roles.find((r) => r.type === 'public') as { id: number; documentId: string };
        const one = await api.get(`/api/users-permissions/roles/${pub.documentId}`);
        expect(one.body.role.id).toBe(pub.id);
        expect(one.body.role.permissions['api::article'].controllers.article.find).toEqual({ enabled: true, policy: '' });
        expect(one.body.role.permissions['api::private-note'].controllers['private-note'].find.enabled).toBe(false);
        expectError(await api.del(`/api/users-permissions/roles/${pub.id}`), 400, 'ApplicationError', 'Cannot delete public role');
        expectError(await api.post('/api/users-permissions/roles', {}), 400, 'ValidationError', 'Request body cannot be empty');
        const all = (await api.get('/api/users-permissions/permissions')).body.permissions;
        expect(Object.keys(all)).toEqual(['api::article', 'api::author', 'api::category', 'api::homepage', 'api::private-note', 'api::seo-page', 'plugin::upload', 'plugin::i18n', 'plugin::users-permissions']);
        expect(JSON.stringify(all)).not.toContain('"enabled":true');
        expect(Object.keys(all['plugin::users-permissions'].controllers.auth)).toContain('refresh');
      });
    });

    describe('API tokens', () => {
      it('are created, listed and revoked by the CLI; read-only and custom tokens are limited', async () => {
        const env = { DATABASE_URL: db.url };
        const ro = await runCli(['token', 'create', '--name', `ro-${uniq()}`, '--type', 'read-only', '--app', app.appDir], env);
        expect([ro.code, ro.stderr]).toEqual([0, expect.stringContaining('shown this once')]);
        const readKey = ro.stdout.trim();
        expect(readKey).toMatch(/^[0-9a-f]{256}$/);
        const custom = await runCli(['token', 'create', '--name', `cu-${uniq()}`, '--type', 'custom', '--permission', 'api::author.author.find', '--expires', '30d', '--app', app.appDir], env);
        const customKey = custom.stdout.trim();

        const reader = asUser(api, readKey);
        expect((await reader.get('/api/private-notes')).status).toBe(200);
        expectError(await reader.post('/api/articles', { data: { title: 'no' } }), 403, 'ForbiddenError');
        // A read-only token may not call `me` (not a find action); with a full-access one there is still no user.
        expectError(await reader.get('/api/users/me'), 403, 'ForbiddenError');
        expect((await asUser(api, customKey).get('/api/authors')).status).toBe(200);
        expectError(await asUser(api, customKey).get('/api/articles'), 403, 'ForbiddenError');

        const list = await runCli(['token', 'list', '--app', app.appDir, '--json'], env);
        const tokens = JSON.parse(list.stdout) as { name: string; type: string; expiresAt: string | null; lastUsedAt: string | null }[];
        expect(list.stdout).not.toContain(readKey);
        const listed = tokens.find((t) => t.type === 'custom') as { expiresAt: string; lastUsedAt: string | null };
        expect(Date.parse(listed.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
        expect(listed.lastUsedAt).not.toBeNull();

        const revoked = await runCli(['token', 'revoke', tokens.find((t) => t.type === 'read-only')?.name ?? '', '--app', app.appDir], env);
        expect(revoked.code).toBe(0);
        expectError(await reader.get('/api/articles'), 401, 'UnauthorizedError');
        const bad = await runCli(['token', 'create', '--name', 'x', '--type', 'custom', '--app', app.appDir], env);
        expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('needs at least one --permission')]);
      }, 60_000);

      it('full-access tokens may do anything; expired or unknown keys are 401', async () => {
        const full = await createApiToken(app.db, DEVELOPMENT_API_TOKEN_SALT, { name: `fa-${uniq()}`, type: 'full-access' });
        expect((await asUser(api, full.accessKey).post('/api/private-notes', { data: { title: 'by token' } })).status).toBe(201);
        expectError(await asUser(api, full.accessKey).get('/api/users/me'), 401, 'UnauthorizedError', 'Unauthorized');
        const expired = await createApiToken(app.db, DEVELOPMENT_API_TOKEN_SALT, { name: `ex-${uniq()}`, type: 'full-access', lifespanMs: 1 });
        await new Promise((resolve) => setTimeout(resolve, 10));
        expectError(await asUser(api, expired.accessKey).get('/api/articles'), 401, 'UnauthorizedError');
        expectError(await asUser(api, randomBytes(128).toString('hex')).get('/api/articles'), 401, 'UnauthorizedError');
      });
    });

    describe('OAuth providers', () => {
      async function oauthLogin(providerName: string, cookieJar: { cookie?: string } = {}): Promise<Response> {
        const start = await getRaw(`${app.url}/api/connect/${providerName}`);
        expect(start.status).toBe(302);
        const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0];
        cookieJar.cookie = cookie;
        const authorize = await getRaw(start.headers.get('location') ?? '');
        expect(authorize.status).toBe(302);
        return getRaw(authorize.headers.get('location') ?? '', { cookie });
      }

      it('runs the authorization-code flow and finds or creates the user', async () => {
        const start = await getRaw(`${app.url}/api/connect/github`);
        const location = new URL(start.headers.get('location') ?? '');
        expect(`${location.origin}${location.pathname}`).toBe(`${oauth.url}/authorize`);
        expect(Object.fromEntries(location.searchParams)).toMatchObject({ client_id: oauth.clientId, response_type: 'code', redirect_uri: `${app.url}/api/connect/github/callback`, scope: 'user user:email', state: expect.any(String) });
        expect(start.headers.get('set-cookie')).toMatch(/^up_oauth_state=[^;]+; Max-Age=600; Expires=[^;]+; Path=\/api; SameSite=Lax; HttpOnly$/);

        const login = `octo${uniq()}`;
        oauth.next({ login, email: `${login}@Example.com`, privateEmail: true });
        const done = await oauthLogin('github');
        expect(done.status).toBe(200);
        const body = (await done.json()) as { jwt: string; user: { id: number; username: string; email: string; provider: string; confirmed: boolean } };
        expect(body.user).toMatchObject({ username: login, email: `${login}@example.com`, provider: 'github', confirmed: true });
        expect((await asUser(api, body.jwt).get('/api/users/me')).body.id).toBe(body.user.id);
        expect(oauth.tokenRequests.every((t) => t.redirectUri === t.authorizedRedirectUri)).toBe(true);

        oauth.next({ login, email: `${login}@example.com` });
        const again = (await (await oauthLogin('github')).json()) as { user: { id: number } };
        expect(again.user.id).toBe(body.user.id);
      });

      it('makes a username unique when the profile one is taken', async () => {
        const taken = await register(api);
        oauth.next({ login: taken.username, email: `other${uniq()}@example.com` });
        const res = await oauthLogin('acme');
        const body = (await res.json()) as { user: { username: string; provider: string } };
        expect(body.user.provider).toBe('acme');
        expect(body.user.username).not.toBe(taken.username);
        expect(body.user.username.startsWith(taken.username)).toBe(true);
      });

      it('accepts the code on /auth/:provider/callback too, and checks the state', async () => {
        const login = `st${uniq()}`;
        oauth.next({ login, email: `${login}@example.com` });
        const start = await getRaw(`${app.url}/api/connect/acme`);
        const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0];
        const back = new URL((await getRaw(start.headers.get('location') ?? '')).headers.get('location') ?? '');
        const forged = await getRaw(`${app.url}/api/auth/acme/callback${back.search}`);
        expect(forged.status).toBe(400);
        expect(((await forged.json()) as { error: { message: string } }).error.message).toMatch(/state/);
        oauth.next({ login, email: `${login}@example.com` });
        const start2 = await getRaw(`${app.url}/api/connect/acme`);
        const cookie2 = (start2.headers.get('set-cookie') ?? '').split(';')[0];
        const back2 = new URL((await getRaw(start2.headers.get('location') ?? '')).headers.get('location') ?? '');
        const ok = await getRaw(`${app.url}/api/auth/acme/callback${back2.search}`, { cookie: cookie2 });
        expect(ok.status).toBe(200);
        expect(cookie).not.toBe(cookie2);
      });

      it("redirects to the front end with the provider token, which /auth/:provider/callback exchanges (Strapi's flow)", async () => {
        const login = `fe${uniq()}`;
        oauth.next({ login, email: `${login}@example.com` });
        const redirected = await oauthLogin('frontend');
        expect(redirected.status).toBe(302);
        const target = new URL(redirected.headers.get('location') ?? '');
        expect(`${target.origin}${target.pathname}`).toBe('http://front.example/oauth');
        const token = target.searchParams.get('access_token') ?? '';
        const res = await api.get('/api/auth/frontend/callback', { access_token: token });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ username: login, provider: 'frontend' });
        expectError(await api.get('/api/auth/frontend/callback', { access_token: 'bad' }), 400, 'ApplicationError');
        expectError(await api.get('/api/auth/frontend/callback'), 400, 'ApplicationError', 'No access_token.');
      });

      it('answers unknown, disabled and blocked logins with 400s, never 500', async () => {
        for (const path of ['/api/connect/google', '/api/connect/nope', '/api/auth/nope/callback?code=x', '/api/auth/google/callback?access_token=x']) {
          const res = await getRaw(`${app.url}${path}`);
          expect([path, res.status]).toEqual([path, 400]);
          expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This provider is disabled');
        }
        const profile = { login: `bl${uniq()}`, email: `bl${uniq()}@example.com` };
        const first = (await api.get('/api/auth/acme/callback', { access_token: oauth.tokenFor(profile) })).body;
        await api.put(`/api/users/${first.user.id}`, { blocked: true });
        expectError(await api.get('/api/auth/acme/callback', { access_token: oauth.tokenFor(profile) }), 400, 'ApplicationError', 'Your account has been blocked by an administrator');
      });
    });

    it('limits email routes per address in memory (10 per minute by default), answering 429', async () => {
      const email = `rl${uniq()}@example.com`;
      for (let i = 0; i < 10; i++) {
        const res = await api.post('/api/auth/send-email-confirmation', { email });
        expect([res.status, res.headers.get('x-ratelimit-remaining')]).toEqual([200, String(9 - i)]);
      }
      const limited = await api.post('/api/auth/send-email-confirmation', { email });
      expectError(limited, 429, 'RateLimitError', 'Too many requests, please try again later.');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await api.post('/api/auth/send-email-confirmation', { email: `other${email}` })).status).toBe(200);
    });
  });

  describe('refresh sessions shared by two instances', () => {
    let db: TestDb;
    let one: ConfiguredApp;
    let two: ConfiguredApp;
    let api1: Api;
    let api2: Api;

    beforeAll(async () => {
      db = await createTestDatabase(database);
      const plugins = { 'users-permissions': { config: { jwtSecret: SECRET, jwtManagement: 'refresh', bcryptRounds: 6, sessions: { accessTokenLifespan: 120 }, ratelimit: { enabled: false } } } };
      one = await startConfiguredApp(db.url, plugins);
      two = await startConfiguredApp(db.url, plugins);
      api1 = client(one.url);
      api2 = client(two.url);
    }, 120_000);

    afterAll(async () => {
      await one?.stop();
      await two?.stop();
      await db?.drop();
    });

    it('rotates refresh tokens across instances and revokes the session when a rotated one comes back', async () => {
      const r = await register(api1);
      expect(typeof r.refreshToken).toBe('string');
      expect((jwt.decode(r.jwt) as jwt.JwtPayload).type).toBe('access');
      expect((await asUser(api2, r.jwt).get('/api/users/me')).body.id).toBe(r.user.id);
      const rotated = await api2.post('/api/auth/refresh', { refreshToken: r.refreshToken });
      expect(rotated.status).toBe(200);
      expect(Object.keys(rotated.body)).toEqual(['jwt', 'refreshToken']);
      expect(rotated.body.refreshToken).not.toBe(r.refreshToken);
      expect((await asUser(api1, rotated.body.jwt).get('/api/users/me')).status).toBe(200);
      // The old token again: someone copied it. The whole session ends.
      expectError(await api1.post('/api/auth/refresh', { refreshToken: r.refreshToken }), 401, 'UnauthorizedError', 'Invalid refresh token');
      expectError(await api2.post('/api/auth/refresh', { refreshToken: rotated.body.refreshToken }), 401, 'UnauthorizedError', 'Invalid refresh token');
      expectError(await asUser(api1, rotated.body.jwt).get('/api/users/me'), 401, 'UnauthorizedError');
      expect(one.logs.join('\n')).toContain('its session is revoked');
    });

    it('logs out every session of the user', async () => {
      const r = await register(api1);
      const second = await api2.post('/api/auth/local', { identifier: r.email, password: r.password });
      expect((await asUser(api2, second.body.jwt).post('/api/auth/logout', {})).body).toEqual({ ok: true });
      for (const token of [r.refreshToken, second.body.refreshToken]) expectError(await api1.post('/api/auth/refresh', { refreshToken: token }), 401, 'UnauthorizedError');
      for (const access of [r.jwt, second.body.jwt]) expectError(await asUser(api1, access).get('/api/users/me'), 401, 'UnauthorizedError');
      expect([401, 403]).toContain((await api1.post('/api/auth/logout', {})).status);
      expectError(await api1.post('/api/auth/refresh', {}), 400, 'ValidationError', 'Missing refresh token');
    });

    it('keeps the refresh token in an HTTP-only cookie on request', async () => {
      const r = await register(api1);
      const cookieHeader = { 'x-strapi-refresh-cookie': 'httpOnly' };
      const login = await api1.request('POST', '/api/auth/local', { body: { identifier: r.email, password: r.password }, headers: cookieHeader });
      expect(Object.keys(login.body)).toEqual(['jwt', 'user']);
      const setCookie = login.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^strapi_up_refresh=[^;]+; Max-Age=\d+; Expires=[^;]+; Path=\/; SameSite=Lax; HttpOnly$/);
      const cookie = setCookie.split(';')[0];
      const refreshed = await api2.request('POST', '/api/auth/refresh', { headers: { ...cookieHeader, cookie } });
      expect(Object.keys(refreshed.body)).toEqual(['jwt']);
      const next = (refreshed.headers.get('set-cookie') ?? '').split(';')[0];
      expect(next).not.toBe(cookie);
      expect((await asUser(api1, refreshed.body.jwt).get('/api/users/me')).status).toBe(200);
      const logout = await api1.request('POST', '/api/auth/logout', { headers: { ...bearer(refreshed.body.jwt), ...cookieHeader, cookie: next } });
      expect(logout.headers.get('set-cookie')).toMatch(/^strapi_up_refresh=; Max-Age=0/);
    });

    it('refuses legacy tokens, and ends sessions on password change and blocking', async () => {
      const r = await register(api1);
      expectError(await asUser(api1, jwt.sign({ id: r.user.id }, SECRET)).get('/api/users/me'), 401, 'UnauthorizedError');
      const changed = await asUser(api1, r.jwt).post('/api/auth/change-password', { currentPassword: r.password, password: 'N3wPassw0rd!', passwordConfirmation: 'N3wPassw0rd!' });
      expect(Object.keys(changed.body)).toEqual(['jwt', 'refreshToken', 'user']);
      expectError(await api2.post('/api/auth/refresh', { refreshToken: r.refreshToken }), 401, 'UnauthorizedError');
      expect((await api2.post('/api/auth/refresh', { refreshToken: changed.body.refreshToken })).status).toBe(200);
      const fresh = await api1.post('/api/auth/local', { identifier: r.email, password: 'N3wPassw0rd!' });
      await api1.put(`/api/users/${r.user.id}`, { blocked: true });
      expectError(await api2.post('/api/auth/refresh', { refreshToken: fresh.body.refreshToken }), 401, 'UnauthorizedError');
    });
  });

  describe('rate limits shared through Redis', () => {
    let db: TestDb;
    let one: ConfiguredApp;
    let two: ConfiguredApp;

    beforeAll(async () => {
      db = await createTestDatabase(database);
      const plugins = { 'users-permissions': { config: { jwtSecret: SECRET, ratelimit: { store: 'redis', redis: { url: 'redis://127.0.0.1:6379', prefix: `cms-gen-e2e:${uniq()}:` }, routes: { login: { interval: 60_000, max: 3 } } } } } };
      one = await startConfiguredApp(db.url, plugins);
      two = await startConfiguredApp(db.url, plugins);
    }, 120_000);

    afterAll(async () => {
      await one?.stop();
      await two?.stop();
      await db?.drop();
    });

    it('counts logins of both instances together', async () => {
      const apis = [client(one.url), client(two.url)];
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await apis[i % 2].post('/api/auth/local', { identifier: 'nobody@example.com', password: 'whatever1A' });
        expect(res.status).toBe(400);
        expect(res.headers.get('x-ratelimit-limit')).toBe('3');
        remaining.push(res.headers.get('x-ratelimit-remaining'));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await apis[1].post('/api/auth/local', { identifier: 'nobody@example.com', password: 'whatever1A' });
      expectError(limited, 429, 'RateLimitError', 'Too many requests, please try again later.');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('conformance auth.*, users.*, roles.* on a fresh default app', () => {
    const CASES = listCaseIds(['auth.', 'users.', 'roles.']);
    let app: FixtureApp;
    let results: Map<string, CaseResult>;

    beforeAll(async () => {
      app = await startFixtureApp(database);
      results = new Map((await runConformance(app.url, CASES)).map((r) => [r.id, r]));
    }, 300_000);
    afterAll(() => app?.stop());

    it.each(CASES)('%s', (id) => {
      expect(results.get(id)).toMatchObject({ outcome: 'pass', message: '' });
    });
  });
});
