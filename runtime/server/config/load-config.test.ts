import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, ConfigError } from './load-config';
import { createEnv } from './env';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh app directory holding the given config files (name → content). */
function appWith(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-config-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'config'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, 'config', name), content);
  return dir;
}

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
}

describe('loadConfig defaults', () => {
  it('gives every default without files or env', () => {
    const config = loadConfig(appWith(), {});
    expect(config.server).toEqual({ host: '127.0.0.1', port: 1337, proxy: false });
    expect(config.database).toEqual({ allowDataLoss: false });
    expect(config.api.rest).toEqual({ prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false });
    expect(config.environment).toBe('development');
    const up = config.plugins['users-permissions'];
    expect(up.jwtSecret).toBeUndefined();
    expect(up.jwt).toEqual({ expiresIn: '30d' });
    expect(up.jwtManagement).toBe('legacy-support');
    expect(up.register.allowedFields).toEqual([]);
    expect(up.ratelimit).toEqual({
      enabled: true,
      interval: 60_000,
      max: 10,
      routes: { login: { interval: 300_000, max: 5 } },
      store: 'memory',
      redis: { url: 'redis://127.0.0.1:6379', prefix: 'cms-gen:ratelimit:' },
    });
    expect(up.bcryptRounds).toBe(10);
    expect(config.plugins.email).toEqual({ provider: 'dev', providerOptions: {}, settings: {} });
    expect(config.plugins.upload.sizeLimit).toBe(200 * 1024 * 1024);
    expect(config.plugins.graphql.endpoint).toBe('/graphql');
  });

  it('works when the app has no config directory at all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-config-'));
    dirs.push(dir);
    expect(loadConfig(dir, {}).server.port).toBe(1337);
  });

  it('returns independent objects on every call', () => {
    const dir = appWith();
    const a = loadConfig(dir, {});
    a.plugins['users-permissions'].register.allowedFields.push('x');
    expect(loadConfig(dir, {}).plugins['users-permissions'].register.allowedFields).toEqual([]);
  });
});

describe('loadConfig files', () => {
  it('merges JSON files over the defaults, keeping unset keys', () => {
    const config = loadConfig(
      appWith({
        'server.json': JSON.stringify({ port: 4000, app: { keys: ['a'] } }),
        'api.json': JSON.stringify({ rest: { maxLimit: 250, strictParams: true } }),
        'database.json': JSON.stringify({ url: 'file:./data.db' }),
      }),
      {},
    );
    expect(config.server).toEqual({ host: '127.0.0.1', port: 4000, proxy: false });
    expect(config.api.rest).toEqual({ prefix: '/api', defaultLimit: 25, maxLimit: 250, withCount: true, strictParams: true });
    expect(config.database.url).toBe('file:./data.db');
  });

  it('runs a .js function export with Strapi env helpers', () => {
    const dir = appWith({
      'server.js': `module.exports = ({ env }) => ({ host: env('MY_HOST', '0.0.0.0'), port: env.int('MY_PORT', 1337), proxy: env.bool('MY_PROXY', false) });`,
      'plugins.js': `module.exports = ({ env }) => ({
        'users-permissions': { config: { jwtSecret: env('MY_SECRET'), register: { allowedFields: env.array('FIELDS', []) }, ratelimit: { interval: { min: 5 }, max: 5 } } },
        graphql: { enabled: false, config: { depthLimit: 7 } },
        email: { config: { provider: 'sendmail' } },
      });`,
    });
    const config = loadConfig(dir, { MY_PORT: '8080', MY_PROXY: 'true', MY_SECRET: 's3cret', FIELDS: '[ "firstName", lastName ]' });
    expect(config.server).toEqual({ host: '0.0.0.0', port: 8080, proxy: true });
    const up = config.plugins['users-permissions'];
    expect(up.jwtSecret).toBe('s3cret');
    expect(up.register.allowedFields).toEqual(['firstName', 'lastName']);
    expect(up.ratelimit).toMatchObject({ enabled: true, interval: 300_000, max: 5 });
    expect(config.plugins.email.provider).toBe('sendmail');
    expect(config.plugins.graphql.enabled).toBe(false);
    expect(config.plugins.graphql.depthLimit).toBe(7);
    expect(config.plugins.graphql.amountLimit).toBe(100);
  });

  it('accepts a plain object export, an ESM-style default export and flat plugin options', () => {
    const config = loadConfig(
      appWith({
        'api.js': `module.exports = { rest: { defaultLimit: 10 } };`,
        'server.js': `exports.__esModule = true; exports.default = () => ({ proxy: { koa: true } });`,
        'plugins.json': JSON.stringify({ upload: { sizeLimit: 1024 }, 'users-permissions': { jwtManagement: 'refresh', jwt: { expiresIn: 3600 } } }),
      }),
      {},
    );
    expect(config.api.rest.defaultLimit).toBe(10);
    expect(config.server.proxy).toBe(true);
    expect(config.plugins.upload.sizeLimit).toBe(1024);
    expect(config.plugins['users-permissions'].jwtManagement).toBe('refresh');
    expect(config.plugins['users-permissions'].jwt.expiresIn).toBe(3600);
  });

  it('treats null and undefined values as unset (env() of a missing variable)', () => {
    const config = loadConfig(appWith({ 'server.js': `module.exports = ({ env }) => ({ host: env('NOPE'), port: null });` }), {});
    expect(config.server.host).toBe('127.0.0.1');
    expect(config.server.port).toBe(1337);
  });

  it("derives the database URL from Strapi's knex connection", () => {
    const sqlite = loadConfig(appWith({ 'database.js': `module.exports = { connection: { client: 'sqlite', connection: { filename: '.tmp/data.db' }, useNullAsDefault: true } };` }), {});
    expect(sqlite.database.url).toBe('file:.tmp/data.db');
    const pg = loadConfig(
      appWith({
        'database.json': JSON.stringify({ connection: { client: 'postgres', connection: { host: 'db', port: 5432, database: 'cms', user: 'u', password: 'p@ss', schema: 'public' } } }),
      }),
      {},
    );
    expect(pg.database.url).toBe('postgresql://u:p%40ss@db:5432/cms?schema=public');
    const my = loadConfig(appWith({ 'database.json': JSON.stringify({ connection: { client: 'mysql2', connection: { connectionString: 'mysql://x@h/d' } } }) }), {});
    expect(my.database.url).toBe('mysql://x@h/d');
  });
});

describe('loadConfig environment', () => {
  it('lets the environment override files', () => {
    const config = loadConfig(appWith({ 'server.json': JSON.stringify({ host: '10.0.0.1', port: 4000 }), 'database.json': JSON.stringify({ url: 'file:a.db' }) }), {
      HOST: '0.0.0.0',
      PORT: '9000',
      DATABASE_URL: 'postgresql://localhost/cms',
      NODE_ENV: 'production',
      JWT_SECRET: 'jwt',
      API_TOKEN_SALT: 'salt',
      CMS_ALLOW_DATA_LOSS: '1',
    });
    expect(config.server).toEqual({ host: '0.0.0.0', port: 9000, proxy: false });
    expect(config.database).toEqual({ url: 'postgresql://localhost/cms', allowDataLoss: true });
    expect(config.environment).toBe('production');
    expect(config.plugins['users-permissions'].jwtSecret).toBe('jwt');
    expect(config.admin.apiToken.salt).toBe('salt');
  });

  it('ignores empty variables', () => {
    expect(loadConfig(appWith(), { HOST: '', PORT: '' }).server).toEqual({ host: '127.0.0.1', port: 1337, proxy: false });
  });

  it('reads process.env by default', () => {
    const saved = process.env.PORT;
    process.env.PORT = '7777';
    try {
      expect(loadConfig(appWith()).server.port).toBe(7777);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('rejects a bad PORT and CMS_ALLOW_DATA_LOSS', () => {
    const dir = appWith();
    expect(errorOf(() => loadConfig(dir, { PORT: 'abc' })).message).toBe('environment variable PORT must be an integer in 0..65535 (got string "abc")');
    expect(errorOf(() => loadConfig(dir, { PORT: '70000' })).message).toMatch(/PORT must be an integer/);
    expect(errorOf(() => loadConfig(dir, { CMS_ALLOW_DATA_LOSS: 'yes' })).message).toMatch(/CMS_ALLOW_DATA_LOSS must be 1, 0, true or false/);
  });
});

describe('loadConfig validation errors name the file and key', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['string port', { 'server.json': '{"port":"1337"}' }, 'config/server.json: port must be an integer (0..65535) (got string "1337")'],
    ['NaN from env.int', { 'server.js': `module.exports = ({ env }) => ({ port: env.int('P') });` }, 'config/server.js: port must be an integer (0..65535) (got number NaN)'],
    ['bad boolean', { 'api.json': '{"rest":{"withCount":"yes"}}' }, 'config/api.json: rest.withCount must be a boolean (got string "yes")'],
    ['bad strictParams', { 'api.json': '{"rest":{"strictParams":1}}' }, 'config/api.json: rest.strictParams must be a boolean (got number 1)'],
    ['prefix without slash', { 'api.json': '{"rest":{"prefix":"api"}}' }, 'config/api.json: rest.prefix must be a string starting with "/" (got string "api")'],
    ['maxLimit zero', { 'api.json': '{"rest":{"maxLimit":0}}' }, 'config/api.json: rest.maxLimit must be an integer in 1..∞ (got number 0)'],
    ['section not an object', { 'api.json': '{"rest":true}' }, 'config/api.json: rest must be an object (got boolean true)'],
    [
      'bad jwtManagement',
      { 'plugins.json': '{"users-permissions":{"config":{"jwtManagement":"cookie"}}}' },
      'config/plugins.json: users-permissions.config.jwtManagement must be one of "legacy-support", "refresh" (got string "cookie")',
    ],
    [
      'allowedFields not an array',
      { 'plugins.json': '{"users-permissions":{"register":{"allowedFields":"a,b"}}}' },
      'config/plugins.json: users-permissions.register.allowedFields must be an array of strings (got string "a,b")',
    ],
    [
      'allowedFields with a privileged field',
      { 'plugins.json': '{"users-permissions":{"register":{"allowedFields":["nickname","role"]}}}' },
      'config/plugins.json: users-permissions.register.allowedFields must be an array of strings without role',
    ],
    ['jwt algorithm none', { 'plugins.json': '{"users-permissions":{"jwt":{"algorithm":"none"}}}' }, 'config/plugins.json: users-permissions.jwt.algorithm must be one of "HS256", "HS384", "HS512"'],
    ['rate limit route', { 'plugins.json': '{"users-permissions":{"ratelimit":{"routes":{"logout":{"interval":1000,"max":1}}}}}' }, 'config/plugins.json: users-permissions.ratelimit.routes must be an object keyed by'],
    ['provider without secret', { 'plugins.json': '{"users-permissions":{"providers":{"github":{"clientId":"a"}}}}' }, 'config/plugins.json: users-permissions.providers must be github.clientSecret (or secret): a non-empty string'],
    ['email provider', { 'plugins.json': '{"email":{"config":{"provider":"amazon-ses"}}}' }, 'config/plugins.json: email.config.provider must be one of "dev", "nodemailer" (alias "smtp"), "sendmail", "sendgrid", "mailgun"'],
    ['upload sizeLimit', { 'plugins.json': '{"upload":{"config":{"sizeLimit":"200mb"}}}' }, 'config/plugins.json: upload.config.sizeLimit must be an integer (1..∞) (got string "200mb")'],
    ['plugin enabled', { 'plugins.json': '{"graphql":{"enabled":"no","config":{}}}' }, 'config/plugins.json: graphql.enabled must be a boolean (got string "no")'],
    ['ratelimit interval', { 'plugins.json': '{"users-permissions":{"ratelimit":{"interval":{"weeks":1}}}}' }, 'config/plugins.json: users-permissions.ratelimit.interval must be milliseconds or { ms|sec|min|hour|day: number } (got an object)'],
    ['proxy', { 'server.json': '{"proxy":"yes"}' }, 'config/server.json: proxy must be a boolean or { koa: boolean } (got string "yes")'],
    ['limits out of order', { 'api.json': '{"rest":{"defaultLimit":200}}' }, 'config/api: rest.defaultLimit (200) must not exceed rest.maxLimit (100)'],
    ['database client', { 'database.json': '{"connection":{"client":"oracle","connection":{}}}' }, 'config/database.json: connection.client must be one of sqlite, better-sqlite3, postgres, mysql, mysql2 (got string "oracle")'],
    ['invalid JSON', { 'server.json': '{"port":' }, 'config/server.json: invalid JSON'],
    ['array instead of object', { 'server.json': '[]' }, 'config/server.json: must contain an object (got an array)'],
    ['both files', { 'server.json': '{}', 'server.js': 'module.exports = {}' }, 'config/server.json and config/server.js both exist: keep one'],
    ['throwing module', { 'server.js': `module.exports = () => { throw new Error('boom'); };` }, 'config/server.js: the exported function threw: boom'],
    ['async function', { 'server.js': `module.exports = async () => ({});` }, 'config/server.js: the exported function must return an object, not a Promise'],
    ['syntax error', { 'server.js': `module.exports = {` }, 'config/server.js: failed to load'],
  ];
  it.each(cases)('%s', (_name, files, message) => {
    const err = errorOf(() => loadConfig(appWith(files), { P: 'abc' }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message.startsWith(message)).toBe(true);
  });
});

describe('users-permissions options', () => {
  it('reads rate-limit routes, providers (Strapi key/secret names) and the email provider', () => {
    const config = loadConfig(
      appWith({
        'plugins.json': JSON.stringify({
          'users-permissions': {
            config: {
              ratelimit: { routes: { register: { interval: { min: 1 }, max: 3 } }, store: 'redis' },
              providers: { github: { key: 'id', secret: 'shh', scope: 'user:email read:user', callback: 'https://front.example/cb' } },
              publicUrl: 'https://api.example/',
              emailTemplates: { resetPassword: { subject: 'Reset {{USER.username}}' } },
            },
          },
          email: { config: { provider: 'smtp', providerOptions: { host: '127.0.0.1', port: 2525 }, settings: { defaultFrom: 'cms@example.com' } } },
        }),
      }),
      {},
    );
    const up = config.plugins['users-permissions'];
    expect(up.ratelimit.routes).toEqual({ login: { interval: 300_000, max: 5 }, register: { interval: 60_000, max: 3 } });
    expect(up.ratelimit.store).toBe('redis');
    expect(up.providers.github).toEqual({ enabled: true, clientId: 'id', clientSecret: 'shh', callback: 'https://front.example/cb', scope: ['user:email', 'read:user'] });
    expect(up.publicUrl).toBe('https://api.example');
    expect(up.emailTemplates.resetPassword).toEqual({ subject: 'Reset {{USER.username}}' });
    expect(config.plugins.email).toEqual({ provider: 'nodemailer', providerOptions: { host: '127.0.0.1', port: 2525 }, settings: { defaultFrom: 'cms@example.com' } });
  });
});

describe('server.url', () => {
  it("is Strapi's public URL: links and OAuth callbacks use it unless users-permissions sets publicUrl", () => {
    expect(loadConfig(appWith({ 'server.js': `module.exports = ({ env }) => ({ url: env('PUBLIC_URL', '') });` }), {}).plugins['users-permissions'].publicUrl).toBeUndefined();
    const fromServer = loadConfig(appWith({ 'server.js': `module.exports = ({ env }) => ({ url: env('PUBLIC_URL', '') });` }), { PUBLIC_URL: 'https://cms.example.com/' });
    expect([fromServer.server.url, fromServer.plugins['users-permissions'].publicUrl]).toEqual(['https://cms.example.com', 'https://cms.example.com']);
    const own = loadConfig(appWith({ 'server.json': '{"url":"https://cms.example.com"}', 'plugins.json': '{"users-permissions":{"config":{"publicUrl":"https://api.example.com"}}}' }), {});
    expect(own.plugins['users-permissions'].publicUrl).toBe('https://api.example.com');
    expect(() => loadConfig(appWith({ 'server.json': '{"url":"/cms"}' }), {})).toThrow('config/server.json: url must be an absolute http(s) URL, or empty (cms-gen serves at the root: a path alone is not supported) (got string "/cms")');
  });
});

describe('email providers', () => {
  it("takes SendGrid's and Mailgun's names as Strapi's config files give them, with their options", () => {
    const sendgrid = loadConfig(appWith({ 'plugins.js': `module.exports = { email: { config: { provider: 'sendgrid', providerOptions: { apiKey: 'SG.x' }, settings: { defaultFrom: 'a@example.com' } } } };` }), {});
    expect(sendgrid.plugins.email).toEqual({ provider: 'sendgrid', providerOptions: { apiKey: 'SG.x' }, settings: { defaultFrom: 'a@example.com' } });
    const mailgun = loadConfig(appWith({ 'plugins.json': JSON.stringify({ email: { config: { provider: '@strapi/provider-email-mailgun', providerOptions: { key: 'k', domain: 'mg.example.com', url: 'https://api.eu.mailgun.net' } } } }) }), {});
    expect(mailgun.plugins.email.provider).toBe('mailgun');
    expect(mailgun.plugins.email.providerOptions).toEqual({ key: 'k', domain: 'mg.example.com', url: 'https://api.eu.mailgun.net' });
  });
});

describe('createEnv', () => {
  const env = createEnv({ S: 'x', I: '42', F: '1.5', B: 'true', B2: '1', A: 'a, "b" ,c', J: '{"k":1}', BADJ: '{', EMPTY: '' });
  it('follows Strapi semantics', () => {
    expect(env('S')).toBe('x');
    expect(env('MISSING', 'd')).toBe('d');
    expect(env('EMPTY', 'd')).toBe('');
    expect(env.int('I')).toBe(42);
    expect(env.int('MISSING', 3)).toBe(3);
    expect(env.float('F')).toBe(1.5);
    expect(env.bool('B')).toBe(true);
    expect(env.bool('B2', true)).toBe(false);
    expect(env.array('A')).toEqual(['a', 'b', 'c']);
    expect(env.json('J')).toEqual({ k: 1 });
    expect(() => env.json('BADJ')).toThrow('Invalid JSON in environment variable BADJ');
  });

  it('casts dates and picks one of expected values as Strapi 5.54 does', () => {
    const strapi = createEnv({ D: '2024-01-02', BAD: 'nope', P: 'aws-s3', EMPTY: '' });
    expect(strapi.date('D')).toEqual(new Date('2024-01-02T00:00:00.000Z'));
    expect(Number.isNaN((strapi.date('BAD') as Date).getTime())).toBe(true);
    expect(strapi.date('MISSING', 'd')).toBe('d');
    expect(strapi.oneOf('P', ['local', 'aws-s3'], 'local')).toBe('aws-s3');
    expect(strapi.oneOf('P', ['local', 'cloudinary'], 'local')).toBe('local');
    expect(strapi.oneOf('P', ['local'])).toBeUndefined();
    expect(strapi.oneOf('MISSING', ['a', 'b'], 'b')).toBe('b');
    expect(strapi.oneOf('EMPTY', ['', 'a'], 'a')).toBe('');
    // A falsy default is not checked against the list (Strapi's rule).
    expect(strapi.oneOf('MISSING', ['a'], '')).toBe('');
    expect(() => strapi.oneOf('MISSING', ['a', 'b'], 'c')).toThrow('env.oneOf requires defaultValue to be included in expectedValues');
    expect(() => strapi.oneOf('MISSING', undefined as unknown as string[])).toThrow('env.oneOf requires expectedValues');
  });

  it('reports the keys it does not read, so a typo or an unsupported Strapi setting is not silent', () => {
    const dir = appWith({
      'server.json': JSON.stringify({ host: '0.0.0.0', app: { keys: ['a', 'b'] } }),
      'plugins.json': JSON.stringify({ graphql: { enabled: true, config: { endpoint: '/gql', depthLimt: 5 } }, seo: { enabled: true, config: { anything: 1 } } }),
    });
    const ignored: string[] = [];
    loadConfig(dir, {}, ignored);
    // seo is not a plugin of cms-gen: its configuration is not ours to judge.
    expect(ignored.sort()).toEqual(['config/plugins.json: graphql.config.depthLimt', 'config/server.json: app']);
  });
});

describe('config/logger', () => {
  it("defaults to Strapi's level (http: request lines and above) and the environment's format", () => {
    expect(loadConfig(appWith(), {}).logger).toEqual({ level: 'http' });
  });

  it("reads level and format; winston's names map onto pino's; winston's other options are reported", () => {
    const dir = appWith({ 'logger.js': "module.exports = ({ env }) => ({ level: env('MY_LEVEL', 'verbose'), format: 'json', exitOnError: false });" });
    const ignored: string[] = [];
    expect(loadConfig(dir, {}, ignored).logger).toEqual({ level: 'debug', format: 'json' });
    expect(ignored).toEqual(['config/logger.js: exitOnError']);
    expect(loadConfig(appWith({ 'logger.json': '{ "level": "silly" }' }), {}).logger.level).toBe('trace');
  });

  it('LOG_LEVEL and LOG_FORMAT win over the file', () => {
    const dir = appWith({ 'logger.json': '{ "level": "debug", "format": "pretty" }' });
    expect(loadConfig(dir, { LOG_LEVEL: 'WARN', LOG_FORMAT: 'json' }).logger).toEqual({ level: 'warn', format: 'json' });
  });

  it('refuses an unknown level or format, naming where it came from', () => {
    expect(errorOf(() => loadConfig(appWith({ 'logger.json': '{ "level": "loud" }' }), {})).message).toBe(
      'config/logger.json: level must be one of fatal, error, warn, info, http, debug, trace, silent (got string "loud")',
    );
    expect(errorOf(() => loadConfig(appWith(), { LOG_LEVEL: 'chatty' })).message).toBe('environment variable LOG_LEVEL must be one of fatal, error, warn, info, http, debug, trace, silent (got string "chatty")');
    expect(errorOf(() => loadConfig(appWith(), { LOG_FORMAT: 'xml' }))).toBeInstanceOf(ConfigError);
  });
});

describe('config/env/<NODE_ENV>: merged over config/ as Strapi does', () => {
  /** An app directory with config/ files and config/env/<environment>/ files. */
  function appWithEnvironments(files: Record<string, string>, environments: Record<string, Record<string, string>>): string {
    const dir = appWith(files);
    for (const [environment, envFiles] of Object.entries(environments)) {
      mkdirSync(join(dir, 'config', 'env', environment), { recursive: true });
      for (const [name, content] of Object.entries(envFiles)) writeFileSync(join(dir, 'config', 'env', environment, name), content);
    }
    return dir;
  }

  const server = JSON.stringify({ host: '0.0.0.0', port: 1337, url: 'https://dev.example.com' });
  const plugins = JSON.stringify({ 'users-permissions': { config: { jwt: { expiresIn: '7d' }, register: { allowedFields: ['a', 'b', 'c'] } } } });
  const dir = () =>
    appWithEnvironments(
      { 'server.json': server, 'plugins.json': plugins },
      {
        production: {
          'server.js': "module.exports = ({ env }) => ({ url: env('PUBLIC_URL', 'https://cms.example.com'), port: undefined });",
          'plugins.json': JSON.stringify({ 'users-permissions': { config: { jwt: { expiresIn: '1d' }, register: { allowedFields: ['x'] } } } }),
        },
        staging: { 'api.json': JSON.stringify({ rest: { defaultLimit: 10, maxLimit: 50 } }) },
      },
    );

  it("merges the environment's files key by key; an undefined value keeps the base's; arrays merge index by index", () => {
    const config = loadConfig(dir(), { NODE_ENV: 'production' });
    expect(config.server).toMatchObject({ host: '0.0.0.0', port: 1337, url: 'https://cms.example.com' });
    const up = config.plugins['users-permissions'];
    expect(up.jwt?.expiresIn).toBe('1d');
    // lodash's merge, as Strapi's: ['x'] over ['a', 'b', 'c'] is ['x', 'b', 'c'].
    expect(up.register?.allowedFields).toEqual(['x', 'b', 'c']);
    expect(up.publicUrl).toBe('https://cms.example.com');
  });

  it('reads the folder of NODE_ENV only (development when unset), and a file only the environment has', () => {
    const development = loadConfig(dir(), {});
    expect(development.server.url).toBe('https://dev.example.com');
    expect(development.plugins['users-permissions'].jwt?.expiresIn).toBe('7d');
    expect(development.api.rest).toMatchObject({ defaultLimit: 25, maxLimit: 100 });
    const staging = loadConfig(dir(), { NODE_ENV: 'staging' });
    expect(staging.api.rest).toMatchObject({ defaultLimit: 10, maxLimit: 50 });
    expect(staging.server.url).toBe('https://dev.example.com');
  });

  it('names both files when the merged value is wrong, and refuses two forms of one environment file', () => {
    const bad = appWithEnvironments({ 'server.json': server }, { production: { 'server.json': JSON.stringify({ port: 'many' }) } });
    expect(errorOf(() => loadConfig(bad, { NODE_ENV: 'production' })).message).toMatch(/^config\/server\.json with config\/env\/production\/server\.json: .*port/);
    const twice = appWithEnvironments({}, { production: { 'api.json': '{}', 'api.js': 'module.exports = {};' } });
    expect(errorOf(() => loadConfig(twice, { NODE_ENV: 'production' })).message).toBe('config/env/production/api.json and config/env/production/api.js both exist: keep one');
  });

  it('does not read a folder outside config/env/ when NODE_ENV names a path', () => {
    const outside = appWithEnvironments({ 'api.json': JSON.stringify({ rest: { defaultLimit: 5 } }) }, {});
    // config/env/../../elsewhere/api.json is <app>/elsewhere/api.json.
    mkdirSync(join(outside, 'elsewhere'));
    writeFileSync(join(outside, 'elsewhere', 'api.json'), JSON.stringify({ rest: { defaultLimit: 7 } }));
    expect(loadConfig(outside, { NODE_ENV: '../../elsewhere' }).api.rest.defaultLimit).toBe(5);
    mkdirSync(join(outside, 'config', 'env', 'elsewhere'), { recursive: true });
    writeFileSync(join(outside, 'config', 'env', 'elsewhere', 'api.json'), JSON.stringify({ rest: { defaultLimit: 7 } }));
    expect(loadConfig(outside, { NODE_ENV: 'elsewhere' }).api.rest.defaultLimit).toBe(7);
  });
});
