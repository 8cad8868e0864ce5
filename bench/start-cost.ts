// The CPU a start of the compiled fixture app spends before it listens, and what it loads.
//
//   npx tsx bench/start-cost.ts [runs]                  this checkout, `runs` starts (default 7)
//   BENCH_START_BASELINE=<checkout> npx tsx bench/start-cost.ts [runs]
//                                                       alternates this checkout and another one
//                                                       (e.g. a worktree of main), A/B/A/B…
//
// Every start is a fresh `node` process (NODE_ENV=production, SQLite) that requires the app's
// compiled src/main.js (bench/compiled.ts) and calls startApp; once the server listens it reports
// process.cpuUsage() (user + system, every thread, node's own bootstrap included) and the files in
// require.cache, grouped by package. Each checkout's database is migrated by one unmeasured start
// first, so the measured ones do no migration. Prints the medians and the packages loaded by one
// checkout and not the other.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileCheckout, compiledServers, type CompiledServers } from './compiled';
import { DATA_DIR, HOST } from './config';

interface StartSample {
  cpuMs: number;
  files: number;
  packages: Record<string, number>;
}

// The child: load the app, start it, report at "listening", close. `runtime` is the compiled
// @cms-gen/runtime the app itself resolves (the compiled output's node_modules link).
const CHILD = `
const { join } = require('node:path');
const out = process.env.START_COST_OUT;
const { app } = require(process.env.START_COST_MAIN);
const { startApp } = require(join(out, 'node_modules', '@cms-gen', 'runtime'));
startApp(app, { port: 0, host: ${JSON.stringify(HOST)} }).then(async (running) => {
  const cpu = process.cpuUsage();
  const keys = Object.keys(require.cache);
  const packages = {};
  for (const key of keys) {
    const at = key.lastIndexOf('/node_modules/');
    let name = '(app/runtime)';
    if (at >= 0) {
      const parts = key.slice(at + 14).split('/');
      name = parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0];
    }
    packages[name] = (packages[name] ?? 0) + 1;
  }
  process.stdout.write('START_COST ' + JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, files: keys.length, packages }) + '\\n');
  await running.close({ drainMs: 0 });
  process.exit(0);
}, (err) => { process.stderr.write(String(err && err.stack || err) + '\\n'); process.exit(1); });
`;

function startOnce(servers: CompiledServers, dbFile: string): StartSample {
  const r = spawnSync(process.execPath, ['-e', CHILD], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: `file:${dbFile}`, JWT_SECRET: 'bench-only-secret', PORT: '0', START_COST_MAIN: servers.appMain, START_COST_OUT: servers.out },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = r.stdout.split('\n').find((l) => l.startsWith('START_COST '));
  if (r.status !== 0 || !line) throw new Error(`start failed (${r.status}):\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  return JSON.parse(line.slice('START_COST '.length)) as StartSample;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function main(): void {
  const runs = Number(process.argv[2] ?? 7);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const checkouts: Array<{ label: string; servers: CompiledServers; db: string; samples: StartSample[] }> = [];
  const dir = join(DATA_DIR, 'start-cost');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  checkouts.push({ label: 'this checkout', servers: compiledServers(log), db: join(dir, 'this.db'), samples: [] });
  const baseline = process.env.BENCH_START_BASELINE;
  if (baseline) checkouts.push({ label: baseline, servers: compileCheckout({ root: baseline, scripts: ['app-server.ts'] }, log), db: join(dir, 'baseline.db'), samples: [] });
  for (const checkout of checkouts) startOnce(checkout.servers, checkout.db); // migrates its database
  for (let i = 0; i < runs; i++) {
    for (const checkout of checkouts) {
      const sample = startOnce(checkout.servers, checkout.db);
      checkout.samples.push(sample);
      log(`${checkout.label}: run ${i + 1}: ${sample.cpuMs.toFixed(0)} CPU-ms, ${sample.files} files`);
    }
  }
  for (const checkout of checkouts) {
    const cpu = checkout.samples.map((s) => s.cpuMs);
    log(`${checkout.label}: median ${median(cpu).toFixed(0)} CPU-ms to listening (min ${Math.min(...cpu).toFixed(0)}, max ${Math.max(...cpu).toFixed(0)}), ${checkout.samples[0].files} files in require.cache`);
  }
  const top = (packages: Record<string, number>) =>
    Object.entries(packages)
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  log(`\npackages (files) of ${checkouts[0].label}: ${top(checkouts[0].samples[0].packages)}`);
  if (checkouts.length === 2) {
    const [a, b] = checkouts.map((c) => c.samples[0].packages);
    const onlyIn = (x: Record<string, number>, y: Record<string, number>) => Object.keys(x).filter((name) => !(name in y)).sort();
    log(`\nonly in ${checkouts[1].label}: ${onlyIn(b, a).join(', ') || '(none)'}`);
    log(`only in ${checkouts[0].label}: ${onlyIn(a, b).join(', ') || '(none)'}`);
  }
}

main();
