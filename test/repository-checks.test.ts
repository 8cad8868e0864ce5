// The repository's own checks, run as a suite so that they overlap the others in jest's workers
// instead of running before them: the whole tree type-checks (`npm run typecheck`: jest's swc
// transform strips types without checking them), and the committed fixture app is exactly what a
// build writes (`npm run check:generated`). Both are the package.json scripts' commands, run as
// processes as a developer runs them. The type check is incremental: tsc keeps what it learned of
// each file (its hash, its diagnostics) in .cms-gen-cache/typecheck.tsbuildinfo and checks again
// only what changed and what depends on it; an error in an unchanged file is reported from there
// on every run (a first run here: about 34 CPU-s; a run after it: about 12).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(__dirname, '..');
const scripts = (require(join(REPO, 'package.json')) as { scripts: Record<string, string> }).scripts;

/** Runs an npm script's command line (no npm in between: its output is the command's own). */
function runScript(name: string): { status: number | null; output: string } {
  const result = spawnSync('sh', ['-c', scripts[name]], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, PATH: `${join(REPO, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the repository', () => {
  it('type-checks (npm run typecheck)', () => {
    expect(scripts.typecheck).toBe('tsc --noEmit -p . --incremental --tsBuildInfoFile .cms-gen-cache/typecheck.tsbuildinfo');
    const { status, output } = runScript('typecheck');
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 600_000);

  it('holds the fixture app a build writes (npm run check:generated)', () => {
    expect(scripts['check:generated']).toMatch(/ --check$/);
    const { status, output } = runScript('check:generated');
    expect(output).toMatch(/\n\d+ files up to date\n$/);
    expect(status).toBe(0);
  }, 120_000);
});
