// Own packages packed from a checkout of cms-gen, as `npm pack` would pack them after their prepack
// (tsc): compiled once with tsconfig.build.json (generator/ and runtime/ together; the runtime
// imports nothing outside runtime/, so its part of that output is what runtime/tsconfig.build.json
// emits), each package's files staged beside its part of the output, then packed. The packed files
// are kept in the checkout's .cms-gen-cache/, keyed by a hash of the sources, so only the first
// app after a change to cms-gen waits for the compiler.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compareText } from '../compare-text';
import { npmPack, npmPackList } from './npm-pack';
import { isOwnPackage, OWN_PACKAGES, ownDependenciesOf, type OwnPackage, type PackageManifest, PACKED_SOURCES } from './own-packages';
import { vendorFileName, type PackageSource, type PackedPackage } from './packed-package';

/** The cache folder, relative to the checkout (in .gitignore). */
export const PACK_CACHE = '.cms-gen-cache';
/** Packs of older sources kept besides the current one (another branch, a step back). */
const KEPT_PACKS = 3;

interface IndexEntry {
  name: string;
  version: string;
  /** npm's file name, in the cache entry. */
  file: string;
  fileName: string;
  ownDependencies: string[];
}

/** Every file under `paths` (relative, posix), without tests, node_modules or build output, sorted. */
function sourceFiles(root: string, paths: readonly string[]): string[] {
  const walk = (path: string): string[] => {
    const full = join(root, path);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return path.endsWith('.test.ts') ? [] : [path];
    return readdirSync(full)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .flatMap((name) => walk(`${path}/${name}`));
  };
  return paths.flatMap(walk).sort(compareText);
}

/** A hash of what the packages are built from: the sources and the compiler's version. */
export function sourceKey(root: string): string {
  const hash = createHash('sha256');
  const typescript = JSON.parse(readFileSync(require.resolve('typescript/package.json', { paths: [root] }), 'utf8')) as { version: string };
  hash.update(`typescript ${typescript.version}\0`);
  for (const path of sourceFiles(root, PACKED_SOURCES)) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cms-gen: ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
}

type SourceManifest = PackageManifest & { version: string };

/**
 * The package.json a package ships: its folder's, but with only its `packedDependencies` (when it
 * names them) in `dependencies` and no optional ones, so an app's install brings what the package
 * loads and not the rest of the checkout's dependencies. Versions are the folder manifest's (a
 * package development lists among its devDependencies, typescript, too), an own package's the
 * package's own, as the runtime packages pin each other. Everything else stays, devDependencies
 * included: they name the tool versions a new app gets (package-info.ts).
 */
export function packedManifest(pkg: OwnPackage, manifest: SourceManifest): SourceManifest {
  if (!pkg.packedDependencies) return manifest;
  const dependencies: Record<string, string> = {};
  for (const name of [...pkg.packedDependencies].sort(compareText)) {
    const version = isOwnPackage(name) ? manifest.version : (manifest.dependencies?.[name] ?? manifest.optionalDependencies?.[name] ?? manifest.devDependencies?.[name]);
    if (version === undefined) throw new Error(`cms-gen: ${pkg.name} ships ${name}, which its package.json does not list`);
    dependencies[name] = version;
  }
  // In the folder manifest's key order, so the packed file reads like the source.
  const entries = Object.entries(manifest).filter(([key]) => key !== 'optionalDependencies');
  const shipped = Object.fromEntries(entries.map(([key, value]) => [key, key === 'dependencies' ? dependencies : value])) as SourceManifest;
  return { ...shipped, dependencies };
}

/** Compiles once, stages every own package (its shipped files, and its part of the output as dist/) and packs them into `out`. */
function packInto(root: string, stage: string, out: string): IndexEntry[] {
  const compiled = join(stage, 'compiled');
  const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
  // --noCheck: the same output without type-checking the sources again (942 files compared byte for
  // byte, 2026-11-28; 16.8 -> 13.4 CPU-s). `npm run typecheck` checks them, with the same options.
  run(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', compiled, '--noCheck'], root);
  const sources = OWN_PACKAGES.map((pkg) => join(root, pkg.dir));
  const listed = npmPackList(sources);
  const staged = OWN_PACKAGES.map((pkg, i) => {
    const into = join(stage, 'packages', String(i));
    const manifest = JSON.parse(readFileSync(join(sources[i], 'package.json'), 'utf8')) as PackageManifest;
    // A checkout may hold an old dist/ of its own (npm run build): the fresh output replaces it,
    // except for a prebuilt package, whose committed dist/ is what ships.
    for (const file of listed.get(manifest.name)?.files ?? []) {
      if (file.startsWith('dist/') && !pkg.prebuilt) continue;
      mkdirSync(dirname(join(into, file)), { recursive: true });
      cpSync(join(sources[i], file), join(into, file));
    }
    // cms-gen itself is a CLI that exports only its package.json: nothing type-checks against it, so
    // its ~490 declaration files would only be more for every app's install to extract.
    if (!pkg.prebuilt) cpSync(pkg.dir === '.' ? compiled : join(compiled, pkg.dir), join(into, 'dist'), { recursive: true, filter: (path) => pkg.dir !== '.' || !path.endsWith('.d.ts') });
    if (pkg.packedDependencies) writeFileSync(join(into, 'package.json'), `${JSON.stringify(packedManifest(pkg, manifest as SourceManifest), null, 2)}\n`);
    return into;
  });
  const packed = npmPack(staged, out);
  return staged.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest;
    const result = packed.get(manifest.name);
    if (!result) throw new Error(`cms-gen: npm pack did not pack ${manifest.name}`);
    return {
      name: result.name,
      version: result.version,
      file: result.filename,
      fileName: vendorFileName(result.filename, join(out, result.filename)),
      ownDependencies: ownDependenciesOf(manifest),
    };
  });
}

/** Removes all but the newest packs (the current one always stays). */
function pruneOldPacks(packs: string, current: string): void {
  const others = readdirSync(packs)
    .filter((name) => name !== current)
    .map((name) => ({ name, time: statSync(join(packs, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of others.slice(KEPT_PACKS)) rmSync(join(packs, name), { recursive: true, force: true });
}

function readPacks(entry: string): PackedPackage[] {
  const index = JSON.parse(readFileSync(join(entry, 'index.json'), 'utf8')) as IndexEntry[];
  return index.map(({ file, ...rest }) => ({ ...rest, path: join(entry, file) }));
}

/** The packed own packages of the checkout at `root`, from the cache or packed now. */
export function packCheckout(root: string, io: { err(line: string): void }): PackedPackage[] {
  const key = sourceKey(root);
  const packs = join(root, PACK_CACHE, 'packs');
  const entry = join(packs, key);
  if (existsSync(join(entry, 'index.json'))) return readPacks(entry);
  io.err(`packing cms-gen's own packages for the app's vendor/ folder (compiles once; kept in ${PACK_CACHE}/ until cms-gen's sources change)`);
  mkdirSync(packs, { recursive: true });
  const stage = mkdtempSync(join(root, PACK_CACHE, 'stage-'));
  try {
    const out = join(stage, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'index.json'), `${JSON.stringify(packInto(root, stage, out), null, 2)}\n`);
    try {
      renameSync(out, entry);
    } catch (err) {
      // Another build packed the same sources meanwhile: its files are the same.
      if (!existsSync(join(entry, 'index.json'))) throw err;
    }
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  pruneOldPacks(packs, key);
  return readPacks(entry);
}

/** A checkout of cms-gen: its sources are here (bin/cms-gen runs them), not only dist/. */
export function isCheckout(root: string): boolean {
  return existsSync(join(root, 'generator', 'cli.ts')) && existsSync(join(root, 'tsconfig.build.json'));
}

export function checkoutPackages(root: string): PackageSource {
  let packed: PackedPackage[] | undefined;
  return { refreshes: true, pack: (io) => (packed ??= packCheckout(root, io)) };
}
