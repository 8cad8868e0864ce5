// The scale mode's tables: per database, one growth table (req/s per size and how many times
// slower than at the smallest size) and, per size, the app beside Strapi with latencies and memory.
import type { RunResult } from '../load';
import type { ScaleScenario } from './scenarios';
import type { ScaleDb, ScaleSize } from './sizes';

export interface ScenarioRow {
  scenario: ScaleScenario;
  app: RunResult[];
  /** Empty when Strapi did not run at this size. */
  strapi: RunResult[];
  /** Answer sizes of the sample request (bytes). */
  appBytes: number;
  strapiBytes?: number;
}

export interface Memory {
  /** VmRSS after start-up and 2 s of quiet, before any request (MB). */
  idleMb: number;
  /** VmRSS right after the last scenario (MB). */
  afterMb: number;
  /** VmHWM over the whole run (MB). */
  peakMb: number;
}

export interface SizeResult {
  db: ScaleDb;
  size: ScaleSize;
  rows: ScenarioRow[];
  memory: Memory;
  /** Why there is no Strapi column (not set up, above its size limit…), if there is none. */
  strapiNote?: string;
  strapiMemory?: Memory;
  notes: string[];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
const reqs = (runs: RunResult[]) => mean(runs.map((r) => r.reqPerSec));
const fmtRate = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const latency = (runs: RunResult[]) => `${mean(runs.map((r) => r.p50)).toFixed(1)} / ${mean(runs.map((r) => r.p99)).toFixed(1)}`;
const failed = (runs: RunResult[]) => runs.some((r) => r.non2xx > 0 || r.errors > 0);
const rate = (runs: RunResult[]) => (runs.length === 0 ? '—' : `${fmtRate(reqs(runs))}${failed(runs) ? ' **VOID**' : ''}`);

/** How many times slower than at the smallest size (req/s there / req/s here). */
export function growth(smallest: RunResult[], here: RunResult[]): number {
  return reqs(smallest) / reqs(here);
}

/** Scenario × size: req/s and, after the first size, "×" slower than the first. */
export function growthTable(results: SizeResult[]): string {
  const sizes = results.map((r) => r.size.label);
  const header = `| scenario | index | ${sizes.map((s, i) => (i === 0 ? `${s} req/s` : `${s} req/s (× slower)`)).join(' | ')} |`;
  const rule = `|---|---|${sizes.map(() => '---:').join('|')}|`;
  const base = results[0];
  const lines = base.rows.map((row, i) => {
    const cells = results.map((r, k) => {
      const here = r.rows[i].app;
      return k === 0 ? rate(here) : `${rate(here)} (${growth(base.rows[i].app, here).toFixed(2)}×)`;
    });
    return `| ${row.scenario.name} | ${row.scenario.flat ? 'yes' : 'no'} | ${cells.join(' | ')} |`;
  });
  const memory = `| RSS idle / after (MB) | | ${results.map((r) => `${r.memory.idleMb.toFixed(0)} / ${r.memory.afterMb.toFixed(0)}`).join(' | ')} |`;
  return [header, rule, ...lines, memory].join('\n');
}

/** One size: the app, Strapi beside it, and the ratio. */
export function sizeTable(result: SizeResult, smallest: SizeResult): string {
  const header = '| scenario | app req/s | app p50 / p99 (ms) | × slower than ' + smallest.size.label + ' | Strapi req/s | Strapi p50 / p99 (ms) | app / Strapi | bytes app / Strapi |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|';
  const lines = result.rows.map((row, i) => {
    const strapi = row.strapi.length ? reqs(row.strapi) : undefined;
    return [
      row.scenario.name,
      rate(row.app),
      latency(row.app),
      `${growth(smallest.rows[i].app, row.app).toFixed(2)}×`,
      row.strapi.length ? rate(row.strapi) : '—',
      row.strapi.length ? latency(row.strapi) : '—',
      strapi ? `${(reqs(row.app) / strapi).toFixed(1)}×` : '—',
      `${row.appBytes} / ${row.strapiBytes ?? '—'}`,
    ];
  });
  return [header, rule, ...lines.map((cells) => `| ${cells.join(' | ')} |`)].join('\n');
}

export function memoryLine(result: SizeResult): string {
  const m = result.memory;
  const strapi = result.strapiMemory ? `; Strapi ${result.strapiMemory.idleMb.toFixed(0)} / ${result.strapiMemory.afterMb.toFixed(0)} / ${result.strapiMemory.peakMb.toFixed(0)} MB` : '';
  return `RSS idle / after load / peak: app ${m.idleMb.toFixed(0)} / ${m.afterMb.toFixed(0)} / ${m.peakMb.toFixed(0)} MB${strapi}`;
}

/** Per-round req/s of every scenario, so round-to-round noise shows beside the means. */
export function roundsLines(result: SizeResult): string[] {
  return result.rows.map((row) => {
    const list = (runs: RunResult[]) => runs.map((r) => fmtRate(r.reqPerSec)).join(', ');
    return `${row.scenario.name}: app ${list(row.app)}${row.strapi.length ? ` · Strapi ${list(row.strapi)}` : ''} req/s per round`;
  });
}

export function failureLines(result: SizeResult): string[] {
  return result.rows.flatMap((row) =>
    [...row.app, ...row.strapi]
      .filter((r) => r.non2xx > 0 || r.errors > 0)
      .map((r) => `!!! ${result.db} ${result.size.label} ${r.scenario} on ${r.server} round ${r.round}: ${r.non2xx} non-2xx (${JSON.stringify(r.statusCodes)}), ${r.errors} errors/timeouts`),
  );
}
