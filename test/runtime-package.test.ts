// The runtime is a workspace of packages (runtime/<name>/package.json, docs/architecture.md): what a
// generated app installs to run. Each declares the packages it imports (test/package-graph.test.ts
// checks that against the sources); here: they are versioned with cms-gen, pin the versions this
// repository is tested with, and the root package.json (the repository's development) still
// declares everything they use. What the packed cms-gen itself declares: test/generator-package.test.ts.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_PACKAGES } from '../generator/vendoring/own-packages';
import { dependencyClosure } from './helpers/dependency-closure';

const REPO = join(__dirname, '..');

interface Manifest {
  name: string;
  version: string;
  engines?: Record<string, string>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const read = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;
const root = read(join(REPO, 'package.json'));
// The admin panel (runtime/admin-ui) is no workspace package: static files built with a bundler of
// its own (devDependencies only), shipped prebuilt as an optional package; its own checks are
// test/admin-ui/*.
const PANEL = 'admin-ui';
const packages = readdirSync(join(REPO, 'runtime'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== PANEL)
  .map((entry) => ({ dir: `runtime/${entry.name}`, manifest: read(join(REPO, 'runtime', entry.name, 'package.json')) }));
const isOwn = (name: string) => name.startsWith('@cms-gen/');

describe("the runtime's packages", () => {
  it('are the workspace, each named after its folder and versioned with cms-gen', () => {
    expect(root.workspaces).toEqual(packages.map((p) => p.dir).sort());
    for (const { dir, manifest } of packages) {
      expect(`${dir}: ${manifest.name}@${manifest.version}`).toBe(`${dir}: @cms-gen/${dir.slice('runtime/'.length)}@${root.version}`);
      expect(manifest.engines).toEqual(root.engines);
    }
  });

  it('are the own packages cms-gen packs for an app', () => {
    const packed = OWN_PACKAGES.filter((p) => p.dir !== '.' && p.dir !== `runtime/${PANEL}`).map((p) => `${p.name} ${p.dir}`);
    expect(packed.sort()).toEqual(packages.map((p) => `${p.manifest.name} ${p.dir}`).sort());
  });

  it("pin the versions cms-gen is tested with, which cms-gen's own manifest declares too", () => {
    const rootVersions = { ...root.dependencies, ...root.optionalDependencies };
    for (const { manifest } of packages) {
      for (const section of [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies]) {
        for (const [name, range] of Object.entries(section ?? {})) {
          expect(`${manifest.name}: ${name}@${isOwn(name) ? root.version : rootVersions[name]}`).toBe(`${manifest.name}: ${name}@${range}`);
        }
      }
      // An optional feature's package stays optional wherever it is declared.
      for (const name of Object.keys(manifest.optionalDependencies ?? {})) expect(`${name} optional`).toBe(`${name} ${name in (root.optionalDependencies ?? {}) ? 'optional' : 'required'}`);
    }
  });

  it("leave nothing of cms-gen's dependencies unused but the generator's own tools", () => {
    const used = new Set(packages.flatMap(({ manifest }) => [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies].flatMap((deps) => Object.keys(deps ?? {}))));
    const buildOnly = [...Object.keys(root.dependencies ?? {}), ...Object.keys(root.optionalDependencies ?? {})].filter((name) => !used.has(name));
    // @cms-gen/transfer is the CLI's (`cms-gen import|export`), which no app package needs at run time.
    expect(buildOnly.sort()).toEqual(['@cms-gen/transfer', '@sindresorhus/slugify', 'commander', 'ts-morph']);
  });

  it('leave the database drivers to the app: the core names them as optional peers only', () => {
    const core = packages.find((p) => p.manifest.name === '@cms-gen/core')!.manifest;
    const drivers = OWN_PACKAGES.filter((p) => p.database).map((p) => p.name);
    for (const name of drivers) {
      expect(core.dependencies?.[name]).toBeUndefined();
      expect(core.peerDependenciesMeta?.[name]).toEqual({ optional: true });
    }
    const runtime = packages.find((p) => p.manifest.name === '@cms-gen/runtime')!.manifest;
    for (const name of drivers) expect(runtime.dependencies?.[name]).toBeUndefined();
  });

  // What an app on each database installs, walked as Node resolves it from this checkout's install
  // (a manifest in a folder inside the repository, so its node_modules is the one found).
  it.each([
    ['sqlite', ['better-sqlite3', '@prisma/schema-engine-wasm'], ['pg', 'mariadb']],
    ['postgres', ['pg', '@prisma/schema-engine-wasm'], ['better-sqlite3', 'mariadb']],
    ['mysql', ['mariadb'], ['better-sqlite3', 'pg', '@prisma/schema-engine-wasm', '@prisma/driver-adapter-utils', '@prisma/adapter-better-sqlite3', '@prisma/adapter-pg']],
  ])('an app on %s installs its driver and what its migrations use, and no other database\'s', (database, installed, absent) => {
    const driver = OWN_PACKAGES.find((p) => p.database === database)!.name;
    const dir = mkdtempSync(join(REPO, '.tmp-closure-'));
    try {
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', dependencies: { '@cms-gen/runtime': root.version, [driver]: root.version } }));
      const closure = dependencyClosure(dir);
      for (const name of [driver, '@cms-gen/core', ...installed]) expect([name, closure.has(name)]).toEqual([name, true]);
      for (const name of absent) expect([name, closure.has(name)]).toEqual([name, false]);
      // The AWS SDK is the aws-s3 upload provider's, listed only by an app that picks it (generator/vendoring/provider-packages.ts).
      for (const name of ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']) expect([name, closure.has(name)]).toEqual([name, false]);
      expect(closure.has('sharp')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
