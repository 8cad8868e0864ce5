// Own packages packed from an installed cms-gen (an app's devDependency, run by its scripts or
// npx): the installed package folders hold what their packed files held, so packing them again
// gives a new app the same packages. A package not installed beside cms-gen is left out (the app
// then names its version, for a registry).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { npmPack } from './npm-pack';
import { OWN_PACKAGES, ownDependenciesOf, type PackageManifest } from './own-packages';
import { vendorFileName, type PackageSource, type PackedPackage } from './packed-package';

/** The installed folder of an own package, as Node resolves it from cms-gen's own folder. */
function installedFolder(name: string, root: string): string | undefined {
  try {
    return dirname(require.resolve(`${name}/package.json`, { paths: [root] }));
  } catch {
    return undefined;
  }
}

function packInstalled(root: string, io: { err(line: string): void }): PackedPackage[] {
  const folders: string[] = [];
  const missing: string[] = [];
  for (const pkg of OWN_PACKAGES) {
    const folder = pkg.dir === '.' ? root : installedFolder(pkg.name, root);
    if (folder) folders.push(folder);
    // The drivers of other databases are not installed in an app, and need not be.
    else if (pkg.database === undefined) missing.push(pkg.name);
  }
  // Nor is a package that neither an app lists nor an installed one depends on (@cms-gen/transfer:
  // the CLI ships its own compiled copy of what `cms-gen import|export` runs).
  const manifests = folders.map((folder) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as PackageManifest);
  const needed = new Set([...OWN_PACKAGES.filter((pkg) => pkg.app).map((pkg) => pkg.name), ...manifests.flatMap(ownDependenciesOf)]);
  for (const name of missing.filter((name) => needed.has(name))) io.err(`${name} is not installed beside cms-gen (${root}): the app's package.json names its version instead`);
  const out = mkdtempSync(join(tmpdir(), 'cms-gen-packs-'));
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  const packed = npmPack(folders, out);
  return folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as PackageManifest;
    const result = packed.get(manifest.name);
    if (!result) throw new Error(`cms-gen: npm pack did not pack ${folder}`);
    const path = join(out, result.filename);
    return { name: result.name, version: result.version, path, fileName: vendorFileName(result.filename, path), ownDependencies: ownDependenciesOf(manifest) };
  });
}

export function installedPackages(root: string): PackageSource {
  let packed: PackedPackage[] | undefined;
  return { refreshes: false, pack: (io) => (packed ??= packInstalled(root, io)) };
}
