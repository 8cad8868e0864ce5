// BENCH_BASELINE's table: today's app / the baseline commit's app per scenario, from the runs of
// both phases (the floor comparisons, where the two apps alternate with the floor, and the app
// scenarios, where they alternate scenario by scenario), plus today's app / floor and GraphQL / REST.
import type { AppPhaseResult, AppScenarioRuns } from './app-phase';
import type { RunResult } from './load';
import { cpuShare, type ScenarioSummary } from './report';
import type { Scenario, SeedIds } from './scenarios';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
const rate = (runs: RunResult[] | undefined) => (runs && runs.length ? mean(runs.map((r) => r.reqPerSec)) : undefined);
const num = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(n < 100 ? 1 : 0));
const pct = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? '—' : `${((a / b) * 100).toFixed(0)}%`);
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? '—' : (a / b).toFixed(2));

/** Sizes of one sample answer per scenario from both apps: same article (same seed position), so the same bytes up to ids. */
export async function compareBaselinePayloads(scenarios: Scenario[], ids: SeedIds, oldIds: SeedIds, appUrl: string, oldUrl: string): Promise<{ text: string; problems: string[] }> {
  const lines = ['Payloads, today / baseline:'];
  const problems: string[] = [];
  for (const scenario of scenarios) {
    const answers = await Promise.all(
      [
        [appUrl, scenario.sample(ids)],
        [oldUrl, scenario.sample(oldIds)],
      ].map(async ([base, req]) => {
        const r = req as { method: string; path: string; body?: string };
        const res = await fetch(`${base as string}${r.path}`, { method: r.method, headers: r.body ? { 'content-type': 'application/json' } : {}, body: r.body });
        return { status: res.status, bytes: Buffer.byteLength(await res.text()) };
      }),
    );
    const [today, old] = answers;
    lines.push(`  ${scenario.name}: ${today.bytes} B (${today.status}) / ${old.bytes} B (${old.status})`);
    if (today.status !== old.status) problems.push(`${scenario.name}: status ${today.status} against ${old.status}`);
    else if (Math.abs(today.bytes - old.bytes) > 0.05 * Math.max(today.bytes, old.bytes)) problems.push(`${scenario.name}: ${today.bytes} B against ${old.bytes} B`);
  }
  return { text: lines.join('\n'), problems };
}

/** The runs of one app scenario, when it was measured. */
function appRuns(results: AppScenarioRuns[] | undefined, name: string): RunResult[] | undefined {
  return results?.find((r) => r.scenario.name === name)?.runs;
}

function appRate(results: AppScenarioRuns[] | undefined, name: string): number | undefined {
  return rate(appRuns(results, name));
}

export function baselineTable(floor: ScenarioSummary[], app: AppPhaseResult | undefined): string {
  const header = '| scenario | phase | today req/s | baseline req/s | **today / baseline** | by CPU | floor req/s | today / floor | by CPU | baseline / floor |';
  const rule = '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const rows = floor.map((s) => {
    const [t, o, f] = [rate(s.app), rate(s.old), rate(s.floor)];
    return [s.scenario, 'floor', num(t), num(o), `**${ratio(t, o)}**`, cpuShare(s.app, s.old), num(f), pct(t, f), cpuShare(s.app, s.floor), pct(o, f)];
  });
  for (const entry of app?.results ?? []) {
    const t = rate(entry.runs);
    const o = appRate(app?.old, entry.scenario.name);
    rows.push([entry.scenario.name, 'app', num(t), num(o), `**${ratio(t, o)}**`, cpuShare(entry.runs, appRuns(app?.old, entry.scenario.name)), '—', '—', '—', '—']);
  }
  return [header, rule, ...rows.map((cells) => `| ${cells.join(' | ')} |`)].join('\n');
}

export function baselineLines(floor: ScenarioSummary[], app: AppPhaseResult | undefined): string[] {
  const lines: string[] = [];
  for (const s of floor) lines.push(`${s.scenario}: today ${s.app.map((r) => r.reqPerSec.toFixed(0)).join(', ')} · baseline ${(s.old ?? []).map((r) => r.reqPerSec.toFixed(0)).join(', ')} · floor ${s.floor.map((r) => r.reqPerSec.toFixed(0)).join(', ')} req/s per round`);
  for (const [who, results] of [
    ['today', app?.results],
    ['baseline', app?.old],
  ] as const) {
    const [graphql, fields, populate] = ['graphql-list', 'list-fields', 'list-populate'].map((name) => appRuns(results, name));
    const gql = rate(graphql);
    if (gql === undefined) continue;
    lines.push(
      `${who}: graphql-list / list-fields ${pct(gql, rate(fields))} (by CPU ${cpuShare(graphql, fields)}), graphql-list / list-populate ${pct(gql, rate(populate))} (by CPU ${cpuShare(graphql, populate)}) (REST lists of the same rotation)`,
    );
  }
  return lines;
}
