// `npm pack` of package folders, through the npm on PATH (the one that installs the app), with
// their scripts off: the folders given already hold what ships, and a prepack would compile again.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NpmPacked {
  name: string;
  version: string;
  /** The file npm wrote (`<scope>-<name>-<version>.tgz`). */
  filename: string;
  /** Every path in it, relative to the package folder. */
  files: string[];
}

interface NpmPackJson {
  name: string;
  version: string;
  filename: string;
  files: { path: string }[];
}

function npm(args: string[]): string {
  const result = spawnSync('npm', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new Error(`cms-gen: cannot run npm (${result.error.message}); npm must be on PATH to pack cms-gen's packages`);
  if (result.status !== 0) throw new Error(`cms-gen: npm ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return result.stdout;
}

/** What npm packs of each folder, by package name: `destination` gets the files unless `dryRun`. */
function pack(dirs: readonly string[], extra: string[]): Map<string, NpmPacked> {
  if (dirs.length === 0) return new Map();
  const parsed = JSON.parse(npm(['pack', ...dirs, '--ignore-scripts', '--json', ...extra])) as NpmPackJson[];
  const byName = new Map(parsed.map((p) => [p.name, { name: p.name, version: p.version, filename: p.filename, files: p.files.map((f) => f.path) }]));
  // npm answers in the order given; the names make it certain which result is which folder's.
  for (const dir of dirs) {
    const name = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string }).name;
    if (!byName.has(name)) throw new Error(`cms-gen: npm pack did not pack ${dir}`);
  }
  return byName;
}

/** Packs each folder into `destination`. */
export function npmPack(dirs: readonly string[], destination: string): Map<string, NpmPacked> {
  return pack(dirs, ['--pack-destination', destination]);
}

/** What `npm pack` would put in each folder's package (its `files`, package.json, README), writing nothing. */
export function npmPackList(dirs: readonly string[]): Map<string, NpmPacked> {
  return pack(dirs, ['--dry-run']);
}
