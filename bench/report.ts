// Turns the runs into the README-ready markdown table. Rounds are averaged per server; the per-round
// req/s are listed too, so noise between rounds is visible next to the mean.
import type { RunResult } from './load';

export interface ScenarioSummary {
  scenario: string;
  app: RunResult[];
  floor: RunResult[];
  /** BENCH_BASELINE: the baseline commit's app, alternated with the two others. */
  old?: RunResult[];
  /** VmHWM (MB) of each server right after the scenario: peak so far, so it only grows. */
  appPeakMb: number;
  floorPeakMb: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const fmt = (n: number, digits = 0) => n.toFixed(digits);

/**
 * Mean main-thread CPU per request (µs) over runs that measured it; undefined when none did. Its
 * inverse ratio (`b / a`) is a throughput ratio that the other work on the cores sways far less
 * than req/s (bench/process-cpu.ts).
 */
export function cpuPerRequest(runs: readonly RunResult[] | undefined): number | undefined {
  const measured = (runs ?? []).flatMap((r) => (r.cpuUsPerRequest === undefined ? [] : [r.cpuUsPerRequest]));
  return measured.length ? mean(measured) : undefined;
}

/** `a`'s throughput as a share of `b`'s by CPU per request (b's µs over a's), e.g. `51%`; `—` when unmeasured. */
export function cpuShare(a: readonly RunResult[] | undefined, b: readonly RunResult[] | undefined): string {
  const [ua, ub] = [cpuPerRequest(a), cpuPerRequest(b)];
  return ua === undefined || ub === undefined || ua === 0 ? '—' : `${fmt((ub / ua) * 100)}%`;
}

const cpuPair = (a: readonly RunResult[], b: readonly RunResult[]) => `${fmt(cpuPerRequest(a) ?? NaN)} / ${fmt(cpuPerRequest(b) ?? NaN)}`;

/** Each run's CPU per request (µs), e.g. `120, 118` (`—` for a run that did not measure it). */
export const cpuPerRound = (runs: readonly RunResult[]): string => runs.map((r) => (r.cpuUsPerRequest === undefined ? '—' : fmt(r.cpuUsPerRequest))).join(', ');

export function markdownTable(summaries: ScenarioSummary[]): string {
  const header =
    '| scenario | app req/s | floor req/s | app/floor | CPU µs/request app / floor | app/floor by CPU | app p50 / p99 (ms) | floor p50 / p99 (ms) | non-2xx app / floor | peak RSS app / floor (MB) |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const rows = summaries.map((s) => {
    const app = mean(s.app.map((r) => r.reqPerSec));
    const floor = mean(s.floor.map((r) => r.reqPerSec));
    return [
      s.scenario,
      fmt(app),
      fmt(floor),
      `${fmt((app / floor) * 100)}%`,
      cpuPair(s.app, s.floor),
      cpuShare(s.app, s.floor),
      `${fmt(mean(s.app.map((r) => r.p50)), 1)} / ${fmt(mean(s.app.map((r) => r.p99)), 1)}`,
      `${fmt(mean(s.floor.map((r) => r.p50)), 1)} / ${fmt(mean(s.floor.map((r) => r.p99)), 1)}`,
      `${sum(s.app.map((r) => r.non2xx + r.errors))} / ${sum(s.floor.map((r) => r.non2xx + r.errors))}`,
      `${fmt(s.appPeakMb)} / ${fmt(s.floorPeakMb)}`,
    ];
  });
  return [header, rule, ...rows.map((cells) => `| ${cells.join(' | ')} |`)].join('\n');
}

/** Per-round req/s and CPU per request, e.g. `app 812, 790 · floor 2410, 2388 req/s per round (µs CPU/request: app 120, 118 · floor 61, 60)`. */
export function roundsLine(s: ScenarioSummary): string {
  const list = (runs: RunResult[]) => runs.map((r) => fmt(r.reqPerSec)).join(', ');
  const cpu = `app ${cpuPerRound(s.app)} · floor ${cpuPerRound(s.floor)}${s.old ? ` · baseline ${cpuPerRound(s.old)}` : ''}`;
  return `${s.scenario}: app ${list(s.app)} · floor ${list(s.floor)}${s.old ? ` · baseline ${list(s.old)}` : ''} req/s per round (µs CPU/request: ${cpu})`;
}

/** Loud warnings for any failed request: a throughput with errors in it is not comparable. */
export function failureWarnings(summaries: ScenarioSummary[]): string[] {
  const warnings: string[] = [];
  for (const s of summaries) {
    for (const r of [...s.app, ...s.floor, ...(s.old ?? [])]) {
      if (r.non2xx > 0 || r.errors > 0) warnings.push(`!!! WARNING: ${r.scenario} on ${r.server} round ${r.round}: ${r.non2xx} non-2xx responses, ${r.errors} errors/timeouts`);
    }
  }
  return warnings;
}
