// The runtime is published as its own package (runtime/package.json, `@cms-gen/runtime`): what a
// generated app installs to run. Its manifest must declare every package the runtime imports, at
// the versions this repository is tested with, and nothing only the generator needs.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const REPO = join(__dirname, '..');

interface Manifest {
  name: string;
  version: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const read = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;
const root = read(join(REPO, 'package.json'));
const runtime = read(join(REPO, 'runtime', 'package.json'));

/** Non-test TypeScript sources of the runtime, as the runtime package's build compiles them. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' || entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'test-helpers.ts' && entry.name !== 'test-services.ts' ? [path] : [];
  });
}

/** Package names a source imports or requires (type-only imports included: the .d.ts files name them too). */
function importedPackages(source: string): string[] {
  // Comments may quote module names (error messages, examples); they import nothing.
  const text = readFileSync(source, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const specifiers = [...text.matchAll(/(?:from\s+|require\(|import\()'([^'.][^']*)'/g)].map((m) => m[1]);
  return specifiers.map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]));
}

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

describe('the @cms-gen/runtime package', () => {
  const declared = { ...runtime.dependencies, ...runtime.optionalDependencies };

  it('declares every package the runtime imports', () => {
    const missing: string[] = [];
    for (const file of sources(join(REPO, 'runtime'))) {
      for (const name of importedPackages(file)) {
        if (!BUILTINS.has(name) && !(name in declared)) missing.push(`${relative(REPO, file)}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('imports nothing from outside runtime/', () => {
    const outside = sources(join(REPO, 'runtime')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|require\(|import\()'(\.[^']*)'/g)]
        .map((m) => relative(REPO, join(file, '..', m[1])))
        .filter((target) => !target.startsWith('runtime/'))
        .map((target) => `${relative(REPO, file)} → ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it("pins the versions cms-gen is tested with, and leaves out the generator's own tools", () => {
    expect(runtime.name).toBe('@cms-gen/runtime');
    expect(runtime.version).toBe(root.version);
    expect(runtime.engines).toEqual(root.engines);
    for (const [name, range] of Object.entries(runtime.dependencies ?? {})) expect(`${name}@${root.dependencies?.[name]}`).toBe(`${name}@${range}`);
    expect(runtime.optionalDependencies).toEqual(root.optionalDependencies);
    // Everything cms-gen depends on runs in the app, except what only generating needs (the CLI,
    // formatting and reading register calls, GraphQL enum value names).
    const buildOnly = Object.keys(root.dependencies ?? {}).filter((name) => !(name in (runtime.dependencies ?? {})));
    expect(buildOnly.sort()).toEqual(['@sindresorhus/slugify', 'commander', 'ts-morph']);
  });
});
