// The packed cms-gen package (the generator an app lists as a devDependency, for `npm run generate`
// and `npx cms-gen token|migrate|admin|import|export`) lists only what it loads: the root
// package.json it is packed from lists every package the repository develops and tests with, and
// an app's install would bring them all (checkout-packages.ts rewrites the manifest it ships).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { packCheckout, packedManifest } from '../generator/vendoring/checkout-packages';
import { GENERATOR_DEPENDENCIES, OWN_PACKAGES } from '../generator/vendoring/own-packages';
import { dependencyClosure } from './helpers/dependency-closure';
import { generatorImports } from './helpers/generator-imports';

const REPO = join(__dirname, '..');

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const root = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Manifest;
const generator = OWN_PACKAGES.find((p) => p.name === 'cms-gen')!;

/** The package.json inside a packed file. */
function packedJson(path: string): Manifest {
  const result = spawnSync('tar', ['-xOzf', path, 'package/package.json'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`reading ${path}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Manifest;
}

describe('the packed cms-gen package', () => {
  it('declares exactly the packages its CLI reaches by name (read from the sources, type-only imports left out)', () => {
    // Lazy require()s of the app commands included: each command's files are walked.
    expect([...generatorImports().keys()]).toEqual([...GENERATOR_DEPENDENCIES].sort());
  });

  it("ships a manifest with those dependencies only, at the checkout's versions, and its devDependencies", () => {
    const shipped = packedManifest(generator, root);
    expect(shipped.dependencies).toEqual({
      '@cms-gen/core': root.version,
      '@cms-gen/cron': root.version,
      '@cms-gen/server': root.version,
      '@cms-gen/transfer-archive': root.version,
      '@cms-gen/upload': root.version,
      '@cms-gen/users-permissions': root.version,
      '@sindresorhus/slugify': root.dependencies!['@sindresorhus/slugify'],
      bcrypt: root.dependencies!.bcrypt,
      commander: root.dependencies!.commander,
      handlebars: root.dependencies!.handlebars,
      qs: root.dependencies!.qs,
      'ts-morph': root.dependencies!['ts-morph'],
      // A development tool in the checkout; a Strapi project's config/*.ts files are compiled with it.
      typescript: root.devDependencies!.typescript,
    });
    expect(shipped.optionalDependencies).toBeUndefined();
    // The versions of the tools a new app gets (package-info.ts) are read from there.
    expect(shipped.devDependencies).toEqual(root.devDependencies);
    // The rest as the checkout has it, in its order.
    const { dependencies: _a, optionalDependencies: _b, ...rest } = root;
    const { dependencies: _c, ...shippedRest } = shipped;
    expect(Object.keys(shipped)).toEqual(Object.keys(root).filter((key) => key !== 'optionalDependencies'));
    expect(shippedRest).toEqual(rest);
    // Another package's manifest is what its folder holds.
    const runtime = JSON.parse(readFileSync(join(REPO, 'runtime', 'runtime', 'package.json'), 'utf8')) as Manifest;
    expect(packedManifest(OWN_PACKAGES.find((p) => p.name === '@cms-gen/runtime')!, runtime)).toBe(runtime);
  });

  it('refuses to ship a dependency its package.json does not list', () => {
    expect(() => packedManifest({ ...generator, packedDependencies: ['left-pad'] }, root)).toThrow('cms-gen ships left-pad, which its package.json does not list');
  });

  it('is packed with that manifest, and the other packages with their own', () => {
    const packed = packCheckout(REPO, { err: () => undefined });
    for (const pkg of packed) {
      const shipped = packedJson(pkg.path);
      const own = OWN_PACKAGES.find((p) => p.name === pkg.name)!;
      const source = JSON.parse(readFileSync(join(REPO, own.dir, 'package.json'), 'utf8')) as Manifest;
      expect(shipped).toEqual(packedManifest(own, source));
    }
    const cmsGen = packed.find((p) => p.name === 'cms-gen')!;
    expect(Object.keys(packedJson(cmsGen.path).dependencies ?? {})).toEqual([...GENERATOR_DEPENDENCIES].sort());
    // Its compiled JavaScript without declarations (it exports nothing to type against); the
    // runtime's packages keep theirs, which an app's code is checked with.
    const files = (path: string) => spawnSync('tar', ['-tzf', path], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }).stdout.split('\n');
    const cmsGenFiles = files(cmsGen.path);
    expect(cmsGenFiles).toEqual(expect.arrayContaining(['package/dist/generator/cli.js', 'package/dist/runtime/server/config/provider-names.js']));
    expect(cmsGenFiles.filter((file) => file.endsWith('.d.ts'))).toEqual([]);
    expect(files(packed.find((p) => p.name === '@cms-gen/core')!.path)).toContain('package/dist/documents/action-context.d.ts');
    // The own packages it needs are vendored beside it; @cms-gen/transfer no more (the CLI runs its copy).
    expect(cmsGen.ownDependencies).toEqual(GENERATOR_DEPENDENCIES.filter((name) => name.startsWith('@cms-gen/')));
  }, 10 * 60_000);

  // What an app on SQLite installs (its runtime, GraphQL and driver), walked as Node resolves it from
  // this checkout's install, with and without the generator's dependencies beside them.
  it("adds to an app's install only the generator's own tools, no other database's driver", () => {
    const closure = (dependencies: Record<string, string>): Set<string> => {
      const dir = mkdtempSync(join(REPO, '.tmp-closure-'));
      try {
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', dependencies }));
        return dependencyClosure(dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const app = { '@cms-gen/runtime': root.version, '@cms-gen/graphql': root.version, '@cms-gen/db-sqlite': root.version };
    const runtime = closure(app);
    const withGenerator = closure({ ...app, ...packedManifest(generator, root).dependencies });
    const added = [...withGenerator].filter((name) => !runtime.has(name)).sort();
    // The rest (handlebars, qs, bcrypt and the own packages) the runtime brings already.
    const own = ['@cms-gen/transfer-archive', '@sindresorhus/slugify', 'commander', 'ts-morph', 'typescript'];
    expect(added.filter((name) => GENERATOR_DEPENDENCIES.includes(name))).toEqual(own);
    // Everything else it adds is theirs (tar-stream's, ts-morph's, slugify's).
    const theirs = closure(Object.fromEntries(own.map((name) => [name, '*'])));
    expect(added.filter((name) => !theirs.has(name))).toEqual([]);
    for (const name of ['pg', 'mariadb', '@prisma/adapter-pg', '@cms-gen/db-postgres', '@cms-gen/db-mysql', '@cms-gen/transfer']) {
      expect([name, withGenerator.has(name)]).toEqual([name, false]);
    }
  });
});
