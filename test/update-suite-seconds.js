// Writes test/suite-seconds.json (the order test/sequencer.js gives a run without jest's cache) from
// a whole run's report: `npx jest --json --outputFile=<file>`, then `node test/update-suite-seconds.js <file>`,
// or from the folder a `CMSGEN_SUITE_CPU=<folder>` run wrote (test/suite-cpu.js), which holds each suite's wall time too.
// Only suites of 10 s or more are kept: the order of the short ones hardly matters.
'use strict';

const { readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const source = process.argv[2];
/** [suite path relative to the repository, wall seconds] of every suite of the run. */
const walls = statSync(source).isDirectory()
  ? readdirSync(source)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(source, name), 'utf8')))
      .map((record) => [record.suite, record.wall])
  : JSON.parse(readFileSync(source, 'utf8')).testResults.map((result) => [relative(ROOT, result.name), (result.endTime - result.startTime) / 1000]);
const seconds = {};
for (const [suite, wall] of walls) {
  if (Math.round(wall) >= 10) seconds[suite.split('\\').join('/')] = Math.round(wall);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync(join(__dirname, 'suite-seconds.json'), `${JSON.stringify(sorted, null, 2)}\n`);
