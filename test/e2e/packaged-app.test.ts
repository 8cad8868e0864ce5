// cms-gen as a project outside this repository uses it (test/helpers/packaged-app.ts): the packed
// file layout installed, the compiled CLI generating the fixture app, the app compiled with tsc and
// served by plain node.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { data } from '../helpers/graphql';
import { client } from '../helpers/http';
import { buildPackagedApp, startPackagedApp, type PackagedApp, type StartedApp } from '../helpers/packaged-app';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'strapi-blog');

/** What a build needs and a running app must not: the generator package and its own dependencies. */
const BUILD_ONLY = ['cms-gen', 'ts-morph', '@ts-morph', 'commander', 'typescript', 'prisma'];

/** Every file under `dir`, relative, sorted. */
function files(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name), base) : [join(dir, entry.name).slice(base.length + 1)]))
    .sort();
}

/** The project files a first build scaffolds (the user's; package.json names the schemas folder's path). */
const PROJECT_FILES = new Set(['package.json', 'tsconfig.json', '.gitignore', '.dockerignore', 'Dockerfile']);

/**
 * Generated files only: the manifest and what it lists. Not the compiled output, run-time data,
 * the scaffolded project files or the user's code (the committed fixture app has its own user
 * files where a fresh build scaffolds stubs).
 */
function generatedOnly(list: string[], dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, '.cms-gen-manifest.json'), 'utf8')) as { files: { path: string }[] };
  const listed = new Set(manifest.files.map((f) => f.path));
  return list.filter((f) => f === '.cms-gen-manifest.json' || listed.has(f));
}

describe('a generated app built and run outside the repository', () => {
  let root: string;
  let built: PackagedApp;
  let app: StartedApp;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cms-gen-packaged-'));
    built = buildPackagedApp(root, FIXTURE);
    // As `npm prune --omit=dev` leaves a production install: the generator and its tooling are
    // gone, and the compiled app must run on @cms-gen/runtime alone.
    for (const name of BUILD_ONLY) rmSync(join(root, 'project', 'node_modules', name), { recursive: true, force: true });
    app = await startPackagedApp(built.appDir, 'compiled', { DATABASE_URL: `file:${join(root, 'data.db')}` });
    // Packing cms-gen's packages compiles them when the sources changed since the last pack (a whole
    // run packs in test/global-setup.ts first): as generator/cli.test.ts allows for that.
  }, 10 * 60_000);

  afterAll(async () => {
    await app?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('scaffolds the project files the committed fixture app has, and compiles with its tsconfig.json', () => {
    const committed = join(FIXTURE, 'app');
    for (const file of PROJECT_FILES) {
      // The generate script names the schemas folder relative to the app, which differs here.
      if (file !== 'package.json') expect(readFileSync(join(built.appDir, file), 'utf8')).toBe(readFileSync(join(committed, file), 'utf8'));
    }
    expect(readdirSync(join(built.appDir, 'dist'))).toContain('main.js');
  });

  it("an installed cms-gen's first build packs its installed packages into the app's vendor/", () => {
    const pkg = JSON.parse(readFileSync(join(built.appDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; optionalDependencies: Record<string, string> };
    const specs = [pkg.dependencies['@cms-gen/runtime'], pkg.devDependencies['cms-gen']];
    expect(specs).toEqual([expect.stringMatching(/^file:vendor\/cms-gen-runtime-0\.1\.0-[0-9a-f]{12}\.tgz$/), expect.stringMatching(/^file:vendor\/cms-gen-0\.1\.0-[0-9a-f]{12}\.tgz$/)]);
    // The runtime's packages beside it and the SQLite driver (the app's database), each from its file.
    expect(pkg.dependencies['@cms-gen/db-sqlite']).toMatch(/^file:vendor\/cms-gen-db-sqlite-0\.1\.0-[0-9a-f]{12}\.tgz$/);
    // The admin panel too, as an optional dependency.
    expect(pkg.optionalDependencies['@cms-gen/admin-ui']).toMatch(/^file:vendor\/cms-gen-admin-ui-0\.1\.0-[0-9a-f]{12}\.tgz$/);
    const named = Object.values({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies }).filter((spec) => spec.startsWith('file:vendor/'));
    expect(readdirSync(join(built.appDir, 'vendor')).sort()).toEqual(named.map((spec) => spec.slice('file:vendor/'.length)).sort());
    expect(built.cliOutput).toContain("vendor/ holds cms-gen's own packages");
  });

  it('generates with the compiled CLI exactly what the sources generate', () => {
    expect(built.cliOutput).toContain('loaded 6 content types, 6 components');
    const committed = join(FIXTURE, 'app');
    const generated = generatedOnly(files(built.appDir), built.appDir);
    expect(generated).toEqual(generatedOnly(files(committed), committed));
    expect(generated).toContain('src/main.ts');
    for (const file of generated) expect(readFileSync(join(built.appDir, file), 'utf8')).toBe(readFileSync(join(committed, file), 'utf8'));
  });

  it('serves REST and GraphQL from plain node, without the generator installed', async () => {
    for (const name of BUILD_ONLY) expect(existsSync(join(root, 'project', 'node_modules', name))).toBe(false);
    const api = client(app.url);
    const created = await api.post('/api/authors', { data: { name: 'Compiled' } });
    expect(created.status).toBe(201);
    const list = await api.get('/api/authors', { fields: ['name'] });
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['Compiled']);
    expect((await data(app.url, '{ authors { name } }')).authors).toEqual([{ name: 'Compiled' }]);
    expect((await api.get('/api/nope')).status).toBe(404);
  });

  it('serves the OpenAPI document (found from dist/) and the docs page with its assets', async () => {
    const served = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(served.openapi).toBe('3.1.0');
    // A fresh build has stub route files only, so no custom route here.
    expect(Object.keys(served.paths)).toEqual(expect.arrayContaining(['/articles', '/articles/{id}', '/auth/local']));
    expect((await fetch(`${app.url}/documentation`)).status).toBe(200);
    expect((await fetch(`${app.url}/documentation/swagger-ui-bundle.js`)).status).toBe(200);
  });
});
