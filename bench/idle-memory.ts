// Memory of a generated app: the fixture app installed as a project outside the repository gets it
// (test/helpers/packaged-app.ts), measured from /proc/<pid>/status (RSS, and VmHWM for the peak).
//
//   1. At rest: compiled (`node dist/main.js`) and from its sources under tsx's loader, side by
//      side, each on a fresh SQLite database (so start-up runs the full migration). After a
//      warm-up (REST list with populate, one document, a GraphQL list, twice each) and 2 s of quiet.
//   2. Under load (compiled, NODE_ENV=production, on a copy of the bench's seeded database of
//      10,000 articles): the bench's scenarios one after the other, `--seconds` each with 10
//      connections, then 2 s and 30 s of quiet: what the app keeps after `npm run bench`, its peak.
//   3. Bounded workloads, same process: a list of 100 documents with deep populate (10
//      connections), then one 100 MB upload: RSS before, peak during, after.
//
//   node_modules/.bin/tsx bench/idle-memory.ts [--rounds 2] [--seconds 5] [--rest-only] [--app <dir>]
//
// `--app` measures an app already built this way (test/helpers/packaged-app.ts) instead of building one.
//
// Not part of `npm run bench` (building the package takes ~1-2 min); docs/benchmarks.md has results.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPackagedApp, startPackagedApp } from '../test/helpers/packaged-app';
import { readSeedIds, seededDatabase } from './data-cache';
import { benchLoadPhase, deepListPhase, statusMb, uploadPhase, type BoundedRow } from './memory-phases';

const MODES = ['compiled', 'tsx'] as const;
type Mode = (typeof MODES)[number];

/** The bounds docs/benchmarks.md states ("Memory"); printed beside the figures. */
const BOUNDS = { restMb: 100, afterBenchMb: 160, deepListGrowthMb: 100, uploadGrowthMb: 50 } as const;

const log = (line: string) => process.stdout.write(`${line}\n`);

async function warmUp(url: string): Promise<void> {
  const get = async (path: string) => {
    const res = await fetch(`${url}${path}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as { data: { documentId: string }[] };
  };
  for (let i = 0; i < 2; i++) {
    const list = await get('/api/articles?populate[0]=author&populate[1]=categories');
    if (list.data[0]) await get(`/api/articles/${list.data[0].documentId}?populate=*`);
    const gql = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ articles { documentId title author { name } } }' }) });
    if (gql.status !== 200) throw new Error(`graphql: ${gql.status}`);
  }
}

async function measureAtRest(appDir: string, mode: Mode, dbFile: string): Promise<{ rss: number; peak: number }> {
  const app = await startPackagedApp(appDir, mode, { DATABASE_URL: `file:${dbFile}` });
  try {
    await warmUp(app.url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const pid = app.process.pid;
    if (pid === undefined) throw new Error('no pid');
    return { rss: statusMb(pid, 'VmRSS'), peak: statusMb(pid, 'VmHWM') };
  } finally {
    await app.stop();
  }
}

async function atRest(appDir: string, root: string, rounds: number): Promise<void> {
  const results: Record<Mode, { rss: number; peak: number }[]> = { compiled: [], tsx: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const mode of MODES) {
      const r = await measureAtRest(appDir, mode, join(root, `${mode}-${round}.db`));
      results[mode].push(r);
      log(`  round ${round} ${mode.padEnd(8)} RSS ${r.rss.toFixed(0)} MB, peak ${r.peak.toFixed(0)} MB`);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  log(`\n### At rest (fresh database, after a warm-up)\n\n| run | RSS at rest (MB) | peak RSS (MB) |\n|---|---:|---:|`);
  for (const mode of MODES) {
    const rss = results[mode].map((r) => r.rss);
    const peak = results[mode].map((r) => r.peak);
    log(`| ${mode === 'compiled' ? 'compiled, `node dist/main.js`' : 'sources under tsx'} | ${mean(rss).toFixed(0)} (${range(rss)}) | ${mean(peak).toFixed(0)} (${range(peak)}) |`);
  }
  log(`\ncompiled at rest: bound ${BOUNDS.restMb} MB, ${mean(results.compiled.map((r) => r.rss)) <= BOUNDS.restMb ? 'within' : 'OVER'}`);
}

function boundedLine(row: BoundedRow, bound: number): string {
  const growth = row.peakMb - row.beforeMb;
  return `| ${row.workload} | ${row.beforeMb.toFixed(0)} | ${row.peakMb.toFixed(0)} | ${growth.toFixed(0)} (bound ${bound}: ${growth <= bound ? 'within' : 'OVER'}) | ${row.afterMb.toFixed(0)} | ${row.detail} |`;
}

async function underLoad(appDir: string, root: string, seconds: number): Promise<void> {
  const { file: seeded } = await seededDatabase(log);
  const ids = readSeedIds(seeded);
  const db = join(root, 'loaded.db');
  copyFileSync(seeded, db);
  const app = await startPackagedApp(appDir, 'compiled', { DATABASE_URL: `file:${db}`, NODE_ENV: 'production', JWT_SECRET: 'bench-only-secret' });
  const pid = app.process.pid;
  if (pid === undefined) throw new Error('no pid');
  try {
    await warmUp(app.url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const startMb = statusMb(pid, 'VmRSS');
    log(`\n### Under the bench's load (compiled, seeded database, ${seconds} s per scenario, 10 connections)\n`);
    log(`RSS after start and warm-up: ${startMb.toFixed(0)} MB\n\n| scenario | req/s | failed | RSS after (MB) | peak during (MB) |\n|---|---:|---:|---:|---:|`);
    for (const row of await benchLoadPhase(app.url, pid, ids, seconds)) {
      log(`| ${row.scenario} | ${row.reqPerSec.toFixed(0)} | ${row.failed} | ${row.rssMb.toFixed(0)} | ${row.peakMb.toFixed(0)} |`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const afterMb = statusMb(pid, 'VmRSS');
    const peakMb = statusMb(pid, 'VmHWM');
    log(`\nafter the bench's scenarios and 2 s of quiet: RSS ${afterMb.toFixed(0)} MB (bound ${BOUNDS.afterBenchMb}: ${afterMb <= BOUNDS.afterBenchMb ? 'within' : 'OVER'}), peak ${peakMb.toFixed(0)} MB`);
    // V8 gives memory back once the process has been idle for a while (its memory reducer).
    await new Promise((resolve) => setTimeout(resolve, 28_000));
    log(`after 30 s of quiet: RSS ${statusMb(pid, 'VmRSS').toFixed(0)} MB`);

    log(`\n### Bounded workloads (same process)\n\n| workload | RSS before (MB) | peak (MB) | growth (MB) | RSS after (MB) | |\n|---|---:|---:|---:|---:|---|`);
    log(boundedLine(await deepListPhase(app.url, pid, seconds), BOUNDS.deepListGrowthMb));
    const work = join(root, 'upload');
    mkdirSync(work, { recursive: true });
    log(boundedLine(await uploadPhase(app.url, pid, work, 100), BOUNDS.uploadGrowthMb));
    log(`\npeak RSS of the process over all of it: ${statusMb(pid, 'VmHWM').toFixed(0)} MB`);
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const option = (name: string, fallback: number) => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const rounds = option('--rounds', 2);
  const seconds = option('--seconds', 5);
  const root = mkdtempSync(join(tmpdir(), 'cms-gen-idle-'));
  try {
    const given = process.argv.indexOf('--app');
    if (given < 0) log('building the package and the fixture app…');
    const appDir = given >= 0 ? process.argv[given + 1] : buildPackagedApp(root, join(__dirname, '..', 'fixtures', 'strapi-blog')).appDir;
    await atRest(appDir, root, rounds);
    if (!process.argv.includes('--rest-only')) await underLoad(appDir, root, seconds);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
