// What each scale scenario asks the database, and how the database answers it: boots the app
// in-process on a seeded scale database, sends one request per scenario, captures the statements
// the engine runs for it, then prints each statement's plan (SQLite: EXPLAIN QUERY PLAN;
// PostgreSQL: EXPLAIN ANALYZE) and its time (best of 3 runs).
//
//   node --import tsx bench/scale/explain.ts 100k [sqlite|postgres] [scenario,…]
//   node --import tsx bench/scale/explain.ts --table 1k,10k,100k,1m [sqlite|postgres]   (SQL ms per scenario and size)
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startApp } from '@cms-gen/runtime';
import type { Db, SqlValue } from '../../runtime/db/types';
import { loadAppDefinition } from '../app-definition';
import { HOST } from '../config';
import { readScaleIds } from './ids';
import { migrateScaleDatabase } from './prepare';
import { selectedScaleScenarios, type ScaleScenario } from './scenarios';
import { scaleDatabase } from './seed';
import { parseSize, type ScaleDb, type ScaleSize } from './sizes';

interface Captured {
  sql: string;
  params: readonly SqlValue[];
}

/** Runs `fn`, returning the SELECTs it sent through `db` (the root Db: reads do not use transactions). */
async function capture(db: Db, fn: () => Promise<void>): Promise<Captured[]> {
  const captured: Captured[] = [];
  const original = db.query.bind(db);
  db.query = (sql, params = []) => {
    if (/^\s*select/i.test(sql)) captured.push({ sql, params });
    return original(sql, params);
  };
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return captured;
}

async function bestOf(db: Db, c: Captured, runs = 3): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await db.query(c.sql, c.params);
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

async function plan(db: Db, c: Captured): Promise<string> {
  if (db.dialect === 'sqlite') {
    const rows = await db.query(`EXPLAIN QUERY PLAN ${c.sql}`, c.params);
    return rows.map((r) => `    ${String(r.detail)}`).join('\n');
  }
  const rows = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${c.sql}`, c.params);
  return rows.map((r) => `    ${String(r['QUERY PLAN'])}`).join('\n');
}

interface ScenarioSql {
  status: number;
  statements: number;
  /** Sum over the statements of each one's best-of-3 time. */
  sqlMs: number;
}

/** Boots the app on the seeded database of `size`, sends each scenario once, times (and with `plans`, prints) its statements. */
async function explainSize(size: ScaleSize, dbName: ScaleDb, scenarios: ScaleScenario[], plans: boolean, log: (line: string) => void): Promise<Map<string, ScenarioSql>> {
  const seeded = await scaleDatabase(dbName, size, log);
  await migrateScaleDatabase(dbName, seeded.url);
  const ids = await readScaleIds(dbName, seeded.url);
  process.env.DATABASE_URL = seeded.url;
  process.env.NODE_ENV = 'production';
  process.env.JWT_SECRET ??= 'bench-only-secret';
  const running = await startApp(loadAppDefinition(), { port: 0, host: HOST, log: () => undefined });
  const base = `http://${HOST}:${(running.server.address() as AddressInfo).port}`;
  const out = new Map<string, ScenarioSql>();
  try {
    const db = running.engine.db;
    for (const scenario of scenarios) {
      const req = scenario.request(ids);
      let status = 0;
      let ms = 0;
      // Counts are timed as they cost when counted (the fixture's bootstrap has already counted
      // the published articles, and one scenario's count would serve the next).
      running.engine.counts.clear();
      const statements = await capture(db, async () => {
        const t = performance.now();
        // A fresh connection per request: timing a slow statement three times outlasts the
        // server's keep-alive, and a reused socket would be reset.
        const res = await fetch(`${base}${req.path}`, { method: req.method, headers: { ...req.headers, connection: 'close' }, body: req.body });
        await res.arrayBuffer();
        status = res.status;
        ms = performance.now() - t;
      });
      // The cache probe is not SQL work of the scenario (and the count it would skip is timed).
      const work = statements.filter((c) => !(/ AS v$/.test(c.sql) && !/FROM "/.test(c.sql)));
      if (plans) log(`\n## ${scenario.name}: ${req.method} ${req.path.slice(0, 160)} → ${status} in ${ms.toFixed(1)} ms, ${work.length} statements`);
      let sqlMs = 0;
      for (const c of work) {
        const best = await bestOf(db, c);
        sqlMs += best;
        if (!plans) continue;
        log(`  ${best.toFixed(2)} ms  ${c.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
        log(await plan(db, c));
      }
      out.set(scenario.name, { status, statements: work.length, sqlMs });
    }
  } finally {
    await running.close();
  }
  return out;
}

async function main(): Promise<void> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const args = process.argv.slice(2);
  const table = args[0] === '--table';
  if (table) args.shift();
  const sizes = (args[0] ?? '100k').split(',').map(parseSize);
  const dbName = (args[1] ?? 'sqlite') as ScaleDb;
  const scenarios = selectedScaleScenarios(args[2]);
  const results: Map<string, ScenarioSql>[] = [];
  for (const size of sizes) results.push(await explainSize(size, dbName, scenarios, !table, log));
  if (!table) return;
  log(`\nSQL time per request on ${dbName} (ms, sum of each statement's best of 3; counts uncached):\n`);
  log(`| scenario | statements | ${sizes.map((s) => s.label).join(' | ')} |`);
  log(`|---|---:|${sizes.map(() => '---:').join('|')}|`);
  for (const scenario of scenarios) {
    const cells = results.map((r) => (r.get(scenario.name)?.sqlMs ?? NaN).toFixed(2));
    log(`| ${scenario.name} | ${results[0].get(scenario.name)?.statements ?? '?'} | ${cells.join(' | ')} |`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
