// Writes generated files into the output folder, and compares them with it (--check).
// A manifest lists what the generator wrote, so files it no longer produces can be removed
// while files it never wrote (config, bootstrap data, user code) are never touched.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compareText } from './compare-text';
import { GENERATED_HEADER, type GeneratedFile } from './emitters/types';

export const MANIFEST_FILE = '.cms-gen-manifest.json';

interface Manifest {
  generator: 'cms-gen';
  files: string[];
}

/** A manifest path is trusted only if it stays inside the output folder. */
const INSIDE = /^(?!\/)(?!.*(^|\/)\.\.(\/|$))[^\\]+$/;

function readText(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** Paths the previous run wrote (empty when there is no readable manifest). */
export function previousFiles(outDir: string): string[] {
  const text = readText(join(outDir, MANIFEST_FILE));
  if (text === undefined) return [];
  try {
    const manifest = JSON.parse(text) as Partial<Manifest>;
    return Array.isArray(manifest.files) ? manifest.files.filter((p): p is string => typeof p === 'string' && INSIDE.test(p)) : [];
  } catch {
    return [];
  }
}

/** The generated files plus the manifest listing them. */
export function withManifest(files: GeneratedFile[]): GeneratedFile[] {
  const manifest: Manifest = { generator: 'cms-gen', files: files.map((f) => f.path).sort(compareText) };
  return [...files, { path: MANIFEST_FILE, contents: `${JSON.stringify(manifest, null, 2)}\n` }];
}

/** A file is ours if the last run listed it, or (manifest lost) it carries the generated header. */
function writtenByUs(path: string, current: string, previous: ReadonlySet<string>): boolean {
  return path === MANIFEST_FILE || previous.has(path) || current.startsWith(GENERATED_HEADER);
}

export type Difference = { kind: 'missing' | 'differs' | 'stale' | 'foreign'; path: string };

/**
 * How the output folder differs from `files`: missing or different files, stale files (written by
 * a previous run, no longer generated) and foreign files (exist, differ, but cms-gen did not write
 * them, so writing would overwrite someone's file).
 */
export function compareOutput(outDir: string, files: GeneratedFile[]): Difference[] {
  const all = withManifest(files);
  const previous = new Set(previousFiles(outDir));
  const differences: Difference[] = [];
  for (const file of all) {
    const current = readText(join(outDir, file.path));
    if (current === undefined) differences.push({ kind: 'missing', path: file.path });
    else if (current !== file.contents) differences.push({ kind: writtenByUs(file.path, current, previous) ? 'differs' : 'foreign', path: file.path });
  }
  const wanted = new Set(all.map((f) => f.path));
  for (const path of [...previous].sort(compareText)) {
    if (!wanted.has(path) && existsSync(join(outDir, path))) differences.push({ kind: 'stale', path });
  }
  return differences;
}

export interface WriteReport {
  written: string[];
  unchanged: number;
  removed: string[];
}

/** Write through a temporary file so a reader never sees half a file. */
function writeAtomically(path: string, contents: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.cms-gen-tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Removes now-empty folders from `dir` up to (not including) `root`. */
function pruneEmptyFolders(root: string, dir: string): void {
  for (let current = dir; current !== root && current.startsWith(root); current = dirname(current)) {
    if (!existsSync(current) || readdirSync(current).length > 0) return;
    rmdirSync(current);
  }
}

/**
 * Applies the differences: writes missing/different files, removes stale ones. Foreign files
 * must have been dealt with by the caller (refused, or forced); they are overwritten here.
 */
export function writeOutput(outDir: string, files: GeneratedFile[], differences: Difference[]): WriteReport {
  const contents = new Map(withManifest(files).map((f) => [f.path, f.contents]));
  const written: string[] = [];
  const removed: string[] = [];
  // The manifest goes last: if anything before fails, the old manifest still lists what exists.
  const ordered = [...differences].sort((a, b) => Number(a.path === MANIFEST_FILE) - Number(b.path === MANIFEST_FILE));
  for (const difference of ordered) {
    const path = join(outDir, difference.path);
    if (difference.kind === 'stale') {
      unlinkSync(path);
      pruneEmptyFolders(outDir, dirname(path));
      removed.push(difference.path);
    } else {
      writeAtomically(path, contents.get(difference.path) ?? '');
      if (difference.path !== MANIFEST_FILE) written.push(difference.path);
    }
  }
  return { written, unchanged: files.length - written.length, removed };
}
