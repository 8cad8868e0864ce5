// The build follows the app's config/plugins on GraphQL: turned off, it emits no GraphQL code and a
// new app's package.json leaves @cms-gen/graphql out; turned on again, the next build brings the
// code back (test/e2e/app-without-graphql.test.ts installs and serves such an app).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfigUnreadable, appServesGraphql } from './app-features';
import { build, type BuildOptions } from './build';
import { DEFAULT_EMIT_OPTIONS } from './emitters/types';
import { removeTempProjects, tempDir } from './test-helpers/temp-project';

const FLAT_BLOG = join(__dirname, '__fixtures__', 'flat-blog');

afterAll(removeTempProjects);

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
  const run = (outDir: string): { code: number; err: string[] } => {
    const err: string[] = [];
    const options: BuildOptions = { schemasDir: FLAT_BLOG, outDir, check: false, force: false, emit: DEFAULT_EMIT_OPTIONS };
    const code = build(options, { out: (line) => err.push(line), err: (line) => err.push(line) });
    return { code, err };
  };
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
