// The young-generation bound, observed in a process of its own (the V8 flag it sets is
// process-wide, so it must not touch the Jest worker): a serving app's new space stops at the
// 32 MB cap (V8's own maximum) while a process that never released it stays small under an
// allocation load that takes V8's default to 32 MB; it grows again after V8 shrank it in a pause;
// and a flag the operator passes wins over the module's choice.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformSync } from 'esbuild';

const MB = 1024 * 1024;

// The module compiled once to CommonJS (it imports only node builtins), so each process is plain
// node: under tsx's loader each of the four paid about 0.5 CPU-s more to start.
const COMPILED = mkdtempSync(join(tmpdir(), 'cms-gen-young-generation-'));
const MODULE = join(COMPILED, 'young-generation.js');
writeFileSync(MODULE, transformSync(readFileSync(join(__dirname, 'young-generation.ts'), 'utf8'), { loader: 'ts', format: 'cjs', platform: 'node' }).code);
afterAll(() => rmSync(COMPILED, { recursive: true, force: true }));

// Requests as macrotasks: each allocates ~2 MB and keeps the last ten batches alive, as requests
// in flight do; GC observers get their turn between tasks, as between requests. Thirty rounds
// already take V8's default new space to 32 MB here (the first test shows it on every run); sixty
// leave a margin at a quarter of the CPU of the 300 this load once ran (about 0.7 CPU-s a process
// against 2.3).
const ROUNDS = 60;
/** The shared part of both scripts: `newSpace()` and `load(rounds, done)`. */
const ALLOCATE = `
const { getHeapSpaceStatistics } = require('node:v8');
const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
let kept = [];
const load = (rounds, done) => {
  let round = 0;
  const tick = () => {
    const batch = [];
    for (let i = 0; i < 20000; i++) batch.push({ i, s: 'x' + i });
    kept.push(batch);
    if (kept.length > 10) kept.shift();
    if (++round < rounds) setImmediate(tick);
    else done();
  };
  tick();
};
`;
const LOAD = `${ALLOCATE}
const release = process.env.YG_MODULE && process.env.YG_RELEASE ? require(process.env.YG_MODULE).releaseYoungGeneration : () => { if (process.env.YG_MODULE) require(process.env.YG_MODULE); };
release();
load(${ROUNDS}, () => process.stdout.write(String(newSpace())));
`;

// The load, then six seconds without allocating (V8 reads its allocation throughput over the last
// five), then a scavenge: V8 shrinks the new space there, as it does when a server's traffic
// pauses. Then the load again. Prints both sizes.
const PAUSE = `${ALLOCATE}
require(process.env.YG_MODULE).releaseYoungGeneration();
load(${ROUNDS}, () => {
  kept = [];
  gc({ type: 'minor' });
  setTimeout(() => {
    gc({ type: 'minor' });
    const paused = newSpace();
    load(${ROUNDS}, () => process.stdout.write(JSON.stringify({ paused, after: newSpace() })));
  }, 6000);
});
`;

function newSpaceAfterLoad(options: { module: boolean; released?: boolean; nodeArgs?: string[] }): number {
  const out = execFileSync(process.execPath, [...(options.nodeArgs ?? []), '-e', LOAD], {
    env: { ...process.env, NODE_OPTIONS: '', YG_MODULE: options.module ? MODULE : '', YG_RELEASE: options.released === false ? '' : '1' },
    encoding: 'utf8',
  });
  return Number(out);
}

describe('young generation bound', () => {
  it('lets V8 grow the new space to 32 MB under this load when the module is not loaded', () => {
    expect(newSpaceAfterLoad({ module: false })).toBe(32 * MB);
  });

  it('keeps the new space at its start size while the app starts', () => {
    // One 1 MB semi-space is reported as 4 MB of new space here (V8 11 on 64-bit).
    expect(newSpaceAfterLoad({ module: true, released: false })).toBeLessThanOrEqual(4 * MB);
  });

  it('lets it grow up to the 32 MB cap once the app serves', () => {
    const size = newSpaceAfterLoad({ module: true });
    expect(size).toBeGreaterThan(4 * MB);
    expect(size).toBeLessThanOrEqual(32 * MB);
  });

  it('lets it grow again after V8 shrank it in a pause of the load', () => {
    const out = execFileSync(process.execPath, ['--expose-gc', '-e', PAUSE], { env: { ...process.env, NODE_OPTIONS: '', YG_MODULE: MODULE }, encoding: 'utf8' });
    const { paused, after } = JSON.parse(out) as { paused: number; after: number };
    // V8 shrank it (else this test shows nothing), and the next load took it past the start's size.
    expect(paused).toBeLessThanOrEqual(4 * MB);
    expect(after).toBeGreaterThan(4 * MB);
  }, 30_000);

  it('leaves the young generation alone when the operator chose a semi-space flag', () => {
    expect(newSpaceAfterLoad({ module: true, nodeArgs: ['--semi-space-growth-factor=2'] })).toBe(32 * MB);
  });
});
