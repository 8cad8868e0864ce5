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
  // `unreaped` (Chromium's processes the worker never waits for) is in records since the eighth pass.
  .map((r) => ({ ...r, unreaped: r.unreaped ?? 0, total: r.own + r.children + (r.unreaped ?? 0) }))
  .sort((a, b) => b.total - a.total);
const sum = (key) => rows.reduce((s, r) => s + r[key], 0);
console.log(`${rows.length} suites: ${sum('total').toFixed(0)} CPU-s (${sum('own').toFixed(0)} in jest's workers, ${sum('children').toFixed(0)} in their children, ${sum('unreaped').toFixed(0)} in processes not waited for)`);
console.log('| suite | CPU s | workers | children | not waited for | wall s |\n| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows.slice(0, Number(top))) console.log(`| ${r.suite} | ${r.total.toFixed(1)} | ${r.own.toFixed(1)} | ${r.children.toFixed(1)} | ${r.unreaped.toFixed(1)} | ${r.wall.toFixed(0)} |`);

// The run's timeline (records written since startedAt/endedAt were added): how busy each worker was
// between the first suite's start and the last one's end, and which suites ran last.
const timed = rows.filter((r) => r.startedAt !== undefined);
if (timed.length > 0) {
  const first = Math.min(...timed.map((r) => r.startedAt));
  const last = Math.max(...timed.map((r) => r.endedAt));
  const span = (last - first) / 1000;
  const busy = new Map();
  for (const r of timed) busy.set(r.worker, (busy.get(r.worker) ?? 0) + r.wall);
  const workers = [...busy.entries()].sort(([a], [b]) => Number(a) - Number(b));
  console.log(`\ntimeline: ${span.toFixed(0)} s from the first suite's start to the last one's end; suites' wall ${sum('wall').toFixed(0)} s`);
  console.log(`busy per worker: ${workers.map(([w, s]) => `${w}: ${s.toFixed(0)} s (${((100 * s) / span).toFixed(0)}%)`).join(', ')}`);
  const ending = [...timed].sort((a, b) => b.endedAt - a.endedAt).slice(0, 6);
  console.log(`last to end: ${ending.map((r) => `${r.suite} (${((r.startedAt - first) / 1000).toFixed(0)}–${((r.endedAt - first) / 1000).toFixed(0)} s)`).join(', ')}`);
}
