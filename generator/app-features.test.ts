// The build follows the app's config/plugins on GraphQL: turned off, it emits no GraphQL code and a
// new app's package.json leaves @cms-gen/graphql out; turned on again, the next build brings the
// code back (test/e2e/app-without-graphql.test.ts installs and serves such an app). An app whose
// config picks the aws-s3 upload provider lists the AWS SDK; no other app does.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfigUnreadable, appServesGraphql, appUploadProviders } from './app-features';
import { build, type BuildOptions } from './build';
import { DEFAULT_EMIT_OPTIONS } from './emitters/types';
import { removeTempProjects, tempDir } from './test-helpers/temp-project';

const FLAT_BLOG = join(__dirname, '__fixtures__', 'flat-blog');

afterAll(removeTempProjects);

/** A build of the flat blog into `outDir`, with what it printed. */
function run(outDir: string): { code: number; err: string[] } {
  const err: string[] = [];
  const options: BuildOptions = { schemasDir: FLAT_BLOG, outDir, check: false, force: false, emit: DEFAULT_EMIT_OPTIONS };
  const code = build(options, { out: (line) => err.push(line), err: (line) => err.push(line) });
  return { code, err };
}

/** An app folder with `config/plugins.<ext>` holding `contents`. */
function appWithPlugins(ext: 'json' | 'js', contents: string): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'config'));
  writeFileSync(join(dir, 'config', `plugins.${ext}`), contents);
  return dir;
}

describe('appServesGraphql', () => {
  it('is true without config/plugins, or when it leaves GraphQL on', () => {
    expect(appServesGraphql(tempDir(), {})).toBe(true);
    expect(appServesGraphql(appWithPlugins('json', '{ "graphql": { "config": { "depthLimit": 5 } } }'), {})).toBe(true);
    expect(appServesGraphql(appWithPlugins('json', '{ "graphql": { "enabled": true } }'), {})).toBe(true);
    expect(appServesGraphql(appWithPlugins('json', '{ "upload": { "enabled": false } }'), {})).toBe(true);
  });

  it("is false when Strapi's form or the flat object sets enabled to false", () => {
    expect(appServesGraphql(appWithPlugins('json', '{ "graphql": { "enabled": false, "config": {} } }'), {})).toBe(false);
    expect(appServesGraphql(appWithPlugins('json', '{ "graphql": { "enabled": false } }'), {})).toBe(false);
    expect(appServesGraphql(appWithPlugins('js', 'module.exports = { graphql: { enabled: false } };'), {})).toBe(false);
  });

  it("calls a JS config's function with the env helper, over the environment and the app's .env", () => {
    const dir = appWithPlugins('js', "module.exports = ({ env }) => ({ graphql: { enabled: env.bool('GRAPHQL', true) } });");
    expect(appServesGraphql(dir, {})).toBe(true);
    expect(appServesGraphql(dir, { GRAPHQL: 'false' })).toBe(false);
    writeFileSync(join(dir, '.env'), 'GRAPHQL=false\n');
    expect(appServesGraphql(dir, {})).toBe(false);
    // The environment wins over the file, as at start.
    expect(appServesGraphql(dir, { GRAPHQL: 'true' })).toBe(true);
  });

  it('names the file it cannot read', () => {
    expect(() => appServesGraphql(appWithPlugins('json', '{ nope'), {})).toThrow(AppConfigUnreadable);
    expect(() => appServesGraphql(appWithPlugins('js', "throw new Error('boom');"), {})).toThrow(/^config\/plugins\.js: cannot tell whether the app serves GraphQL: boom$/);
  });
});

describe('a build into an app whose config/plugins turns GraphQL off', () => {
  const manifestPaths = (dir: string) => (JSON.parse(readFileSync(join(dir, '.cms-gen-manifest.json'), 'utf8')) as { files: { path: string }[] }).files.map((f) => f.path);

  it('emits no GraphQL code, lists no GraphQL package, and brings both back once it is on again', () => {
    const outDir = appWithPlugins('json', '{ "graphql": { "enabled": false } }');
    const first = run(outDir);
    expect(first.code).toBe(0);
    expect(manifestPaths(outDir).filter((path) => path.startsWith('src/graphql/'))).toEqual([]);
    expect(existsSync(join(outDir, 'src', 'graphql'))).toBe(false);
    const main = readFileSync(join(outDir, 'src', 'main.ts'), 'utf8');
    expect(main).not.toContain('graphqlPlugin');
    expect(main).not.toContain("from './graphql'");
    const pkg = JSON.parse(readFileSync(join(outDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@cms-gen/db-sqlite', '@cms-gen/runtime']);
    expect(first.err.join('\n')).toContain('(REST under /api)');

    writeFileSync(join(outDir, 'config', 'plugins.json'), '{ "graphql": { "enabled": true } }');
    expect(run(outDir).code).toBe(0);
    expect(manifestPaths(outDir)).toEqual(expect.arrayContaining(['src/graphql/index.ts', 'src/graphql/schema.graphql']));
    expect(readFileSync(join(outDir, 'src', 'main.ts'), 'utf8')).toContain("import { graphqlPlugin } from '@cms-gen/graphql';");

    // Off again: the stale GraphQL files go.
    writeFileSync(join(outDir, 'config', 'plugins.json'), '{ "graphql": { "enabled": false } }');
    const off = run(outDir);
    expect(off.code).toBe(0);
    expect(off.err.join('\n')).toMatch(/removed \d+ stale files: .*src\/graphql\/index\.ts/);
    expect(existsSync(join(outDir, 'src', 'graphql', 'index.ts'))).toBe(false);
  });

  it('writes nothing when config/plugins cannot be read', () => {
    const outDir = appWithPlugins('json', '{ nope');
    const result = run(outDir);
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(/^config\/plugins\.json: cannot tell whether the app serves GraphQL: /);
    expect(existsSync(join(outDir, 'src'))).toBe(false);
  });
});

describe('appUploadProviders', () => {
  it('is empty without config/plugins or an upload entry, and names the provider of either form', () => {
    expect(appUploadProviders(tempDir(), {})).toEqual([]);
    expect(appUploadProviders(appWithPlugins('json', '{ "graphql": { "enabled": false } }'), {})).toEqual([]);
    expect(appUploadProviders(appWithPlugins('json', '{ "upload": { "config": { "provider": "local" } } }'), {})).toEqual(['local']);
    expect(appUploadProviders(appWithPlugins('json', '{ "upload": { "provider": "aws-s3" } }'), {})).toEqual(['aws-s3']);
    expect(appUploadProviders(appWithPlugins('js', "module.exports = { upload: { config: { provider: '@strapi/provider-upload-aws-s3' } } };"), {})).toEqual(['aws-s3']);
    // A name the runtime does not know is the start's to refuse.
    expect(appUploadProviders(appWithPlugins('json', '{ "upload": { "config": { "provider": "rackspace" } } }'), {})).toEqual([]);
  });

  it("reads each environment's config/env/<name>/plugins too, with the env helper", () => {
    const dir = appWithPlugins('js', "module.exports = ({ env }) => ({ upload: { config: { provider: env('UPLOAD', 'local') } } });");
    expect(appUploadProviders(dir, {})).toEqual(['local']);
    expect(appUploadProviders(dir, { UPLOAD: 'cloudinary' })).toEqual(['cloudinary']);
    mkdirSync(join(dir, 'config', 'env', 'production'), { recursive: true });
    writeFileSync(join(dir, 'config', 'env', 'production', 'plugins.json'), '{ "upload": { "config": { "provider": "aws-s3" } } }');
    expect(appUploadProviders(dir, {})).toEqual(['aws-s3', 'local']);
  });

  it('names the file it cannot read', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'config', 'env', 'staging'), { recursive: true });
    writeFileSync(join(dir, 'config', 'env', 'staging', 'plugins.js'), "throw new Error('boom');");
    expect(() => appUploadProviders(dir, {})).toThrow(/^config\/env\/staging\/plugins\.js: cannot tell which upload provider the app uses: boom$/);
  });
});

describe('a build into an app whose config picks the aws-s3 upload provider', () => {
  const dependencies = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
  const S3 = '{ "upload": { "config": { "provider": "aws-s3", "providerOptions": { "s3Options": { "params": { "Bucket": "b" } } } } } }';

  it("lists the AWS SDK in a new app's package.json, and an app without it installs none", () => {
    const s3App = appWithPlugins('json', S3);
    expect(run(s3App).code).toBe(0);
    expect(dependencies(s3App)).toMatchObject({ '@aws-sdk/client-s3': '^3.1169.0', '@aws-sdk/s3-request-presigner': '^3.1162.0' });
    const localApp = tempDir();
    expect(run(localApp).code).toBe(0);
    expect(Object.keys(dependencies(localApp)).filter((name) => name.startsWith('@aws-sdk/'))).toEqual([]);
  });

  it('adds the SDK when a later config picks aws-s3, says to install it, and never removes it', () => {
    const outDir = tempDir();
    expect(run(outDir).code).toBe(0);
    mkdirSync(join(outDir, 'config'), { recursive: true });
    writeFileSync(join(outDir, 'config', 'plugins.json'), S3);
    const rebuilt = run(outDir);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.err).toContain('package.json: @aws-sdk/client-s3, @aws-sdk/s3-request-presigner added for the upload provider config/plugins picks: run npm install');
    expect(Object.keys(dependencies(outDir))).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']));
    // Back to local: the user's code may use the SDK too, so it stays; nothing is said.
    writeFileSync(join(outDir, 'config', 'plugins.json'), '{ "upload": { "config": { "provider": "local" } } }');
    const again = run(outDir);
    expect(again.err.join('\n')).not.toContain('@aws-sdk');
    expect(Object.keys(dependencies(outDir))).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']));
  });
});
