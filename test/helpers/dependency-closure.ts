// Every package an install of a manifest brings in: its dependencies and optional dependencies, then
// theirs (and their required peers), each found as Node finds it, in the nearest node_modules up from
// the package that needs it. What an app installs to run is the closure of its package.json (dev
// dependencies are build tools `npm install --omit=dev` leaves out).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The folder of `name` as Node resolves it from `from` (a package's real folder), or undefined. */
function locate(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The names of the packages installing `appDir`'s package.json brings in, with those it lists. A
 * required package not installed fails: the closure would be incomplete. `dev`: its
 * devDependencies too, as a plain `npm install` of the app brings them (not theirs: npm never
 * installs a dependency's devDependencies).
 */
export function dependencyClosure(appDir: string, options: { dev?: boolean } = {}): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (dir: string, manifest: Manifest, top: boolean): void => {
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => manifest.peerDependenciesMeta?.[name]?.optional !== true);
    const required = [...Object.keys(manifest.dependencies ?? {}), ...(top ? [] : peers), ...(top && options.dev ? Object.keys(manifest.devDependencies ?? {}) : [])];
    const optional = Object.keys(manifest.optionalDependencies ?? {});
    for (const name of [...required, ...optional]) {
      const found = locate(name, dir);
      if (!found) {
        if (required.includes(name)) throw new Error(`${name}, which ${dir} needs, is not installed`);
        continue;
      }
      names.add(name);
      if (seen.has(found)) continue;
      seen.add(found);
      visit(found, manifestOf(found), false);
    }
  };
  visit(appDir, manifestOf(appDir), true);
  return names;
}
