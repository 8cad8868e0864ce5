// The first build into a folder gives a project a newcomer can run (scaffold.ts), the project files
// stay the user's (written once, never overwritten, removed or --checked), and a generated file
// edited by hand is refused rather than silently overwritten.
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, init, type BuildOptions } from './build';
import { DEFAULT_EMIT_OPTIONS } from './emitters/types';
import { MANIFEST_FILE, sha256 } from './manifest';
import { packageInfo } from './package-info';
import { contentType, removeTempProjects, tempDir, tempProject } from './test-helpers/temp-project';
import type { PackageSource, PackedPackage } from './vendoring/packed-package';

const FLAT_BLOG = join(__dirname, '__fixtures__', 'flat-blog');
const PROJECT_FILES = ['.dockerignore', '.gitignore', 'Dockerfile', 'bootstrap.json', 'package.json', 'tsconfig.json'];

interface Run {
  code: number;
  out: string[];
  err: string[];
}

function run(command: typeof build | typeof init, options: Partial<BuildOptions> & { outDir: string }): Run {
  const out: string[] = [];
  const err: string[] = [];
  const full: BuildOptions = { schemasDir: FLAT_BLOG, check: false, force: false, emit: DEFAULT_EMIT_OPTIONS, ...options };
  const code = command(full, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
const manifestPaths = (dir: string) => (JSON.parse(read(dir, MANIFEST_FILE)) as { files: { path: string }[] }).files.map((f) => f.path);

afterAll(removeTempProjects);

describe('the first build into a folder', () => {
  it('scaffolds package.json, tsconfig.json, .gitignore, Dockerfile and a starter bootstrap.json, and prints the next steps', () => {
    const parent = tempDir();
    const outDir = join(parent, 'My Blog');
    const result = run(build, { outDir, cwd: parent });
    expect(result.code).toBe(0);
    for (const path of PROJECT_FILES) expect(existsSync(join(outDir, path))).toBe(true);

    const pkg = JSON.parse(read(outDir, 'package.json')) as { name: string; scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const repoPkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    // An install reports nothing to swagger-ui-dist's analytics, and scarf skips its npm ls.
    expect((JSON.parse(read(outDir, 'package.json')) as { scarfSettings?: unknown }).scarfSettings).toEqual({ enabled: false, skipTraversal: true });
    expect(pkg.name).toBe('my-blog');
    // The client package is built with the server and after each generation (its dist/ never goes stale).
    expect(pkg.scripts).toEqual({
      dev: 'tsx src/main.ts',
      build: 'tsc && npm run build:client',
      'build:client': 'tsc -p client',
      start: 'node dist/main.js',
      generate: expect.stringMatching(/^cms-gen build \S*__fixtures__\/flat-blog --out \. && npm run build:client$/),
    });
    // The app runs on the runtime, GraphQL (on by default) and the driver of its database (SQLite by
    // default); the generator is a build tool.
    const version = `^${packageInfo().version}`;
    expect(pkg.dependencies).toEqual({ '@cms-gen/runtime': version, '@cms-gen/graphql': version, '@cms-gen/db-sqlite': version });
    expect(pkg.devDependencies['cms-gen']).toBe(`^${packageInfo().version}`);
    for (const name of ['tsx', 'typescript', '@types/node', '@types/express', '@types/qs']) expect(pkg.devDependencies[name]).toBe(repoPkg.devDependencies[name]);

    const tsconfig = JSON.parse(read(outDir, 'tsconfig.json')) as { compilerOptions: Record<string, unknown> };
    expect(tsconfig.compilerOptions).toMatchObject({ experimentalDecorators: true, outDir: 'dist', rootDir: 'src', module: 'node16' });
    expect(read(outDir, '.gitignore').split('\n')).toEqual(expect.arrayContaining(['node_modules/', 'dist/', '.tmp/', 'public/uploads/', '.env']));
    const dockerfile = read(outDir, 'Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:20-slim AS build$/m);
    expect(dockerfile).toMatch(/^RUN npm install && npx tsc && npm prune --omit=dev$/m);
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production HOST=0\.0\.0\.0 PORT=1337$/m);
    expect(dockerfile).toMatch(/^EXPOSE 1337$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);

    const bootstrap = JSON.parse(read(outDir, 'bootstrap.json')) as { roles: Record<string, string[]> };
    expect(bootstrap.roles.public).toEqual(['api::post.post.find', 'api::post.post.findOne', 'api::tag.tag.find', 'api::tag.tag.findOne']);

    // The project files are the user's: the manifest (what builds overwrite and remove) omits them.
    const listed = manifestPaths(outDir);
    for (const path of PROJECT_FILES) expect(listed).not.toContain(path);

    const printed = result.err.join('\n');
    expect(printed).toContain('next steps:\n  cd "My Blog"\n  npm install\n  npm run dev');
    expect(printed).toContain('http://127.0.0.1:1337');
    expect(printed).toContain('is 403');
    expect(printed).toContain('cms-gen token create');
  });

  it('repeats a non-default --runtime-import in the generate script', () => {
    const outDir = tempDir();
    expect(run(build, { outDir, emit: { runtimeImport: '@acme/cms runtime' } }).code).toBe(0);
    const pkg = JSON.parse(read(outDir, 'package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.generate).toMatch(/ --out \. --runtime-import "@acme\/cms runtime" && npm run build:client$/);
  });

  it('copies the schemas\' bootstrap.json instead of scaffolding a starter one', () => {
    const outDir = tempDir();
    expect(run(build, { outDir, schemasDir: join(__dirname, '..', 'fixtures', 'strapi-blog') }).code).toBe(0);
    expect(read(outDir, 'bootstrap.json')).toBe(readFileSync(join(__dirname, '..', 'fixtures', 'strapi-blog', 'bootstrap.json'), 'utf8'));
    expect(manifestPaths(outDir)).toContain('bootstrap.json');
    expect(existsSync(join(outDir, 'package.json'))).toBe(true);
  });
});

describe('project files after the first build', () => {
  it('are never overwritten, removed, re-created or --checked; cms-gen init adds only missing ones', () => {
    const outDir = tempDir();
    expect(run(build, { outDir }).code).toBe(0);
    writeFileSync(join(outDir, 'package.json'), '{ "name": "mine" }\n');
    writeFileSync(join(outDir, 'bootstrap.json'), '{}\n');
    unlinkSync(join(outDir, 'Dockerfile'));

    const second = run(build, { outDir });
    expect(second.code).toBe(0);
    expect(second.err.join('\n')).not.toContain('next steps');
    expect(read(outDir, 'package.json')).toBe('{ "name": "mine" }\n');
    expect(read(outDir, 'bootstrap.json')).toBe('{}\n');
    expect(existsSync(join(outDir, 'Dockerfile'))).toBe(false);

    const check = run(build, { outDir, check: true });
    expect(check.code).toBe(0);
    expect(check.out).toEqual([]);

    const restored = run(init, { outDir });
    expect(restored.code).toBe(0);
    expect(restored.err).toContain('created Dockerfile: these files are yours, later builds never overwrite them');
    expect(existsSync(join(outDir, 'Dockerfile'))).toBe(true);
    expect(read(outDir, 'package.json')).toBe('{ "name": "mine" }\n');
    expect(run(init, { outDir }).err).toContain('every project file already exists; nothing written');
  });
});

describe('user code files', () => {
  const USER_FILES = ['src/index.ts', 'src/api/post/controllers/post.ts', 'src/api/post/routes/post.ts', 'src/api/post/services/post.ts', 'src/api/tag/controllers/tag.ts', 'src/api/tag/routes/tag.ts', 'src/api/tag/services/tag.ts'];

  it('are scaffolded once, without the generated header, and left out of the manifest', () => {
    const outDir = tempDir();
    expect(run(build, { outDir }).code).toBe(0);
    for (const path of USER_FILES) {
      expect(read(outDir, path)).not.toContain('generated by cms-gen');
      expect(manifestPaths(outDir)).not.toContain(path);
    }
    expect(read(outDir, 'src/api/post/controllers/post.ts')).toContain("export default factories.createCoreController('api::post.post');");
    expect(read(outDir, 'src/api/post/routes/post.ts')).toContain("export default factories.createCoreRouter('api::post.post');");
    expect(read(outDir, 'src/api/post/services/post.ts')).toContain("export default factories.createCoreService('api::post.post');");
    expect(read(outDir, 'src/index.ts')).toContain('register({ strapi }: { strapi: Strapi })');
  });

  it('are never written, removed or --checked by later builds, even --force; init restores a missing one', () => {
    const outDir = tempDir();
    expect(run(build, { outDir }).code).toBe(0);
    const mine = "// mine\nexport default { routes: [] };\n";
    writeFileSync(join(outDir, 'src/api/post/routes/post.ts'), mine);
    writeFileSync(join(outDir, 'src/api/post/routes/extra.ts'), mine);
    unlinkSync(join(outDir, 'src/api/tag/services/tag.ts'));

    for (const options of [{}, { force: true }]) {
      const again = run(build, { outDir, ...options });
      expect(again.code).toBe(0);
      expect(again.err.join('\n')).not.toContain('src/api/');
      expect(read(outDir, 'src/api/post/routes/post.ts')).toBe(mine);
      expect(read(outDir, 'src/api/post/routes/extra.ts')).toBe(mine);
      expect(existsSync(join(outDir, 'src/api/tag/services/tag.ts'))).toBe(false);
    }
    const check = run(build, { outDir, check: true });
    expect([check.code, check.out]).toEqual([0, []]);

    const restored = run(init, { outDir });
    expect(restored.err).toContain('created src/api/tag/services/tag.ts: these files are yours, later builds never overwrite them');
    expect(read(outDir, 'src/api/post/routes/post.ts')).toBe(mine);
  });

  it('stay when the content type they belong to leaves the schemas', () => {
    const outDir = tempDir();
    expect(run(build, { outDir }).code).toBe(0);
    // A generated file of a type the schemas no longer have, beside the user's file of that type.
    const manifest = JSON.parse(read(outDir, MANIFEST_FILE)) as { generator: string; files: { path: string; sha256: string }[] };
    const old = '// generated by cms-gen; do not edit\n';
    manifest.files.push({ path: 'src/api/old/router.ts', sha256: sha256(old) });
    writeFileSync(join(outDir, MANIFEST_FILE), JSON.stringify(manifest));
    mkdirSync(join(outDir, 'src/api/old/controllers'), { recursive: true });
    writeFileSync(join(outDir, 'src/api/old/router.ts'), old);
    writeFileSync(join(outDir, 'src/api/old/controllers/old.ts'), '// mine\n');
    expect(run(build, { outDir }).code).toBe(0);
    expect(existsSync(join(outDir, 'src/api/old/router.ts'))).toBe(false);
    expect(read(outDir, 'src/api/old/controllers/old.ts')).toBe('// mine\n');
  });
});

describe('a generated file edited by hand', () => {
  it('is refused, naming the file and --force; --check lists it; --force overwrites it', () => {
    const outDir = tempDir();
    expect(run(build, { outDir }).code).toBe(0);
    const original = read(outDir, 'src/schema-meta.ts');
    const edited = `${original}// my change\n`;
    writeFileSync(join(outDir, 'src/schema-meta.ts'), edited);

    const refused = run(build, { outDir });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'refusing to overwrite src/schema-meta.ts: it was edited by hand since cms-gen wrote it (generated files are not for editing: move your change elsewhere, e.g. config/ or src/extensions/, or use --force to overwrite)',
    );
    expect(refused.err).toContain('nothing written');
    expect(read(outDir, 'src/schema-meta.ts')).toBe(edited);

    const check = run(build, { outDir, check: true });
    expect(check.code).toBe(1);
    expect(check.out).toEqual(['differs: src/schema-meta.ts']);

    expect(run(build, { outDir, force: true }).code).toBe(0);
    expect(read(outDir, 'src/schema-meta.ts')).toBe(original);
  });

  it('is not removed when the schemas stop generating it, unless --force', () => {
    const outDir = tempDir();
    expect(run(build, { outDir }).code).toBe(0);
    // A router of a content type the schemas no longer have, written by an earlier build and then edited.
    const manifest = JSON.parse(read(outDir, MANIFEST_FILE)) as { generator: string; files: { path: string; sha256: string }[] };
    const old = '// generated by cms-gen; do not edit\n';
    manifest.files.push({ path: 'src/api/old/router.ts', sha256: sha256(old) });
    writeFileSync(join(outDir, MANIFEST_FILE), JSON.stringify(manifest));
    mkdirSync(join(outDir, 'src/api/old'));
    writeFileSync(join(outDir, 'src/api/old/router.ts'), `${old}// my change\n`);

    const refused = run(build, { outDir });
    expect(refused.code).toBe(1);
    expect(refused.err[1]).toMatch(/^refusing to remove src\/api\/old\/router\.ts: it was edited by hand since cms-gen wrote it.*--force/);
    expect(existsSync(join(outDir, 'src/api/old/router.ts'))).toBe(true);
    expect(run(build, { outDir, force: true }).code).toBe(0);
    expect(existsSync(join(outDir, 'src/api/old'))).toBe(false);
  });

  it('an unedited generated file is still rewritten when the schemas change it', () => {
    const outDir = tempDir();
    expect(run(build, { outDir }).code).toBe(0);
    // As if an older cms-gen had written different contents: the manifest hash matches the file.
    const manifest = JSON.parse(read(outDir, MANIFEST_FILE)) as { generator: string; files: { path: string; sha256: string }[] };
    const older = '// generated by cms-gen; do not edit\nexport const schema = {};\n';
    const entry = manifest.files.find((f) => f.path === 'src/schema-meta.ts');
    if (!entry) throw new Error('manifest lacks src/schema-meta.ts');
    entry.sha256 = sha256(older);
    writeFileSync(join(outDir, MANIFEST_FILE), JSON.stringify(manifest));
    writeFileSync(join(outDir, 'src/schema-meta.ts'), older);
    const rebuilt = run(build, { outDir });
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.err).toContain(`wrote 1 file (${manifest.files.length - 1} unchanged)`);
  });
});

describe("cms-gen's own packages in vendor/", () => {
  /** A package source handing out stand-in packed files named after `tag`; counts its packings. */
  function source(refreshes: boolean, tag: string): PackageSource & { packs: number } {
    const dir = tempDir();
    const made = {
      refreshes,
      packs: 0,
      pack: (): PackedPackage[] => {
        made.packs += 1;
        return [
          { name: '@cms-gen/runtime', version: '0.1.0', fileName: `cms-gen-runtime-0.1.0-${tag}.tgz`, ownDependencies: [] },
          { name: 'cms-gen', version: '0.1.0', fileName: `cms-gen-0.1.0-${tag}.tgz`, ownDependencies: [] },
        ].map((p) => {
          writeFileSync(join(dir, p.fileName), tag);
          return { ...p, path: join(dir, p.fileName) };
        });
      },
    };
    return made;
  }
  const specs = (outDir: string) => {
    const pkg = JSON.parse(read(outDir, 'package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    return [pkg.dependencies['@cms-gen/runtime'], pkg.devDependencies['cms-gen']];
  };

  it('a first build names them by their files in vendor/, places the files and says so before the next steps', () => {
    const outDir = tempDir();
    const result = run(build, { outDir, packages: source(true, 'aaaaaaaaaaaa') });
    expect(result.code).toBe(0);
    expect(specs(outDir)).toEqual(['file:vendor/cms-gen-runtime-0.1.0-aaaaaaaaaaaa.tgz', 'file:vendor/cms-gen-0.1.0-aaaaaaaaaaaa.tgz']);
    expect(readdirSync(join(outDir, 'vendor')).sort()).toEqual(['cms-gen-0.1.0-aaaaaaaaaaaa.tgz', 'cms-gen-runtime-0.1.0-aaaaaaaaaaaa.tgz']);
    const printed = result.err.join('\n');
    expect(printed).toMatch(/\nvendor\/ holds cms-gen's own packages \(cms-gen-runtime-0\.1\.0-aaaaaaaaaaaa\.tgz, cms-gen-0\.1\.0-aaaaaaaaaaaa\.tgz\).*\nnext steps:\n/);
    expect(printed).toContain('or compiled, run by plain node as the Dockerfile does:\n  npm run build && npm start');
  });

  it('a later build from a checkout replaces older files; an installed cms-gen never packs for a later build', () => {
    const outDir = tempDir();
    expect(run(build, { outDir, packages: source(true, 'aaaaaaaaaaaa') }).code).toBe(0);
    const installed = source(false, 'cccccccccccc');
    const again = run(build, { outDir, packages: installed });
    expect([again.code, installed.packs]).toEqual([0, 0]);
    expect(specs(outDir)).toEqual(['file:vendor/cms-gen-runtime-0.1.0-aaaaaaaaaaaa.tgz', 'file:vendor/cms-gen-0.1.0-aaaaaaaaaaaa.tgz']);

    const updated = run(build, { outDir, packages: source(true, 'bbbbbbbbbbbb') });
    expect(updated.code).toBe(0);
    expect(updated.err).toContain(
      "vendor/: cms-gen's packages changed (cms-gen-runtime-0.1.0-aaaaaaaaaaaa.tgz → cms-gen-runtime-0.1.0-bbbbbbbbbbbb.tgz, cms-gen-0.1.0-aaaaaaaaaaaa.tgz → cms-gen-0.1.0-bbbbbbbbbbbb.tgz); package.json names the new files: run npm install",
    );
    expect(specs(outDir)).toEqual(['file:vendor/cms-gen-runtime-0.1.0-bbbbbbbbbbbb.tgz', 'file:vendor/cms-gen-0.1.0-bbbbbbbbbbbb.tgz']);
    expect(readdirSync(join(outDir, 'vendor')).sort()).toEqual(['cms-gen-0.1.0-bbbbbbbbbbbb.tgz', 'cms-gen-runtime-0.1.0-bbbbbbbbbbbb.tgz']);
    // --check compares generated files only.
    expect(run(build, { outDir, check: true, packages: source(true, 'dddddddddddd') }).code).toBe(0);
    expect(specs(outDir)[0]).toBe('file:vendor/cms-gen-runtime-0.1.0-bbbbbbbbbbbb.tgz');
  });

  it("an installed cms-gen's first build into a folder packs what it is", () => {
    const outDir = tempDir();
    const installed = source(false, 'eeeeeeeeeeee');
    expect(run(init, { outDir, packages: installed }).code).toBe(0);
    expect(installed.packs).toBe(1);
    expect(specs(outDir)).toEqual(['file:vendor/cms-gen-runtime-0.1.0-eeeeeeeeeeee.tgz', 'file:vendor/cms-gen-0.1.0-eeeeeeeeeeee.tgz']);
    expect(existsSync(join(outDir, 'vendor', 'cms-gen-0.1.0-eeeeeeeeeeee.tgz'))).toBe(true);
  });
});

describe("a Strapi project's own package.json", () => {
  /** A Strapi project (src/api layout) with one content type and the given dependencies. */
  function strapiProject(dependencies: Record<string, string>): string {
    return tempProject({
      'package.json': { name: 'their-strapi', dependencies },
      'src/api/post/content-types/post/schema.json': contentType('post', 'posts', { title: { type: 'string' } }),
    });
  }
  const graphqlFiles = (dir: string) => manifestPaths(dir).filter((path) => path.startsWith('src/graphql/'));
  const dependencies = (dir: string) => Object.keys((JSON.parse(read(dir, 'package.json')) as { dependencies: Record<string, string> }).dependencies);

  it('without @strapi/plugin-graphql: the new app serves no GraphQL, and config/plugins.json says so for later builds', () => {
    const project = strapiProject({ '@strapi/strapi': '5.54.0', '@strapi/plugin-users-permissions': '5.54.0' });
    const outDir = join(tempDir(), 'app');
    const first = run(build, { outDir, schemasDir: project, cwd: project });
    expect(first.code).toBe(0);
    expect(graphqlFiles(outDir)).toEqual([]);
    expect(dependencies(outDir)).not.toContain('@cms-gen/graphql');
    expect(JSON.parse(read(outDir, 'config/plugins.json'))).toEqual({ graphql: { enabled: false } });
    const printed = first.err.join('\n');
    expect(printed).toContain('GraphQL is off, as in the Strapi project (package.json does not install @strapi/plugin-graphql)');
    expect(printed).toContain('REST under /api)');
    expect(printed).not.toContain('/graphql');

    // Later builds read the app's config: still off, and up to date.
    expect(run(build, { outDir, schemasDir: project }).code).toBe(0);
    expect(run(build, { outDir, schemasDir: project, check: true }).code).toBe(0);
    expect(graphqlFiles(outDir)).toEqual([]);

    // The switch is the user's: turned on in the config, the next build emits GraphQL.
    writeFileSync(join(outDir, 'config', 'plugins.json'), JSON.stringify({ graphql: { enabled: true } }));
    expect(run(build, { outDir, schemasDir: project }).code).toBe(0);
    expect(graphqlFiles(outDir)).not.toEqual([]);
  });

  it("brings the project's config files on the first build only, GraphQL kept off in its plugins file, and says what it left behind", () => {
    const project = tempProject({
      'package.json': { name: 'their-strapi', dependencies: { '@strapi/strapi': '5.54.0' } },
      'src/api/post/content-types/post/schema.json': contentType('post', 'posts', { title: { type: 'string' } }),
      'config/api.ts': `export default ({ env }) => ({ rest: { defaultLimit: env.int('LIMIT', 10), maxLimit: 40 } });\n`,
      'config/plugins.ts': `export default () => ({ 'users-permissions': { config: { jwtManagement: 'refresh' } } });\n`,
      'config/database.ts': `export default () => ({});\n`,
    });
    const outDir = join(tempDir(), 'app');
    const first = run(build, { outDir, schemasDir: project, cwd: project });
    expect(first.code).toBe(0);
    expect(existsSync(join(outDir, 'config', 'plugins.json'))).toBe(false);
    expect(read(outDir, 'config/api.js')).toContain('defaultLimit: env.int(');
    expect(read(outDir, 'config/plugins.js')).toContain('GraphQL stays off');
    expect(graphqlFiles(outDir)).toEqual([]);
    const printed = first.err.join('\n');
    expect(printed).toContain('config/api.js, config/plugins.js');
    expect(printed).toContain('GraphQL is off, as in the Strapi project (package.json does not install @strapi/plugin-graphql): config/plugins.js says so; leave out its last part and build again to serve it');
    expect(printed).toContain("brought the Strapi project's configuration: config/api.ts → config/api.js, config/plugins.ts → config/plugins.js");
    expect(printed).toContain("config/database.ts: not brought: the app's database is DATABASE_URL (SQLite in .tmp/data.db when unset)");

    // Later builds read the brought plugins file (GraphQL still off) and bring nothing again.
    unlinkSync(join(outDir, 'config', 'api.js'));
    const second = run(build, { outDir, schemasDir: project });
    expect(second.code).toBe(0);
    expect(existsSync(join(outDir, 'config', 'api.js'))).toBe(false);
    expect(graphqlFiles(outDir)).toEqual([]);
    expect(second.err.join('\n')).not.toContain('brought');

    // An app folder with a plugins file of its own keeps it: the project's is not brought beside it.
    const configured = tempDir();
    mkdirSync(join(configured, 'config'));
    writeFileSync(join(configured, 'config', 'plugins.json'), JSON.stringify({ graphql: { enabled: true } }));
    expect(run(build, { outDir: configured, schemasDir: project }).code).toBe(0);
    expect(existsSync(join(configured, 'config', 'plugins.js'))).toBe(false);
    expect(existsSync(join(configured, 'config', 'api.js'))).toBe(true);
    expect(graphqlFiles(configured)).not.toEqual([]);
  });

  it('is found from the src folder too', () => {
    const project = strapiProject({ '@strapi/strapi': '5.54.0' });
    const outDir = tempDir();
    expect(run(build, { outDir, schemasDir: join(project, 'src') }).code).toBe(0);
    expect(graphqlFiles(outDir)).toEqual([]);
    expect(existsSync(join(outDir, 'config', 'plugins.json'))).toBe(true);
  });

  it('with @strapi/plugin-graphql, or when the folder is no Strapi project, the app serves GraphQL and gets no config/plugins.json', () => {
    const projects: Record<string, string>[] = [{ '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' }, { express: '5.0.0' }];
    for (const deps of projects) {
      const outDir = tempDir();
      expect(run(build, { outDir, schemasDir: strapiProject(deps) }).code).toBe(0);
      expect(graphqlFiles(outDir)).not.toEqual([]);
      expect(dependencies(outDir)).toContain('@cms-gen/graphql');
      expect(existsSync(join(outDir, 'config', 'plugins.json'))).toBe(false);
    }
  });

  it('an app built before, or with a config/plugins file of its own, keeps what it says', () => {
    const project = strapiProject({ '@strapi/strapi': '5.54.0' });
    // Built before from schemas alone (GraphQL on), then rebuilt from the project: unchanged.
    const built = tempDir();
    expect(run(build, { outDir: built }).code).toBe(0);
    expect(run(build, { outDir: built, schemasDir: project }).code).toBe(0);
    expect(graphqlFiles(built)).not.toEqual([]);
    // A config/plugins.json without a graphql entry: GraphQL on, as the runtime reads it.
    const configured = tempDir();
    mkdirSync(join(configured, 'config'));
    writeFileSync(join(configured, 'config', 'plugins.json'), JSON.stringify({ upload: { config: {} } }));
    expect(run(build, { outDir: configured, schemasDir: project }).code).toBe(0);
    expect(graphqlFiles(configured)).not.toEqual([]);
    expect(JSON.parse(read(configured, 'config/plugins.json'))).toEqual({ upload: { config: {} } });
  });
});
