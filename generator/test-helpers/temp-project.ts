// Schema folders written to a temporary directory for tests: each test states exactly the
// files it needs, so every validation rule can be exercised in isolation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadSchemas } from '../load';
import { formatProblem } from '../problems';
import { collectProblems } from '../validate';

const created: string[] = [];

/** Writes `files` (path → JSON value, or raw text for strings) into a fresh temporary folder. */
export function tempProject(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-test-'));
  created.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return dir;
}

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-test-'));
  created.push(dir);
  return dir;
}

export function removeTempProjects(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Every problem of a project, formatted as the CLI prints them. */
export function problemsOf(files: Record<string, unknown>): string[] {
  return collectProblems(loadSchemas(tempProject(files))).problems.map(formatProblem);
}

/** Every warning of a project (settings cms-gen does not act on), formatted as the CLI prints them. */
export function warningsOf(files: Record<string, unknown>): string[] {
  return collectProblems(loadSchemas(tempProject(files))).warnings.map(formatProblem);
}

type Attributes = Record<string, unknown>;

/** A flat-layout content-type schema (`content-types/<singular>.json`). */
export function contentType(singularName: string, pluralName: string, attributes: Attributes, extra: Record<string, unknown> = {}): object {
  return {
    kind: 'collectionType',
    collectionName: pluralName.replace(/-/g, '_'),
    info: { singularName, pluralName, displayName: singularName },
    options: { draftAndPublish: false },
    attributes,
    ...extra,
  };
}

export function component(attributes: Attributes, collectionName?: string): object {
  return { ...(collectionName ? { collectionName } : {}), info: { displayName: 'Component' }, attributes };
}
