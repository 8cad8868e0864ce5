// With CMSGEN_SUITE_CPU=<folder>, records each suite's CPU time: the worker's own (user + system),
// that of the child processes it waited for (npm, tsc, app servers), from /proc/self/stat, and
// `unreaped`: processes the suite started that the worker never waits for, which a helper adds up
// itself (Chromium's zygotes and renderers: test/helpers/chromium.ts).
// Wall times mislead on a shared 2-core machine; the CPU a suite costs is what a whole run must
// fit into two cores. `node test/suite-cpu-report.js <folder>` prints the table (docs/testing.md).
'use strict';

const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const folder = process.env.CMSGEN_SUITE_CPU;

/** utime, stime, cutime, cstime of this process, in seconds (clock ticks of 1/100 s on Linux). */
function cpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so utime (14) .. cstime (17) are at 11..14 here.
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return { own: (utime + stime) / 100, children: (cutime + cstime) / 100 };
}

if (folder) {
  // Shared with the helpers through the global symbol registry (the same in every realm).
  const unreaped = { seconds: 0 };
  globalThis[Symbol.for('cms-gen.suite-cpu.unreaped')] = unreaped;
  const start = cpu();
  const started = Date.now();
  afterAll(() => {
    const end = cpu();
    const suite = relative(join(__dirname, '..'), expect.getState().testPath ?? 'unknown');
    mkdirSync(folder, { recursive: true });
    // startedAt/endedAt (epoch ms) place the suite on the run's timeline: which suites overlapped, and
    // how long a worker sat idle (test/suite-cpu-report.js --timeline).
    const endedAt = Date.now();
    const record = { suite, own: end.own - start.own, children: end.children - start.children, unreaped: unreaped.seconds, wall: (endedAt - started) / 1000, startedAt: started, endedAt, worker: process.env.JEST_WORKER_ID };
    writeFileSync(join(folder, `${suite.replace(/[\\/]/g, '__')}.json`), JSON.stringify(record));
  });
}
