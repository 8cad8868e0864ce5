// Writes test/suite-seconds.json (the order test/sequencer.js gives a run without jest's cache) from
// a whole run's report: `npx jest --json --outputFile=<file>`, then `node test/update-suite-seconds.js <file>`.
// Only suites of 10 s or more are kept: the order of the short ones hardly matters.
'use strict';

const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const seconds = {};
for (const result of report.testResults) {
  const wall = Math.round((result.endTime - result.startTime) / 1000);
  if (wall >= 10) seconds[relative(ROOT, result.name).split('\\').join('/')] = wall;
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync(join(__dirname, 'suite-seconds.json'), `${JSON.stringify(sorted, null, 2)}\n`);
