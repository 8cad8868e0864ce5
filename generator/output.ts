// Writes generated files into the output folder, and compares them with it (--check).
// A manifest (manifest.ts) lists what the generator wrote, so files it no longer produces can be
// removed while files it never wrote (config, bootstrap data, user code) are never touched, and
// generated files edited by hand are noticed instead of silently overwritten.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compareText } from './compare-text';
import { GENERATED_HEADER, GENERATED_JSON_MARKER, type GeneratedFile } from './emitters/types';
import { MANIFEST_FILE, manifestFile, previousFiles, sha256 } from './manifest';

export { MANIFEST_FILE } from './manifest';

function readText(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** The generated files plus the manifest listing them. */
export function withManifest(files: GeneratedFile[]): GeneratedFile[] {
  return [...files, manifestFile(files)];
}

/** A file is ours if the last run listed it, or (manifest lost) it carries the generated header or JSON marker. */
function writtenByUs(path: string, current: string, previous: ReadonlyMap<string, string | undefined>): boolean {
  return path === MANIFEST_FILE || previous.has(path) || current.startsWith(GENERATED_HEADER) || (path.endsWith('.json') && current.includes(GENERATED_JSON_MARKER));
}

/** The last run wrote this file and recorded its hash, and the file no longer matches it. */
function editedSince(path: string, current: string, previous: ReadonlyMap<string, string | undefined>): boolean {
  const recorded = previous.get(path);
  return recorded !== undefined && sha256(current) !== recorded;
}

/**
 * `edited`: the last run wrote the file, and it was changed by hand since; `stale` is set when
 * the build no longer generates it (it would be removed rather than overwritten).
 */
export type Difference = { kind: 'missing' | 'differs' | 'stale' | 'foreign'; path: string } | { kind: 'edited'; path: string; stale: boolean };

/**
 * How the output folder differs from `files`: missing or different files, stale files (written by
 * a previous run, no longer generated) and foreign files (exist, differ, but cms-gen did not write
 * them, so writing would overwrite someone's file) and edited files (written by cms-gen, then
 * changed by hand).
 */
export function compareOutput(outDir: string, files: GeneratedFile[]): Difference[] {
  const all = withManifest(files);
  const previous = previousFiles(outDir);
  const differences: Difference[] = [];
  for (const file of all) {
    const current = readText(join(outDir, file.path));
    if (current === undefined) differences.push({ kind: 'missing', path: file.path });
    else if (current === file.contents) continue;
    else if (!writtenByUs(file.path, current, previous)) differences.push({ kind: 'foreign', path: file.path });
    else if (editedSince(file.path, current, previous)) differences.push({ kind: 'edited', path: file.path, stale: false });
    else differences.push({ kind: 'differs', path: file.path });
  }
  const wanted = new Set(all.map((f) => f.path));
  for (const path of [...previous.keys()].sort(compareText)) {
    const current = wanted.has(path) ? undefined : readText(join(outDir, path));
    if (current === undefined) continue;
    differences.push(editedSince(path, current, previous) ? { kind: 'edited', path, stale: true } : { kind: 'stale', path });
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
 * Applies the differences: writes missing/different files, removes stale ones. Foreign and
 * hand-edited files must have been dealt with by the caller (refused, or forced); they are
 * overwritten (or removed) here.
 */
export function writeOutput(outDir: string, files: GeneratedFile[], differences: Difference[]): WriteReport {
  const contents = new Map(withManifest(files).map((f) => [f.path, f.contents]));
  const written: string[] = [];
  const removed: string[] = [];
  // The manifest goes last: if anything before fails, the old manifest still lists what exists.
  const ordered = [...differences].sort((a, b) => Number(a.path === MANIFEST_FILE) - Number(b.path === MANIFEST_FILE));
  for (const difference of ordered) {
    const path = join(outDir, difference.path);
    if (difference.kind === 'stale' || (difference.kind === 'edited' && difference.stale)) {
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
