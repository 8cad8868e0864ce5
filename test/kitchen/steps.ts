// Side-by-side steps: the same requests run against real Strapi 5.54 started on a kit's schemas
// (record.ts writes the normalized answers) and against the generated app (an e2e test replays
// them), so CI needs no Strapi. Every document is created under a fresh run stamp, and every list
// is filtered down to the run's own documents, so a reused Strapi database does not change the
// answers. The kitchen kit's steps are in requests.ts; the relation matrix's in
// test/relation-matrix.
import { kitchenSteps } from './requests';

export interface Answer {
  status: number;
  body: unknown;
}

/** One recorded exchange per step name, normalized. */
export type Recorded = Record<string, Answer>;

export interface Exchange {
  method: string;
  path: string;
  body?: unknown;
  /** A multipart upload: one small file under `files`. */
  upload?: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> };
  /** A body sent as it is (malformed or oversized JSON), with its content type. */
  raw?: { body: string; type: string };
}

/** Values that differ between two runs: row ids, documentIds, timestamps, file hashes and URLs. */
const VOLATILE = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'hash', 'url']);
/** Left out: where errors were raised. GraphQL error `locations` are compared (Strapi has them on syntax and validation errors only). */
const DROPPED = new Set(['stacktrace']);

export function normalize(value: unknown, stamp: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalize(v, stamp));
  if (typeof value === 'string') return value.split(stamp).join('<stamp>');
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (DROPPED.has(key)) continue;
    out[key] = VOLATILE.has(key) && (typeof v === 'string' || typeof v === 'number') ? `<${key}>` : normalize(v, stamp);
  }
  return out;
}

export type Send = (exchange: Exchange) => Promise<Answer>;

/** What a set of steps gets: the raw sender, a recorder, and the run's stamp. */
export interface Context {
  send: Send;
  /** Sends the exchange and records its normalized answer under `name`. */
  record: (name: string, exchange: Exchange) => Promise<Answer>;
  /** Records an answer the steps derived themselves (e.g. one document's share of a batched read). */
  keep: (name: string, answer: Answer) => void;
  stamp: string;
}

export type Steps = (context: Context) => Promise<void>;

function sender(base: string): Send {
  return async ({ method, path, body, upload, raw }) => {
    let init: RequestInit = { method };
    if (raw) init = { method, headers: { 'content-type': raw.type }, body: raw.body };
    else if (upload) {
      const form = new FormData();
      form.append('files', new Blob([upload.bytes], { type: upload.type }), upload.name);
      init = { method, body: form };
    } else if (body !== undefined) {
      init = { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    }
    const res = await fetch(`${base}${path}`, init);
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, body: json ? (JSON.parse(text) as unknown) : text || null };
  };
}

/** Runs the steps against `base`; answers are normalized. */
export async function runSteps(base: string, steps: Steps): Promise<Recorded> {
  const send = sender(base);
  // Digits only: the kitchen kit's `code` attribute must match ^[A-Z]{2}-[0-9]+$.
  const stamp = String(Date.now()).slice(-9);
  const out: Recorded = {};
  const keep = (name: string, answer: Answer): void => {
    if (name in out) throw new Error(`step ${name} twice`);
    out[name] = { ...answer, body: normalize(answer.body, stamp) };
  };
  const record = async (name: string, exchange: Exchange): Promise<Answer> => {
    if (name in out) throw new Error(`step ${name} twice`);
    const answer = await send(exchange);
    keep(name, answer);
    return answer;
  };
  await steps({ send, record, keep, stamp });
  return out;
}

/** The kitchen kit's steps against `base`. */
export const runKitchen = (base: string): Promise<Recorded> => runSteps(base, kitchenSteps);
