// What each scale scenario asks the database, and how the database answers it: boots the app
// in-process on a seeded scale database, sends one request per scenario, captures the statements
// the engine runs for it, then prints each statement's plan (SQLite: EXPLAIN QUERY PLAN;
// PostgreSQL: EXPLAIN ANALYZE) and its time (best of 3 runs).
//
//   node --import tsx bench/scale/explain.ts 100k [sqlite|postgres] [scenario,…]
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startApp } from '../../runtime';
import type { Db, SqlValue } from '../../runtime/db/types';
import { loadAppDefinition } from '../app-definition';
import { HOST } from '../config';
import { readScaleIds } from './ids';
import { migrateScaleDatabase } from './prepare';
import { selectedScaleScenarios } from './scenarios';
import { scaleDatabase } from './seed';
import { parseSize, type ScaleDb } from './sizes';

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

async function main(): Promise<void> {
  const size = parseSize(process.argv[2] ?? '100k');
  const dbName = (process.argv[3] ?? 'sqlite') as ScaleDb;
  const scenarios = selectedScaleScenarios(process.argv[4]);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const seeded = await scaleDatabase(dbName, size, log);
  await migrateScaleDatabase(dbName, seeded.url);
  const ids = await readScaleIds(dbName, seeded.url);
  process.env.DATABASE_URL = seeded.url;
  process.env.NODE_ENV = 'production';
  process.env.JWT_SECRET ??= 'bench-only-secret';
  const running = await startApp(loadAppDefinition(), { port: 0, host: HOST, log: () => undefined });
  const base = `http://${HOST}:${(running.server.address() as AddressInfo).port}`;
  try {
    const db = running.engine.db;
    for (const scenario of scenarios) {
      const req = scenario.request(ids);
      let status = 0;
      let ms = 0;
      const statements = await capture(db, async () => {
        const t = performance.now();
        const res = await fetch(`${base}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
        await res.arrayBuffer();
        ms = performance.now() - t;
        status = res.status;
      });
      log(`\n## ${scenario.name}: ${req.method} ${req.path.slice(0, 160)} → ${status} in ${ms.toFixed(1)} ms, ${statements.length} statements`);
      for (const c of statements) {
        log(`  ${(await bestOf(db, c)).toFixed(2)} ms  ${c.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
        log(await plan(db, c));
      }
    }
  } finally {
    await running.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
