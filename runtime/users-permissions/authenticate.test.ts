import jwt from 'jsonwebtoken';
import { defaultConfig } from '@cms-gen/server/config/defaults';
import type { AppConfig } from '@cms-gen/server/config/types';
import { UnauthorizedError } from '@cms-gen/core/errors';
import { memoryApp, type MemoryApp } from './__fixtures__/memory-app';
import { createApiToken } from './api-tokens/api-tokens';
import { DEVELOPMENT_API_TOKEN_SALT } from './api-tokens/salt';
import { SessionStore } from './sessions';
import { createUser } from './users/user-writes';
import { RoleStore } from './roles/role-store';
import { UserStore } from './users/user-store';
import { createAuthenticator, type Authenticate } from './authenticate';
import { PermissionStore } from '@cms-gen/server/auth/permission-store';

const SECRET = 'test-secret';

describe('createAuthenticator', () => {
  let app: MemoryApp;
  let config: AppConfig;
  let authenticate: Authenticate;
  let userId: number;

  const reject = async (header: string) => {
    await expect(authenticate(header)).rejects.toThrow(UnauthorizedError);
    await expect(authenticate(header)).rejects.toThrow('Missing or invalid credentials');
  };

  beforeAll(async () => {
    app = await memoryApp();
    config = defaultConfig();
    authenticate = createAuthenticator({ db: app.db, schema: app.engine.schema, permissions: new PermissionStore(app.db, app.engine.schema), jwtSecret: SECRET, config });
    const role = await new RoleStore(app.engine).documentIdByType('authenticated');
    userId = (await createUser(app.engine, { username: 'alice', email: 'alice@example.com', password: 'Passw0rd!', provider: 'local', role }, 4)).id;
  });
  afterAll(() => app.close());

  it('treats a request without credentials as the Public role', async () => {
    const auth = await authenticate(undefined);
    expect(auth.kind).toBe('public');
    expect(auth.can('api::article.article.find')).toBe(true);
    expect(auth.can('api::private-note.private-note.find')).toBe(false);
  });

  it('resolves a user JWT to the user and their role', async () => {
    const auth = await authenticate(`Bearer ${jwt.sign({ id: userId }, SECRET)}`);
    expect(auth.kind).toBe('user');
    expect(auth.user).toMatchObject({ id: userId, username: 'alice' });
    expect(auth.can('api::private-note.private-note.find')).toBe(true);
  });

  it('refuses bad credentials with 401 instead of falling back to Public', async () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ id: userId })).toString('base64url')}.`;
    for (const header of ['Bearer not.a.jwt', 'Basic abc', 'Bearer', `Bearer ${none}`, `Bearer ${jwt.sign({ id: userId }, 'other-key')}`, `Bearer ${jwt.sign({ id: 999_999 }, SECRET)}`, `Bearer ${'a'.repeat(256)}`]) {
      await reject(header);
    }
  });

  it('refuses blocked users on every request', async () => {
    const token = `Bearer ${jwt.sign({ id: userId }, SECRET)}`;
    const users = new UserStore(app.engine);
    await users.setFields(userId, { blocked: true });
    try {
      await reject(token);
    } finally {
      await users.setFields(userId, { blocked: false });
    }
    expect((await authenticate(token)).kind).toBe('user');
  });

  it('resolves API tokens by type', async () => {
    const readOnly = await createApiToken(app.db, DEVELOPMENT_API_TOKEN_SALT, { name: 'ro', type: 'read-only' });
    const custom = await createApiToken(app.db, DEVELOPMENT_API_TOKEN_SALT, { name: 'cu', type: 'custom', permissions: ['api::author.author.create'] });
    const full = await createApiToken(app.db, DEVELOPMENT_API_TOKEN_SALT, { name: 'fa', type: 'full-access' });
    const ro = await authenticate(`Bearer ${readOnly.accessKey}`);
    expect(ro.kind).toBe('api-token');
    expect([ro.can('api::private-note.private-note.find'), ro.can('api::article.article.create')]).toEqual([true, false]);
    const cu = await authenticate(`Bearer ${custom.accessKey}`);
    expect([cu.can('api::author.author.create'), cu.can('api::author.author.find')]).toEqual([true, false]);
    expect((await authenticate(`Bearer ${full.accessKey}`)).can('plugin::users-permissions.role.deleteRole')).toBe(true);
  });

  it('refuses API tokens in production without API_TOKEN_SALT', async () => {
    const production: AppConfig = { ...config, environment: 'production' };
    const strict = createAuthenticator({ db: app.db, schema: app.engine.schema, permissions: new PermissionStore(app.db, app.engine.schema), jwtSecret: SECRET, config: production });
    const { accessKey } = await createApiToken(app.db, DEVELOPMENT_API_TOKEN_SALT, { name: 'prod', type: 'full-access' });
    await expect(strict(`Bearer ${accessKey}`)).rejects.toThrow(UnauthorizedError);
  });

  it('in refresh mode accepts access tokens of live sessions only', async () => {
    const refresh = defaultConfig();
    refresh.plugins['users-permissions'].jwtManagement = 'refresh';
    const auth = createAuthenticator({ db: app.db, schema: app.engine.schema, permissions: new PermissionStore(app.db, app.engine.schema), jwtSecret: SECRET, config: refresh });
    const sessions = new SessionStore(app.db, { idle: 600, max: 3600 });
    const session = await sessions.create(userId);
    const access = jwt.sign({ id: userId, sid: session.sessionId, type: 'access' }, SECRET, { expiresIn: 60 });
    expect((await auth(`Bearer ${access}`)).kind).toBe('user');
    await expect(auth(`Bearer ${jwt.sign({ id: userId }, SECRET)}`)).rejects.toThrow(UnauthorizedError);
    await sessions.revokeUser(userId);
    await expect(auth(`Bearer ${access}`)).rejects.toThrow(UnauthorizedError);
  });
});
