import { createHmac } from 'node:crypto';
import { memoryApp, type MemoryApp } from '../__fixtures__/memory-app';
import { ACCESS_KEY, ApiTokenError, ApiTokenVerifier, createApiToken, hashAccessKey, listApiTokens, revokeApiToken, tokenAllows } from './api-tokens';
import { parseDuration } from './duration';
import { apiTokenSalt, DEVELOPMENT_API_TOKEN_SALT } from './salt';
import { defaultConfig } from '@cms-gen/server/config/defaults';

describe('tokenAllows', () => {
  it('read-only: find and findOne only', () => {
    expect(tokenAllows('read-only', [], 'api::article.article.find')).toBe(true);
    expect(tokenAllows('read-only', [], 'plugin::upload.content-api.findOne')).toBe(true);
    expect(tokenAllows('read-only', [], 'api::article.article.create')).toBe(false);
    expect(tokenAllows('read-only', [], 'plugin::users-permissions.role.updateRole')).toBe(false);
  });
  it('full-access: everything; custom: its list', () => {
    expect(tokenAllows('full-access', [], 'api::article.article.delete')).toBe(true);
    expect(tokenAllows('custom', ['api::article.article.find'], 'api::article.article.find')).toBe(true);
    expect(tokenAllows('custom', ['api::article.article.find'], 'api::article.article.findOne')).toBe(false);
  });
});

describe('hashAccessKey', () => {
  it("is Strapi's HMAC-SHA512 under the salt", () => {
    expect(hashAccessKey('key', 'salt')).toBe(createHmac('sha512', 'salt').update('key').digest('hex'));
  });
});

describe('parseDuration', () => {
  it.each([
    ['7d', 7 * 86_400_000],
    ['12h', 12 * 3_600_000],
    ['30m', 1_800_000],
    ['2w', 14 * 86_400_000],
    ['never', undefined],
    ['unlimited', undefined],
    ['3 days', null],
    ['0d', null],
    ['-1d', null],
  ])('%s', (text, expected) => expect(parseDuration(text)).toBe(expected));
});

describe('apiTokenSalt', () => {
  it('uses the configured salt, a documented one in development, none in production', () => {
    const config = defaultConfig();
    expect(apiTokenSalt(config)).toBe(DEVELOPMENT_API_TOKEN_SALT);
    config.environment = 'production';
    expect(apiTokenSalt(config)).toBeNull();
    config.admin.apiToken.salt = 's';
    expect(apiTokenSalt(config)).toBe('s');
  });
});

describe('api token store', () => {
  let app: MemoryApp;
  beforeAll(async () => {
    app = await memoryApp();
  });
  afterAll(() => app.close());

  it('creates a token, stores only its hash, verifies and revokes it', async () => {
    const { token, accessKey } = await createApiToken(app.db, 'salt', { name: 'reader', type: 'read-only' });
    expect(accessKey).toMatch(ACCESS_KEY);
    expect(token).toMatchObject({ name: 'reader', type: 'read-only', permissions: [], expiresAt: null, lastUsedAt: null });
    const stored = JSON.stringify(await app.db.query('SELECT * FROM strapi_api_tokens'));
    expect(stored).not.toContain(accessKey);
    expect(stored).toContain(hashAccessKey(accessKey, 'salt'));
    const verifier = new ApiTokenVerifier(app.db, 'salt');
    const grant = await verifier.verify(accessKey);
    expect(grant?.can('api::article.article.find')).toBe(true);
    expect(grant?.can('api::article.article.create')).toBe(false);
    expect((await listApiTokens(app.db))[0].lastUsedAt).not.toBeNull();
    // Another salt (another deployment) does not accept it.
    expect(await new ApiTokenVerifier(app.db, 'other').verify(accessKey)).toBeNull();
    expect(await revokeApiToken(app.db, 'reader')).toBe(true);
    expect(await verifier.verify(accessKey)).toBeNull();
    expect(await revokeApiToken(app.db, 'reader')).toBe(false);
  });

  it('expires', async () => {
    const { accessKey } = await createApiToken(app.db, 'salt', { name: 'short', type: 'full-access', lifespanMs: 1 });
    await new Promise((r) => setTimeout(r, 5));
    expect(await new ApiTokenVerifier(app.db, 'salt').verify(accessKey)).toBeNull();
  });

  it('checks its input', async () => {
    await expect(createApiToken(app.db, 'salt', { name: 'c', type: 'custom' })).rejects.toThrow(ApiTokenError);
    await expect(createApiToken(app.db, 'salt', { name: 'c', type: 'custom', permissions: ['articles.find'] })).rejects.toThrow(/not an action uid/);
    await expect(createApiToken(app.db, 'salt', { name: 'c', type: 'read-only', permissions: ['api::article.article.find'] })).rejects.toThrow(/only applies to custom/);
    await createApiToken(app.db, 'salt', { name: 'dup', type: 'custom', permissions: ['api::article.article.find'] });
    await expect(createApiToken(app.db, 'salt', { name: 'dup', type: 'read-only' })).rejects.toThrow(/already exists/);
    expect((await listApiTokens(app.db)).find((t) => t.name === 'dup')?.permissions).toEqual(['api::article.article.find']);
  });
});
