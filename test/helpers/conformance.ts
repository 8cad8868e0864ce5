// Runs the shared black-box conformance suite (recorded against real Strapi 5) against a URL and
// returns the per-case outcomes from its JSON report.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The suite is test data of this project, copied into the repository (see test/conformance/ORIGIN.md).
export const CONFORMANCE_DIR = resolve(__dirname, '..', 'conformance');

export interface CaseResult {
  id: string;
  outcome: 'pass' | 'fail';
  message: string;
  beyond: string | null;
}

/** `capture`: a file every request and response of the run is appended to, one JSON line each (lib.mjs). */
export async function runConformance(base: string, idPatterns: string[], options: { capture?: string } = {}): Promise<CaseResult[]> {
  if (!existsSync(join(CONFORMANCE_DIR, 'run.mjs'))) throw new Error(`conformance suite not found at ${CONFORMANCE_DIR}`);
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-conf-'));
  const idsFile = join(dir, 'ids.txt');
  const jsonFile = join(dir, 'result.json');
  writeFileSync(idsFile, idPatterns.join('\n'));
  await new Promise<void>((resolvePromise) => {
    const env = options.capture ? { ...process.env, CONFORMANCE_CAPTURE: options.capture } : process.env;
    execFile(process.execPath, [join(CONFORMANCE_DIR, 'run.mjs'), '--base', base, '--ids', idsFile, '--json', jsonFile], { timeout: 300_000, env }, () => resolvePromise());
  });
  if (!existsSync(jsonFile)) throw new Error('conformance run produced no report (setup failed?)');
  return (JSON.parse(readFileSync(jsonFile, 'utf8')) as { results: CaseResult[] }).results;
}

/** Case ids of the suite, read from its case files (so new cases are picked up automatically). */
export function listCaseIds(prefixes: string[]): string[] {
  const ids: string[] = [];
  for (const file of ['rest-query.mjs', 'rest-documents.mjs', 'auth.mjs', 'upload.mjs', 'graphql.mjs']) {
    const text = readFileSync(join(CONFORMANCE_DIR, 'cases', file), 'utf8');
    for (const match of text.matchAll(/\bid: '([^']+)'/g)) if (prefixes.some((p) => match[1].startsWith(p))) ids.push(match[1]);
  }
  return ids;
}
