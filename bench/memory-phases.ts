// The loaded phases of bench/idle-memory.ts, run against one compiled app process on a copy of the
// bench's seeded database (10,000 articles): the bench's own scenarios one after the other (the
// RSS the app keeps after `npm run bench`), then the two workloads whose memory must stay bounded
// (a list of 100 deeply populated documents, a 100 MB upload). RSS is read from /proc/<pid>/status:
// sampled every 10 ms during a phase for its peak, once after 2 s of quiet for what stays.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { APP_SCENARIOS, DEEP_POPULATE, type AppContext } from './app-scenarios';
import type { LoadOptions } from './load';
import { SCENARIOS, type SeedIds } from './scenarios';
import { upload, writeFile } from './upload-memory';

const MB = 1024 * 1024;

export function statusMb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${key}:`));
  if (!line) throw new Error(`no ${key} for pid ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

const quiet = (ms = 2000) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while sampling RSS; returns its result, the RSS before and the peak during it. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; beforeMb: number; peakMb: number }> {
  const beforeMb = statusMb(pid, 'VmRSS');
  let peakMb = beforeMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, statusMb(pid, 'VmRSS'))), 10);
  try {
    const result = await work();
    return { result, beforeMb, peakMb: Math.max(peakMb, statusMb(pid, 'VmRSS')) };
  } finally {
    clearInterval(timer);
  }
}

async function run(url: string, load: LoadOptions, seconds: number): Promise<{ requests: number; failed: number }> {
  const r = await autocannon({ url, connections: 10, duration: seconds, ...load });
  return { requests: r.requests.total, failed: r.non2xx + r.errors + r.timeouts };
}

export interface LoadPhaseRow {
  scenario: string;
  reqPerSec: number;
  failed: number;
  rssMb: number;
  peakMb: number;
}

/** The bench's scenarios (floor table and app scenarios, minus those needing a registered user), `seconds` each. */
export async function benchLoadPhase(url: string, pid: number, ids: SeedIds, seconds: number): Promise<LoadPhaseRow[]> {
  const ctx: AppContext = { ids, jwt: '', identifier: '', password: '' };
  const loads: Array<{ name: string; load: LoadOptions }> = [
    ...SCENARIOS.map((s) => ({ name: s.name, load: s.load(ids) })),
    ...APP_SCENARIOS.filter((s) => ['get-one-deep', 'list-fields', 'graphql-list'].includes(s.name)).map((s) => ({ name: s.name, load: s.load(ctx) })),
  ];
  const rows: LoadPhaseRow[] = [];
  for (const { name, load } of loads) {
    const { result, peakMb } = await sampled(pid, () => run(url, load, seconds));
    rows.push({ scenario: name, reqPerSec: result.requests / seconds, failed: result.failed, rssMb: statusMb(pid, 'VmRSS'), peakMb });
  }
  return rows;
}

export interface BoundedRow {
  workload: string;
  detail: string;
  beforeMb: number;
  peakMb: number;
  afterMb: number;
}

/** The list of 100 documents with deep populate (the articles that have components), `seconds` of 10 connections. */
export const DEEP_LIST_PATH = `/api/articles?pagination[pageSize]=100&filters[seo][meta_title][$notNull]=true&${DEEP_POPULATE}`;

export async function deepListPhase(url: string, pid: number, seconds: number): Promise<BoundedRow> {
  const sample = await fetch(`${url}${DEEP_LIST_PATH}`);
  const text = await sample.text();
  const count = (JSON.parse(text) as { data?: unknown[] }).data?.length ?? 0;
  if (sample.status !== 200 || count !== 100) throw new Error(`deep list: ${sample.status}, ${count} documents`);
  const { result, beforeMb, peakMb } = await sampled(pid, () => run(url, { method: 'GET', requests: [{ method: 'GET', path: DEEP_LIST_PATH }] }, seconds));
  if (result.failed) throw new Error(`deep list: ${result.failed} failed requests`);
  await quiet();
  return {
    workload: 'list of 100 documents, deep populate',
    detail: `${(text.length / 1024).toFixed(0)} KB per answer, ${(result.requests / seconds).toFixed(0)} req/s over 10 connections for ${seconds} s`,
    beforeMb,
    peakMb,
    afterMb: statusMb(pid, 'VmRSS'),
  };
}

export async function uploadPhase(url: string, pid: number, workDir: string, sizeMb: number): Promise<BoundedRow> {
  const file = join(workDir, 'upload.bin');
  await writeFile(file, sizeMb * MB);
  const small = join(workDir, 'small.bin');
  await writeFile(small, 64 * 1024);
  // A first small upload loads the upload path (multer, file-type) before the baseline.
  const warm = await upload(url, small, 64 * 1024, 'warm.bin');
  if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.body.slice(0, 200)}`);
  await quiet(1000);
  const started = performance.now();
  const { result, beforeMb, peakMb } = await sampled(pid, () => upload(url, file, sizeMb * MB, 'upload.bin'));
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 201) throw new Error(`upload: ${result.status} ${result.body.slice(0, 200)}`);
  await quiet();
  return { workload: `one ${sizeMb} MB upload`, detail: `${(sizeMb / seconds).toFixed(0)} MB/s, local provider`, beforeMb, peakMb, afterMb: statusMb(pid, 'VmRSS') };
}
