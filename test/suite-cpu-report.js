// Prints the suites' CPU times recorded with CMSGEN_SUITE_CPU=<folder> (test/suite-cpu.js),
// most expensive first, with the total: `node test/suite-cpu-report.js <folder> [top]`.
'use strict';

const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const [folder, top = '40'] = process.argv.slice(2);
if (!folder) throw new Error('usage: node test/suite-cpu-report.js <folder> [top]');
const rows = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')))
  .map((r) => ({ ...r, total: r.own + r.children }))
  .sort((a, b) => b.total - a.total);
const sum = (key) => rows.reduce((s, r) => s + r[key], 0);
console.log(`${rows.length} suites: ${sum('total').toFixed(0)} CPU-s (${sum('own').toFixed(0)} in jest's workers, ${sum('children').toFixed(0)} in their children)`);
console.log('| suite | CPU s | workers | children | wall s |\n| --- | ---: | ---: | ---: | ---: |');
for (const r of rows.slice(0, Number(top))) console.log(`| ${r.suite} | ${r.total.toFixed(1)} | ${r.own.toFixed(1)} | ${r.children.toFixed(1)} | ${r.wall.toFixed(0)} |`);
