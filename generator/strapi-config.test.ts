import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadConfig } from '../runtime/server/config/load-config';
import { readMiddlewaresConfig } from '../runtime/server/customize/middlewares-config';
import { planStrapiConfig, type StrapiConfigPlan } from './strapi-config';
import { removeTempProjects, tempDir, tempProject } from './test-helpers/temp-project';

afterAll(removeTempProjects);

/** A Strapi project folder holding `files` (path → text). */
const project = (files: Record<string, string>): string => tempProject({ 'package.json': { dependencies: { '@strapi/strapi': '5.54.0' } }, ...files });

/** Writes what the plan brings into a fresh app folder, as the scaffold does; returns the folder. */
function appWith(plan: StrapiConfigPlan): string {
  const app = tempDir();
  for (const file of plan.brought.flatMap((config) => config.files)) {
    mkdirSync(dirname(join(app, file.path)), { recursive: true });
    writeFileSync(join(app, file.path), file.contents);
  }
  return app;
}

const paths = (plan: StrapiConfigPlan) => plan.brought.flatMap((config) => config.files.map((file) => file.path));

describe("a first build brings a Strapi project's config files", () => {
  it('compiles TypeScript to CommonJS, with the config/ files it imports, and the runtime reads the result', () => {
    const dir = project({
      'config/api.ts': `import type { Core } from '@strapi/strapi';\n\nconst config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Api => ({\n  rest: { defaultLimit: env.int('REST_DEFAULT', 7), maxLimit: 50, withCount: true },\n});\n\nexport default config;\n`,
      'config/server.ts': `import cronTasks from './cron-tasks';\nexport default ({ env }) => ({ host: env('HOST', '0.0.0.0'), port: env.int('PORT', 1337), app: { keys: env.array('APP_KEYS') }, cron: { enabled: true, tasks: cronTasks } });\n`,
      'config/cron-tasks.ts': `export default { nightly: { task: async () => undefined, options: { rule: '0 0 3 * * *' } } };\n`,
      'config/admin.ts': `export default ({ env }) => ({ auth: { secret: env('ADMIN_JWT_SECRET') }, apiToken: { salt: env('API_TOKEN_SALT') } });\n`,
    });
    const plan = planStrapiConfig(dir, { graphqlOff: false, env: {} });
    expect(plan.leftBehind).toEqual([]);
    expect(plan.brought.map((c) => `${c.name} ${c.source}`)).toEqual(['server config/server.ts', 'api config/api.ts', 'admin config/admin.ts']);
    expect(paths(plan)).toEqual(['config/server.js', 'config/cron-tasks.js', 'config/api.js', 'config/admin.js']);
    const api = plan.brought[1].files[0].contents;
    expect(api.split('\n').slice(0, 2)).toEqual([
      "// Brought from the Strapi project's config/api.ts by cms-gen's first build (TypeScript compiled to JavaScript).",
      '// It is yours: builds never change it.',
    ]);
    expect(api).not.toContain('Core.Config');
    expect(api).not.toContain('@strapi/strapi');

    const config = loadConfig(appWith(plan), { REST_DEFAULT: '3' });
    expect(config.api.rest).toMatchObject({ defaultLimit: 3, maxLimit: 50, withCount: true });
    expect(config.server.host).toBe('0.0.0.0');
    expect(config.server.cron?.enabled).toBe(true);
    expect(Object.keys(config.server.cron?.tasks ?? {})).toEqual(['nightly']);
  });

  it("brings each environment's files (config/env/<environment>/), which the app merges over config/'s when NODE_ENV names it", () => {
    const dir = project({
      'config/server.ts': `export default ({ env }) => ({ host: env('HOST', '0.0.0.0'), port: env.int('PORT', 1337), url: 'https://dev.example.com' });\n`,
      'config/plugins.ts': `export default () => ({ upload: { config: { sizeLimit: 1000 } } });\n`,
      'config/env/production/server.ts': `import { publicUrl } from '../../shared';\nexport default ({ env }) => ({ url: publicUrl(env('PUBLIC_HOST', 'cms.example.com')) });\n`,
      'config/shared.ts': `export const publicUrl = (host: string): string => \`https://\${host}\`;\n`,
      'config/env/production/plugins.json': JSON.stringify({ upload: { config: { sizeLimit: 5000 } } }),
      'config/env/staging/api.js': `module.exports = { rest: { defaultLimit: 10 } };\n`,
      'config/middlewares.ts': `export default ['strapi::errors', 'strapi::security', 'strapi::cors', 'strapi::body'];\n`,
      'config/env/production/middlewares.js': `module.exports = ['strapi::errors', 'strapi::security', { name: 'strapi::cors', config: { origin: ['https://www.example.com'] } }];\n`,
    });
    const plan = planStrapiConfig(dir, { graphqlOff: true, env: {} });
    expect(plan.leftBehind).toEqual([]);
    expect(plan.brought.map((c) => `${c.environment ?? '-'} ${c.name} ${c.source}`)).toEqual([
      '- server config/server.ts',
      '- plugins config/plugins.ts',
      '- middlewares config/middlewares.ts',
      'production server config/env/production/server.ts',
      'production plugins config/env/production/plugins.json',
      'production middlewares config/env/production/middlewares.js',
      'staging api config/env/staging/api.js',
    ]);
    expect(paths(plan)).toEqual([
      'config/server.js',
      'config/plugins.js',
      'config/middlewares.js',
      'config/env/production/server.js',
      'config/shared.js',
      'config/env/production/plugins.json',
      'config/env/production/middlewares.js',
      'config/env/staging/api.js',
    ]);
    const app = appWith(plan);
    const development = loadConfig(app, {});
    expect(development.server.url).toBe('https://dev.example.com');
    expect(development.plugins.upload.sizeLimit).toBe(1000);
    expect(development.plugins.graphql.enabled).toBe(false);
    const production = loadConfig(app, { NODE_ENV: 'production', PUBLIC_HOST: 'cms.example.org' });
    expect(production.server).toMatchObject({ host: '0.0.0.0', port: 1337, url: 'https://cms.example.org' });
    expect(production.plugins.upload.sizeLimit).toBe(5000);
    // The project has no GraphQL plugin: it stays off in every environment.
    expect(production.plugins.graphql.enabled).toBe(false);
    expect(loadConfig(app, { NODE_ENV: 'staging' }).api.rest.defaultLimit).toBe(10);
    // The middleware list merges index by index, as Strapi's: the third entry is production's CORS.
    expect(readMiddlewaresConfig(app, {})?.cors).toEqual({});
    const productionMiddlewares = readMiddlewaresConfig(app, { NODE_ENV: 'production' });
    expect(productionMiddlewares?.label).toBe('config/middlewares.js with config/env/production/middlewares.js');
    expect(productionMiddlewares?.cors).toMatchObject({ origin: ['https://www.example.com'] });
  });

  it('takes JavaScript and JSON files as they are', () => {
    const dir = project({
      'config/api.js': `module.exports = ({ env }) => ({ rest: { defaultLimit: env.int('X', 11) } });\n`,
      'config/plugins.json': `{ "users-permissions": { "config": { "jwtManagement": "refresh" } } }\n`,
    });
    const plan = planStrapiConfig(dir, { graphqlOff: false, env: {} });
    expect(paths(plan)).toEqual(['config/api.js', 'config/plugins.json']);
    expect(plan.brought[1].files[0].contents).toBe(`{ "users-permissions": { "config": { "jwtManagement": "refresh" } } }\n`);
    const config = loadConfig(appWith(plan), {});
    expect(config.api.rest.defaultLimit).toBe(11);
    expect(config.plugins['users-permissions'].jwtManagement).toBe('refresh');
  });

  it('keeps GraphQL off, as the project has it without the plugin, in every form a plugins file takes', () => {
    const forms: Record<string, string> = {
      'config/plugins.ts': `export default ({ env }) => ({ 'users-permissions': { config: { jwtManagement: 'refresh' } }, graphql: { config: { defaultLimit: 5 } } });\n`,
      'config/plugins.js': `module.exports = { 'users-permissions': { config: { jwtManagement: 'refresh' } } };\n`,
      'config/plugins.json': `{ "users-permissions": { "config": { "jwtManagement": "refresh" } } }`,
    };
    for (const [path, text] of Object.entries(forms)) {
      const plan = planStrapiConfig(project({ [path]: text }), { graphqlOff: true, env: {} });
      const config = loadConfig(appWith(plan), {});
      expect([path, config.plugins.graphql.enabled, config.plugins['users-permissions'].jwtManagement]).toEqual([path, false, 'refresh']);
    }
    // Without graphqlOff, the file says nothing of it: on.
    const plan = planStrapiConfig(project({ 'config/plugins.ts': forms['config/plugins.ts'] }), { graphqlOff: false, env: {} });
    const config = loadConfig(appWith(plan), {});
    expect([config.plugins.graphql.enabled, config.plugins.graphql.defaultLimit]).toEqual([true, 5]);
  });

  it('brings a middleware list of built-ins (its CORS origins among them)', () => {
    const dir = project({
      'config/middlewares.ts': `export default ['strapi::logger', 'strapi::errors', 'strapi::security', { name: 'strapi::cors', config: { origin: ['https://example.com'] } }, 'strapi::poweredBy', 'strapi::query', 'strapi::body', 'strapi::session', 'strapi::favicon', 'strapi::public'];\n`,
    });
    const plan = planStrapiConfig(dir, { graphqlOff: false, env: {} });
    expect([paths(plan), plan.leftBehind]).toEqual([['config/middlewares.js'], []]);
    const middlewares = readMiddlewaresConfig(appWith(plan), {})!;
    expect(middlewares.cors?.origin).toEqual(['https://example.com']);
    expect([middlewares.requestLog, middlewares.poweredBy, middlewares.user]).toEqual([true, 'cms-gen', []]);
  });

  it('leaves behind, one line each saying why, what the app would not start with', () => {
    const dir = project({
      'config/database.ts': `export default () => ({ connection: { client: 'sqlite' } });\n`,
      'config/server.ts': `import slugify from 'slugify';\nexport default () => ({ host: slugify('x') });\n`,
      'config/api.ts': `import { limits } from '../src/limits';\nexport default () => ({ rest: limits });\n`,
      'src/limits.ts': `export const limits = {};\n`,
      'config/admin.ts': `import secrets from './secrets';\nexport default () => ({ secrets });\n`,
      'config/plugins.ts': `export default ({ env }) => ({ email: { config: { provider: env('EMAIL_PROVIDER', 'amazon-ses') } } });\n`,
      'config/middlewares.ts': `export default ['strapi::errors', 'global::tenant', 'strapi::body'];\n`,
    });
    const perEnvironment = planStrapiConfig(
      project({
        'config/env/production/database.ts': `export default () => ({ connection: { client: 'postgres' } });\n`,
        'config/env/production/middlewares.ts': `export default ['strapi::errors', 'global::tenant'];\n`,
        'config/env/production/server.ts': `import slugify from 'slugify';\nexport default () => ({ host: slugify('x') });\n`,
      }),
      { graphqlOff: false, env: {} },
    );
    expect(perEnvironment.brought).toEqual([]);
    expect(perEnvironment.leftBehind).toEqual([
      "config/env/production/database.ts: not brought: the app's database is DATABASE_URL (SQLite in .tmp/data.db when unset)",
      'config/env/production/server.ts: not brought: config/env/production/server.ts imports the package slugify, which the app\'s package.json does not list',
      "config/env/production/middlewares.ts: not brought: it lists global::tenant, which is the project's code: copy that middleware into the app's src/, then this file as config/env/production/middlewares.js",
    ]);
    const underPath = planStrapiConfig(project({ 'config/server.ts': `export default () => ({ url: '/cms' });\n` }), { graphqlOff: false, env: {} });
    expect(underPath.leftBehind).toEqual(['config/server.ts: not brought: its url "/cms" serves Strapi under a path; the app serves at the root (give it an absolute URL, or none)']);
    const plan = planStrapiConfig(dir, { graphqlOff: false, env: {} });
    expect(plan.brought).toEqual([]);
    expect(plan.leftBehind).toEqual([
      "config/database.ts: not brought: the app's database is DATABASE_URL (SQLite in .tmp/data.db when unset)",
      "config/server.ts: not brought: config/server.ts imports the package slugify, which the app's package.json does not list",
      'config/api.ts: not brought: config/api.ts imports src/limits.ts, which is outside config/',
      'config/admin.ts: not brought: config/admin.ts imports ./secrets, which is not in the project',
      'config/plugins.ts: not brought: its email provider "amazon-ses" is not one cms-gen has ("dev", "nodemailer" (alias "smtp"), "sendmail", "sendgrid", "mailgun"; most mail services take SMTP through nodemailer)',
      "config/middlewares.ts: not brought: it lists global::tenant, which is the project's code: copy that middleware into the app's src/, then this file as config/middlewares.js",
    ]);
  });

  it("loads each file with the build's environment and the project's .env, as a start would", () => {
    const files = {
      'config/plugins.ts': `export default ({ env }) => ({ upload: { config: { provider: env('UPLOAD_PROVIDER', 'local') } } });\n`,
      'config/api.ts': `export default ({ env }) => { if (!env('REQUIRED')) throw new Error('REQUIRED is not set'); return {}; };\n`,
    };
    const plain = planStrapiConfig(project(files), { graphqlOff: false, env: {} });
    expect(paths(plain)).toEqual(['config/plugins.js']);
    expect(plain.leftBehind).toEqual(['config/api.ts: not brought: loading it failed: REQUIRED is not set']);

    const withDotEnv = planStrapiConfig(project({ ...files, '.env': 'UPLOAD_PROVIDER=@strapi/provider-upload-rackspace\nREQUIRED=yes\n' }), { graphqlOff: false, env: {} });
    expect(paths(withDotEnv)).toEqual(['config/api.js']);
    expect(withDotEnv.leftBehind).toEqual(['config/plugins.ts: not brought: its upload provider "@strapi/provider-upload-rackspace" is not one cms-gen has ("local", "aws-s3" or "cloudinary")']);
    // The build's own environment wins over the project's .env, as at a start.
    const overridden = planStrapiConfig(project({ ...files, '.env': 'UPLOAD_PROVIDER=rackspace\n' }), { graphqlOff: false, env: { UPLOAD_PROVIDER: 'aws-s3', REQUIRED: 'yes' } });
    expect(paths(overridden)).toEqual(['config/api.js', 'config/plugins.js']);
  });

  it('brings an S3 upload whose bucket comes from a variable unset here, and says the app needs it', () => {
    const dir = project({ 'config/plugins.ts': `export default ({ env }) => ({ upload: { config: { provider: 'aws-s3', providerOptions: { s3Options: { region: 'eu', params: { Bucket: env('BUCKET') } } } } } });\n` });
    const unset = planStrapiConfig(dir, { graphqlOff: false, env: {} });
    expect(paths(unset)).toEqual(['config/plugins.js']);
    expect(unset.unsetHere).toEqual([
      'config/plugins.ts: brought, but its S3 bucket (upload providerOptions.s3Options.params.Bucket) is unset in this environment: the app starts once the variable the file reads for it is set',
    ]);
    const app = appWith(unset);
    expect(() => loadConfig(app, {})).toThrow('Bucket is required with provider "aws-s3"');
    expect(loadConfig(app, { BUCKET: 'media' }).plugins.upload.providerOptions.s3Options?.params?.Bucket).toBe('media');
    expect(planStrapiConfig(dir, { graphqlOff: false, env: { BUCKET: 'media' } }).unsetHere).toEqual([]);
  });

  it('brings a Cloudinary upload (by either name) and says which account keys are unset here', () => {
    const dir = project({
      'config/plugins.js': `module.exports = ({ env }) => ({ upload: { config: { provider: '@strapi/provider-upload-cloudinary', providerOptions: { cloud_name: 'acme', api_key: env('CLD_KEY'), api_secret: env('CLD_SECRET') }, actionOptions: { upload: { folder: 'cms' } } } } });\n`,
    });
    const unset = planStrapiConfig(dir, { graphqlOff: false, env: { CLD_KEY: '42' } });
    expect(paths(unset)).toEqual(['config/plugins.js']);
    expect(unset.unsetHere).toEqual([
      'config/plugins.js: brought, but its Cloudinary account (upload providerOptions.api_secret) is unset in this environment: the app starts once the variables the file reads for it are set',
    ]);
    const app = appWith(unset);
    expect(() => loadConfig(app, { CLD_KEY: '42' })).toThrow('config/plugins: upload.providerOptions.api_secret is required with provider "cloudinary"');
    const upload = loadConfig(app, { CLD_KEY: '42', CLD_SECRET: 's' }).plugins.upload;
    expect([upload.provider, upload.actionOptions]).toEqual(['cloudinary', { upload: { folder: 'cms' } }]);
    expect(planStrapiConfig(dir, { graphqlOff: false, env: { CLD_KEY: '42', CLD_SECRET: 's' } }).unsetHere).toEqual([]);
  });
});
