// The second table of `npm run bench`: app scenarios as ratios to a baseline scenario of the same
// app, measured in the same rotation. Rounds are averaged as in the floor table.
import type { AppScenarioRuns } from './app-phase';
import type { RunResult } from './load';
import { cpuPerRequest, cpuPerRound, cpuShare } from './report';

export const APP_TABLE_TITLE = 'app scenarios (ratio to a baseline scenario of the same app)';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
const fmt = (n: number, digits = 0) => n.toFixed(digits);
const reqPerSec = (runs: RunResult[]) => mean(runs.map((r) => r.reqPerSec));

/** `0`, or the failed count with its statuses, e.g. `37 (401×37)`. */
function failures(runs: RunResult[]): string {
  const codes = new Map<string, number>();
  let errors = 0;
  for (const r of runs) {
    errors += r.errors;
    for (const [code, count] of Object.entries(r.statusCodes)) if (!code.startsWith('2')) codes.set(code, (codes.get(code) ?? 0) + count);
  }
  const non2xx = [...codes.values()].reduce((a, b) => a + b, 0);
  if (non2xx + errors === 0) return '0';
  const parts = [...[...codes].map(([code, count]) => `${code}×${count}`), ...(errors ? [`errors×${errors}`] : [])];
  return `**${non2xx + errors}** (${parts.join(', ')})`;
}

export function appMarkdownTable(results: AppScenarioRuns[]): string {
  const byName = new Map(results.map((r) => [r.scenario.name, r]));
  const header = '| scenario | baseline | req/s | baseline req/s | ratio | CPU µs/request | ratio by CPU | target | p50 / p99 (ms) | non-2xx / errors |';
  const rule = '|---|---|---:|---:|---:|---:|---:|---|---:|---:|';
  const rows = results.map(({ scenario, runs }) => {
    const base = scenario.baseline ? byName.get(scenario.baseline) : undefined;
    const own = reqPerSec(runs);
    const baseRate = base ? reqPerSec(base.runs) : undefined;
    const rate = fmt(own, own < 100 ? 1 : 0);
    return [
      scenario.name,
      scenario.baseline ?? '—',
      failures(runs) === '0' ? rate : `**VOID** (${rate})`,
      baseRate === undefined ? '—' : fmt(baseRate, baseRate < 100 ? 1 : 0),
      baseRate === undefined ? '—' : `${fmt((own / baseRate) * 100)}%`,
      fmt(cpuPerRequest(runs) ?? NaN),
      base ? cpuShare(runs, base.runs) : '—',
      scenario.target,
      `${fmt(mean(runs.map((r) => r.p50)), 1)} / ${fmt(mean(runs.map((r) => r.p99)), 1)}`,
      failures(runs),
    ];
  });
  return [header, rule, ...rows.map((cells) => `| ${cells.join(' | ')} |`)].join('\n');
}

/** Per-round req/s of every scenario, e.g. `login: 17.2, 18.0 req/s per round`. */
export function appRoundsLines(results: AppScenarioRuns[]): string[] {
  return results.map(({ scenario, runs }) => `${scenario.name}: ${runs.map((r) => fmt(r.reqPerSec, 1)).join(', ')} req/s per round (µs CPU/request: ${cpuPerRound(runs)})`);
}

/** A 401 or 429 in a run means it measured a refusal, not the scenario: the bench exits non-zero. */
export function appFailureWarnings(results: AppScenarioRuns[]): string[] {
  return results.flatMap(({ runs }) =>
    runs
      .filter((r) => r.non2xx > 0 || r.errors > 0)
      .map((r) => `!!! FAILED: app scenario ${r.scenario} round ${r.round}: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}, ${r.errors} errors/timeouts — its numbers are meaningless`),
  );
}
