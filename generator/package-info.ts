// cms-gen's own package.json: its version (`--version`, the dependency a scaffolded project gets)
// and the versions of the tools a generated app runs with (kept in step with this repository).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface PackageInfo {
  /** The folder holding cms-gen's package.json: a checkout, or the installed package. */
  root: string;
  version: string;
  devDependencies: Record<string, string>;
}

let cached: PackageInfo | undefined;

/** Walks up from this file (generator/ in a checkout, dist/generator/ when installed). */
export function packageInfo(): PackageInfo {
  if (cached) return cached;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    if (existsSync(path)) {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; version?: unknown; devDependencies?: unknown };
      if (parsed.name === 'cms-gen' && typeof parsed.version === 'string') {
        const devDependencies = typeof parsed.devDependencies === 'object' && parsed.devDependencies !== null ? (parsed.devDependencies as Record<string, string>) : {};
        cached = { root: dir, version: parsed.version, devDependencies };
        return cached;
      }
    }
    if (dirname(dir) === dir) throw new Error(`cms-gen: cannot find its package.json above ${__dirname}`);
  }
}
