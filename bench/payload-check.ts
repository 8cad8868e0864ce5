// Before any load: send each scenario's sample request to both servers and compare the answers.
// If the floor answered fewer bytes it would be doing less work and the ratio would flatter it (or
// the app): a size difference over 5% stops the run.
import type { Scenario, SeedIds } from './scenarios';

export interface PayloadSample {
  scenario: string;
  appStatus: number;
  floorStatus: number;
  appBytes: number;
  floorBytes: number;
  /** Byte-identical bodies (expected for reads; creates differ in documentId and timestamps). */
  identical: boolean;
  /** Same JSON keys at every level, in the same order. */
  sameKeys: boolean;
}

const MAX_DIFF = 0.05;

async function send(base: string, req: { method: string; path: string; body?: string }): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${req.path}`, {
    method: req.method,
    headers: req.body ? { 'content-type': 'application/json' } : {},
    body: req.body,
  });
  return { status: res.status, text: await res.text() };
}

/** Key paths in document order, so a missing or reordered field shows up. */
function keyPaths(value: unknown, prefix = '', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keyPaths(v, `${prefix}[]`, out));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(`${prefix}.${k}`);
      keyPaths(v, `${prefix}.${k}`, out);
    }
  }
  return out;
}

export async function comparePayloads(scenarios: Scenario[], ids: SeedIds, appUrl: string, floorUrl: string): Promise<PayloadSample[]> {
  const samples: PayloadSample[] = [];
  for (const scenario of scenarios) {
    const req = scenario.sample(ids);
    const app = await send(appUrl, req);
    const floor = await send(floorUrl, req);
    const parse = (text: string): unknown => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    };
    samples.push({
      scenario: scenario.name,
      appStatus: app.status,
      floorStatus: floor.status,
      appBytes: Buffer.byteLength(app.text),
      floorBytes: Buffer.byteLength(floor.text),
      identical: app.text === floor.text,
      sameKeys: keyPaths(parse(app.text)).join() === keyPaths(parse(floor.text)).join(),
    });
  }
  return samples;
}

/** Problems that make the comparison meaningless (the run stops on any). */
export function payloadProblems(samples: PayloadSample[]): string[] {
  const problems: string[] = [];
  for (const s of samples) {
    if (s.appStatus >= 300 || s.floorStatus >= 300) problems.push(`${s.scenario}: status app ${s.appStatus}, floor ${s.floorStatus}`);
    const diff = Math.abs(s.appBytes - s.floorBytes) / Math.max(s.appBytes, s.floorBytes, 1);
    if (diff > MAX_DIFF) problems.push(`${s.scenario}: app ${s.appBytes} B vs floor ${s.floorBytes} B differ by ${(diff * 100).toFixed(1)}% (> ${MAX_DIFF * 100}%)`);
  }
  return problems;
}

export function formatPayloads(samples: PayloadSample[]): string {
  const lines = samples.map(
    (s) =>
      `  ${s.scenario.padEnd(14)} app ${String(s.appBytes).padStart(6)} B (${s.appStatus})  floor ${String(s.floorBytes).padStart(6)} B (${s.floorStatus})  ` +
      `${s.identical ? 'byte-identical' : s.sameKeys ? 'same keys' : 'DIFFERENT KEYS'}`,
  );
  return ['Response sizes (one sample request each):', ...lines].join('\n');
}
