// The whole pipeline in memory: schemas folder → load → validate → model → every emitter's files.
// Nothing is written here (build does that), so --check and tests share exactly this path.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaMeta } from '../runtime/core/model/types';
import { compareText } from './compare-text';
import { EMITTERS } from './emitters';
import { formatTypeScript } from './emitters/format-typescript';
import { DEFAULT_EMIT_OPTIONS, type EmitOptions, type GeneratedFile } from './emitters/types';
import { loadSchemas } from './load';
import { buildModel } from './model';
import { MANIFEST_FILE } from './output';
import type { LoadedSchemas } from './schema-files';
import type { Problem } from './problems';
import { validateWithWarnings } from './validate';

export interface Generated {
  loaded: LoadedSchemas;
  meta: SchemaMeta;
  /** Schema settings cms-gen does not act on (`file: path: cms-gen ignores X (why)`), sorted by file. */
  warnings: Problem[];
  /** Sorted by path. */
  files: GeneratedFile[];
}

/** Relative, no `.`/`..` segments, plain characters: emitters can only write inside the output folder. */
const SAFE_PATH = /^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._/-]+$/;

/** Runs every registered emitter; two emitters claiming one path is a generator bug. */
export function emitAll(meta: SchemaMeta, options: EmitOptions = DEFAULT_EMIT_OPTIONS): GeneratedFile[] {
  const byPath = new Map<string, { emitter: string; file: GeneratedFile }>();
  for (const { name, emit } of EMITTERS) {
    for (const file of emit(meta, options)) {
      if (!SAFE_PATH.test(file.path) || file.path === MANIFEST_FILE) throw new Error(`emitter ${name} produced a path it may not write: "${file.path}"`);
      const other = byPath.get(file.path);
      if (other) throw new Error(`emitters ${other.emitter} and ${name} both produce ${file.path}`);
      byPath.set(file.path, { emitter: name, file });
    }
  }
  return [...byPath.values()]
    .map(({ file }) => ({ path: file.path, contents: file.path.endsWith('.ts') ? formatTypeScript(file.contents) : file.contents }))
    .sort((a, b) => compareText(a.path, b.path));
}

/** Validates loaded schemas and emits; throws ValidationFailed (every problem) when they are not valid. */
export function generateFrom(loaded: LoadedSchemas, options: EmitOptions = DEFAULT_EMIT_OPTIONS): Generated {
  const { definitions, warnings } = validateWithWarnings(loaded);
  const meta = buildModel(definitions);
  const files = emitAll(meta, options);
  // The declarative bootstrap (locales, role permissions) travels with the schemas into the app.
  const bootstrap = join(loaded.root, 'bootstrap.json');
  if (existsSync(bootstrap)) files.push({ path: 'bootstrap.json', contents: readFileSync(bootstrap, 'utf8') });
  return { loaded, meta, warnings, files: files.sort((a, b) => compareText(a.path, b.path)) };
}

export function generate(schemasDir: string, options: EmitOptions = DEFAULT_EMIT_OPTIONS): Generated {
  return generateFrom(loadSchemas(schemasDir), options);
}
