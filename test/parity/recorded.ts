// The recorded oracle answers (test/parity/recorded/*.json) and how one answer is fetched.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeAnswer } from './normalize';

export interface RecordedCase {
  name: string;
  path: string;
  status: number;
  /** The oracle's body after normalizeAnswer. */
  body: unknown;
}

export interface RecordedGroup {
  group: string;
  keyOrder: boolean;
  cases: RecordedCase[];
}

export function loadRecordedGroups(): RecordedGroup[] {
  const dir = join(__dirname, 'recorded');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as RecordedGroup);
}

/** GETs `path` from `base` and returns the status and the normalized JSON body. */
export async function fetchAnswer(base: string, path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(base + path);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body: normalizeAnswer(body) };
}
