// `BENCH_MODE=scale npm run bench`: the app on 1k … 1M articles, and real Strapi beside it at the
// sizes it can hold, in one run per size.
//
// Per database (BENCH_SCALE_DB), for every size (BENCH_SCALE_SIZES), smallest first:
//  1. the seeded database (cached; bench/scale/seed.ts), migrated to the current schema
//  2. the app as a child process (bench/app-server.ts, as the main bench runs it); idle RSS
//  3. Strapi as a child on a copy of its own seeded database, when set up and the size is one of
//     BENCH_SCALE_STRAPI_SIZES (default 10k,100k)
//  4. one sample request per scenario to each server: a failed or wrong answer stops the run
// then, with every size's servers up, per round every scenario on every size in turn (app, then
// Strapi; warm-up + measured autocannon run), after-load RSS, and the tables on stdout and in
// bench/results-scale-<db>.md.
import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startChild, type ServerChild } from '../children';
import { BENCH_DIR, type LoadSettings } from '../config';
import { measure, type RunResult } from '../load';
import { evenSample, readScaleIds } from './ids';
import { statusMb } from './memory';
import { migrateScaleDatabase } from './prepare';
import { failureLines, growthTable, memoryLine, roundsLines, sizeTable, type Memory, type ScenarioRow, type SizeResult } from './report';
import { loadOptions, selectedScaleScenarios, type ScaleIds, type ScaleScenario } from './scenarios';
import { scaleDatabase } from './seed';
import { parseSize, scaleDbs, scaleSizes, type ScaleDb, type ScaleSize } from './sizes';
import { startStrapiOn, strapiDatabase, strapiUnavailable, type RunningStrapi } from './strapi';

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got ${JSON.stringify(raw)})`);
  return n;
}

/** Defaults: 12 scenarios × 2 rounds × (1 s + 4 s) = 2 min per server per size. */
function scaleSettings(): LoadSettings {
  return {
    duration: envNumber('BENCH_SCALE_DURATION', 4),
    warmup: envNumber('BENCH_SCALE_WARMUP', 1),
    connections: envNumber('BENCH_CONNECTIONS', 10),
    rounds: envNumber('BENCH_SCALE_ROUNDS', 2),
  };
}

/** BENCH_SCALE_STRAPI_SIZES: the sizes Strapi runs at (default 10k,100k; `none` for none). */
function strapiSizes(): ScaleSize[] {
  const raw = process.env.BENCH_SCALE_STRAPI_SIZES ?? '10k,100k';
  return raw.trim() === 'none' ? [] : raw.split(',').filter((s) => s.trim()).map(parseSize);
}

/** Port of the Strapi child: inside this bench's range, away from the app's (port 0). */
const STRAPI_PORT = envNumber('BENCH_SCALE_STRAPI_PORT', 16_437);

interface Target {
  name: 'app' | 'Strapi';
  url: string;
  pid: number;
  ids: ScaleIds;
}

async function sample(target: Target, scenario: ScaleScenario): Promise<{ bytes: number; body: unknown }> {
  const req = scenario.request(target.ids);
  const res = await fetch(`${target.url}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${target.name} ${scenario.name}: ${req.method} ${req.path} answered ${res.status}: ${text.slice(0, 300)}`);
  const body: unknown = JSON.parse(text);
  const problem = scenario.check(body, target.ids);
  if (problem) throw new Error(`${target.name} ${scenario.name}: ${req.method} ${req.path}: ${problem}`);
  return { bytes: Buffer.byteLength(text), body };
}

/** The slugs of a list answer, to see that both servers answer the same articles. */
function slugs(body: unknown): string | undefined {
  const data = (body as { data?: unknown })?.data;
  const list = Array.isArray(data) ? data : (data as { articles?: unknown })?.articles;
  if (!Array.isArray(list)) return undefined;
  return list.map((d: { slug?: unknown; title?: unknown }) => String(d.slug ?? d.title)).join(',');
}

/**
 * Waits until `url` has finished the requests a run left in flight: autocannon stops sending when
 * its time is up, but a server may still be working through slow answers (a full-table scan per
 * request at 100k), which would be charged to the next scenario. A cheap request queued behind
 * them returns when they are done.
 */
async function drain(url: string): Promise<void> {
  const res = await fetch(`${url}/api/articles?pagination[pageSize]=1&pagination[withCount]=false`);
  await res.arrayBuffer();
}

function memoryOf(pid: number, idleMb: number): Memory {
  return { idleMb, afterMb: statusMb(pid, 'VmRSS'), peakMb: statusMb(pid, 'VmHWM') };
}

/** One size of one database, set up: its servers running, samples checked, runs collected. */
interface SizeSetup {
  db: ScaleDb;
  size: ScaleSize;
  targets: Target[];
  rows: ScenarioRow[];
  app: ServerChild;
  appIdle: number;
  strapi?: RunningStrapi;
  strapiIdle: number;
  strapiNote?: string;
  notes: string[];
}

/** Seeds (or reuses) and migrates the database of `size`, starts the app and Strapi on it, checks one answer per scenario. */
async function setUpSize(db: ScaleDb, size: ScaleSize, scenarios: ScaleScenario[], strapiPort: number, stack: (stop: () => Promise<void>) => void): Promise<SizeSetup> {
  log(`\n=== ${db} ${size.label} (${size.articles} articles) ===`);
  const seeded = await scaleDatabase(db, size, log);
  log(`${seeded.cached ? 'cached' : 'seeded'} ${seeded.url}${seeded.timing ? ` (seeded in ${(seeded.timing.ms / 1000).toFixed(1)} s)` : ''}`);
  const migrated = await migrateScaleDatabase(db, seeded.url);
  if (migrated.status !== 'up-to-date') log(`migrated to the current schema (${migrated.statements} statements, ${(migrated.durationMs / 1000).toFixed(1)} s)`);
  const notes: string[] = [];
  if (seeded.timing) notes.push(`seed: ${(seeded.timing.ms / 1000).toFixed(0)} s for ${size.articles} articles on ${db}`);
  const ids = await readScaleIds(db, seeded.url);
  const app = await startChild({ name: `app-${size.label}`, script: 'app-server.ts', env: { NODE_ENV: 'production', PORT: '0', DATABASE_URL: seeded.url, JWT_SECRET: 'bench-only-secret' } });
  stack(() => app.stop());
  await sleep(2000);
  const appIdle = statusMb(app.pid, 'VmRSS');
  log(`app ${app.url} (pid ${app.pid}), idle RSS ${appIdle.toFixed(0)} MB`);
  const targets: Target[] = [{ name: 'app', url: app.url, pid: app.pid, ids }];
  let strapiNote = strapiUnavailable();
  let strapi: RunningStrapi | undefined;
  let strapiIdle = 0;
  if (!strapiNote && !strapiSizes().some((s) => s.articles === size.articles)) strapiNote = 'not run at this size (BENCH_SCALE_STRAPI_SIZES)';
  // bench/strapi seeds Strapi's SQLite database only: beside the app on PostgreSQL it would not be the same setup.
  if (!strapiNote && db !== 'sqlite') strapiNote = 'runs beside the SQLite app only (its seeded database is SQLite)';
  if (!strapiNote) {
    const started = performance.now();
    const cached = await strapiDatabase(size, log);
    log(`Strapi database ${cached.file} (${cached.cached ? 'cached' : `seeded in ${((cached.seedMs ?? 0) / 1000).toFixed(0)} s`})`);
    const running = await startStrapiOn(cached.file, size, strapiPort, log);
    strapi = running;
    stack(() => running.stop());
    await sleep(2000);
    strapiIdle = statusMb(running.pid, 'VmRSS');
    log(`Strapi ${running.url} (pid ${running.pid}, up in ${((performance.now() - started) / 1000).toFixed(0)} s), idle RSS ${strapiIdle.toFixed(0)} MB`);
    targets.push({ name: 'Strapi', url: running.url, pid: running.pid, ids: { ...cached.ids, articles: evenSample(cached.ids.articles), deepArticles: evenSample(cached.ids.deepArticles) } });
  } else {
    log(`Strapi: ${strapiNote}`);
  }
  const rows: ScenarioRow[] = [];
  for (const scenario of scenarios) {
    const answers = await Promise.all(targets.map((t) => sample(t, scenario)));
    const [appSlugs, strapiSlugs] = answers.map((a) => slugs(a.body));
    if (answers.length > 1 && scenario.sameAnswer && appSlugs !== strapiSlugs) {
      notes.push(`${scenario.name}: the app and Strapi answer different articles (app ${String(appSlugs).slice(0, 80)}… Strapi ${String(strapiSlugs).slice(0, 80)}…)`);
    }
    rows.push({ scenario, app: [], strapi: [], appBytes: answers[0].bytes, strapiBytes: answers[1]?.bytes });
  }
  return { db, size, targets, rows, app, appIdle, strapi, strapiIdle, strapiNote, notes };
}

/**
 * The measured runs. Every size's servers run at once and each round visits every scenario on
 * every size in turn (app, then Strapi), so the machine's drift (this one is shared) falls on all
 * sizes alike, and the growth ratios compare runs minutes apart rather than a whole size apart.
 */
async function measureAll(setups: SizeSetup[], settings: LoadSettings): Promise<void> {
  const scenarioCount = setups[0]?.rows.length ?? 0;
  for (let round = 1; round <= settings.rounds; round++) {
    for (let i = 0; i < scenarioCount; i++) {
      for (const setup of setups) {
        const row = setup.rows[i];
        for (const target of setup.targets) {
          const r: RunResult = await measure(target.url, target.name, round, row.scenario.name, loadOptions(row.scenario, target.ids), settings);
          log(`  ${setup.db} ${setup.size.label.padEnd(4)} ${row.scenario.name.padEnd(16)} ${target.name.padEnd(6)} round ${round}: ${r.reqPerSec.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`);
          (target.name === 'app' ? row.app : row.strapi).push(r);
          await drain(target.url);
        }
      }
    }
  }
}

function resultOf(setup: SizeSetup): SizeResult {
  return {
    db: setup.db,
    size: setup.size,
    rows: setup.rows,
    memory: memoryOf(setup.app.pid, setup.appIdle),
    strapiNote: setup.strapiNote,
    strapiMemory: setup.strapi ? memoryOf(setup.strapi.pid, setup.strapiIdle) : undefined,
    notes: setup.notes,
  };
}

function markdown(byDb: SizeResult[][], settings: LoadSettings): string {
  const cpu = cpus();
  const out = [
    '# Scale benchmark results (generated by `BENCH_MODE=scale npm run bench`)',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}`,
    '',
    `${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s measured per run, ${settings.rounds} rounds; every size's servers run at once, and each round visits every scenario on every size in turn (app, then Strapi).`,
    '"× slower" = req/s at the smallest size / req/s at this size. "index": whether an index can answer the scenario (the 2× target applies to those).',
    '',
  ];
  for (const results of byDb) {
    if (results.length === 0) continue;
    out.push(`## ${results[0].db}: growth`, '', growthTable(results), '');
    for (const r of results) {
      out.push(`### ${r.db} ${r.size.label} (${r.size.articles} articles)`, '', sizeTable(r, results[0]), '');
      out.push(`- ${memoryLine(r)}`);
      if (r.strapiNote) out.push(`- Strapi: ${r.strapiNote}`);
      for (const line of [...roundsLines(r), ...failureLines(r), ...r.notes]) out.push(`- ${line}`);
      out.push('');
    }
  }
  return out.join('\n');
}

export async function runScaleMode(): Promise<void> {
  const settings = scaleSettings();
  const scenarios = selectedScaleScenarios();
  const sizes = scaleSizes();
  const byDb: SizeResult[][] = [];
  const started = performance.now();
  for (const db of scaleDbs()) {
    const stops: (() => Promise<void>)[] = [];
    try {
      const setups: SizeSetup[] = [];
      for (const [k, size] of sizes.entries()) setups.push(await setUpSize(db, size, scenarios, STRAPI_PORT + k, (stop) => stops.push(stop)));
      await measureAll(setups, settings);
      byDb.push(setups.map(resultOf));
    } finally {
      for (const stop of stops.reverse()) await stop();
    }
  }
  const text = markdown(byDb, settings);
  log(`\n${text}`);
  // One file per database set, so a PostgreSQL run does not overwrite the SQLite tables.
  const file = join(BENCH_DIR, `results-scale-${scaleDbs().join('-')}.md`);
  writeFileSync(file, text);
  log(`Wrote ${file} (${((performance.now() - started) / 60_000).toFixed(1)} min)`);
  if (byDb.some((results) => results.some((r) => failureLines(r).length > 0))) {
    log('\n!!! Some requests failed (see above): those rows are not valid measurements.');
    process.exitCode = 1;
  }
}
