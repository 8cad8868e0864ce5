// The manifest a build leaves in the output folder: every file it wrote, with a hash of what it
// wrote. The list lets a later build remove files it no longer generates; the hash lets it tell
// a file it may overwrite from one somebody edited by hand since (refused unless --force).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareText } from './compare-text';
import type { GeneratedFile } from './emitters/types';

export const MANIFEST_FILE = '.cms-gen-manifest.json';

interface ManifestEntry {
  path: string;
  sha256: string;
}

interface Manifest {
  generator: 'cms-gen';
  files: ManifestEntry[];
}

/** A manifest path is trusted only if it stays inside the output folder. */
const INSIDE = /^(?!\/)(?!.*(^|\/)\.\.(\/|$))[^\\]+$/;

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What the previous run wrote: path → hash of the contents it wrote, or undefined for a manifest
 * from before hashes were recorded (such files are trusted as unedited). Empty without a readable
 * manifest.
 */
export function previousFiles(outDir: string): Map<string, string | undefined> {
  const path = join(outDir, MANIFEST_FILE);
  const previous = new Map<string, string | undefined>();
  if (!existsSync(path)) return previous;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return previous;
  }
  const files = typeof parsed === 'object' && parsed !== null ? (parsed as { files?: unknown }).files : undefined;
  if (!Array.isArray(files)) return previous;
  for (const entry of files as unknown[]) {
    if (typeof entry === 'string' && INSIDE.test(entry)) previous.set(entry, undefined);
    else if (typeof entry === 'object' && entry !== null) {
      const { path: file, sha256: hash } = entry as Partial<Record<keyof ManifestEntry, unknown>>;
      if (typeof file === 'string' && INSIDE.test(file)) previous.set(file, typeof hash === 'string' ? hash : undefined);
    }
  }
  return previous;
}

/** The manifest file listing `files` (sorted, so output stays deterministic). */
export function manifestFile(files: GeneratedFile[]): GeneratedFile {
  const entries = [...files].sort((a, b) => compareText(a.path, b.path)).map((f) => ({ path: f.path, sha256: sha256(f.contents) }));
  const manifest: Manifest = { generator: 'cms-gen', files: entries };
  return { path: MANIFEST_FILE, contents: `${JSON.stringify(manifest, null, 2)}\n` };
}
