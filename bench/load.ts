// One measured run: an unmeasured warm-up (JIT, statement caches, keep-alive sockets), then the
// measured autocannon run against one server for one scenario.
import autocannon from 'autocannon';
import type { LoadSettings } from './config';
import type { Scenario, SeedIds } from './scenarios';

export interface RunResult {
  scenario: string;
  server: string;
  round: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export async function measure(url: string, server: string, round: number, scenario: Scenario, ids: SeedIds, settings: LoadSettings): Promise<RunResult> {
  const base = { url, connections: settings.connections, ...scenario.load(ids) };
  await autocannon({ ...base, duration: settings.warmup });
  const r = await autocannon({ ...base, duration: settings.duration, title: `${scenario.name} ${server} #${round}` });
  return {
    scenario: scenario.name,
    server,
    round,
    // Completed requests over the run's wall time (autocannon's per-second average drops the
    // partial last second).
    reqPerSec: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
