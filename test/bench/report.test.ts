// The benchmark's report: throughput ratios beside the same ratios by CPU per request, which the
// other work on a shared machine sways far less (bench/process-cpu.ts).
import { appMarkdownTable } from '../../bench/app-report';
import { baselineLines } from '../../bench/baseline-report';
import type { AppScenario } from '../../bench/app-scenarios';
import type { RunResult } from '../../bench/load';
import { cpuPerRequest, cpuShare, markdownTable, roundsLine } from '../../bench/report';

const run = (server: string, reqPerSec: number, cpuUsPerRequest?: number): RunResult => ({
  scenario: 's',
  server,
  round: 1,
  reqPerSec,
  p50: 1,
  p99: 2,
  requests: reqPerSec * 10,
  non2xx: 0,
  errors: 0,
  statusCodes: { '200': reqPerSec * 10 },
  ...(cpuUsPerRequest === undefined ? {} : { cpuUsPerRequest }),
});

describe('CPU per request in the bench report', () => {
  it('averages the runs that measured it and leaves out those that did not', () => {
    expect(cpuPerRequest([run('app', 100, 120), run('app', 90, 100), run('app', 80)])).toBe(110);
    expect(cpuPerRequest([run('app', 100)])).toBeUndefined();
    expect(cpuPerRequest(undefined)).toBeUndefined();
  });

  it("gives a's throughput as a share of b's: b's CPU per request over a's", () => {
    expect(cpuShare([run('app', 1, 120)], [run('floor', 1, 60)])).toBe('50%');
    expect(cpuShare([run('app', 1, 100)], [run('floor', 1, 150)])).toBe('150%');
    expect(cpuShare([run('app', 1)], [run('floor', 1, 60)])).toBe('—');
  });

  it('puts both ratios in the floor table and each round in the rounds line', () => {
    const summary = { scenario: 'get-one', app: [run('app', 3000, 118), run('app', 3200, 122)], floor: [run('floor', 7000, 61), run('floor', 7100, 59)], appPeakMb: 150, floorPeakMb: 100 };
    const table = markdownTable([summary]);
    expect(table.split('\n')[0]).toContain('| app/floor | CPU µs/request app / floor | app/floor by CPU |');
    expect(table.split('\n')[2]).toBe('| get-one | 3100 | 7050 | 44% | 120 / 60 | 50% | 1.0 / 2.0 | 1.0 / 2.0 | 0 / 0 | 150 / 100 |');
    expect(roundsLine(summary)).toBe('get-one: app 3000, 3200 · floor 7000, 7100 req/s per round (µs CPU/request: app 118, 122 · floor 61, 59)');
  });

  it('rates an app scenario against its baseline scenario by CPU too', () => {
    const scenario = (name: string, baseline?: string): AppScenario => ({ name, baseline, target: name === 'graphql-list' ? '≥ 80%' : 'report' }) as unknown as AppScenario;
    const table = appMarkdownTable([
      { scenario: scenario('list-fields'), runs: [run('app', 800, 1200)] },
      { scenario: scenario('graphql-list', 'list-fields'), runs: [run('app', 600, 1000)] },
    ]);
    expect(table.split('\n')[3]).toBe('| graphql-list | list-fields | 600 | 800 | 75% | 1000 | 120% | ≥ 80% | 1.0 / 2.0 | 0 |');
  });

  it("compares GraphQL's list with REST's by req/s and by CPU, today's app and the baseline's", () => {
    const scenario = (name: string) => ({ name, target: 'report' }) as unknown as AppScenario;
    const runs = (gql: [number, number], fields: [number, number], populate: [number, number]) => [
      { scenario: scenario('list-populate'), runs: [run('app', ...populate)] },
      { scenario: scenario('list-fields'), runs: [run('app', ...fields)] },
      { scenario: scenario('graphql-list'), runs: [run('app', ...gql)] },
    ];
    const lines = baselineLines([], { results: runs([900, 1100], [1000, 1000], [500, 2000]), old: runs([500, 2000], [1000, 1000], [500, 2000]), notes: [] });
    expect(lines).toEqual([
      'today: graphql-list / list-fields 90% (by CPU 91%), graphql-list / list-populate 180% (by CPU 182%) (REST lists of the same rotation)',
      'baseline: graphql-list / list-fields 50% (by CPU 50%), graphql-list / list-populate 100% (by CPU 100%) (REST lists of the same rotation)',
    ]);
  });
});
