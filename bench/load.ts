// One measured run: an unmeasured warm-up (JIT, statement caches, keep-alive sockets), then the
// measured autocannon run against one server for one scenario.

/** What autocannon sends for one scenario (url, connections and duration come from the settings). */
export type LoadOptions = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests' | 'timeout'>;
import autocannon from 'autocannon';
import type { LoadSettings } from './config';
import { cpuMs } from './process-cpu';

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
  /** Responses per HTTP status, e.g. { '200': 812 } (a 401 or 429 here means the run is void). */
  statusCodes: Record<string, number>;
  /** Main-thread CPU of the server per completed request (µs), when its pid was given. */
  cpuUsPerRequest?: number;
}

/** `pid`: the serving process, whose main-thread CPU over the measured run is divided by its requests. */
export async function measure(url: string, server: string, round: number, scenario: string, load: LoadOptions, settings: LoadSettings, pid?: number): Promise<RunResult> {
  const base = { url, connections: settings.connections, ...load };
  await autocannon({ ...base, duration: settings.warmup });
  const cpuBefore = pid === undefined ? 0 : cpuMs(pid);
  const r = await autocannon({ ...base, duration: settings.duration, title: `${scenario} ${server} #${round}` });
  const cpuUsed = pid === undefined ? 0 : cpuMs(pid) - cpuBefore;
  return {
    scenario,
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
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
    ...(pid !== undefined && r.requests.total > 0 ? { cpuUsPerRequest: (cpuUsed * 1000) / r.requests.total } : {}),
  };
}
