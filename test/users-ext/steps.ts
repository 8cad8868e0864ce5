// Side-by-side requests on the users kit (test/users-kit: a users-permissions user extension
// modelled on FoodAdvisor's, a role extension, register.allowedFields). The same steps run against
// real Strapi 5.54 started on the same project (record.ts writes answers.json) and against the
// generated app (test/e2e/users-extension-answers.test.ts replays them on three databases), so CI
// needs no Strapi. Every user, team, review, article and role is named after a fresh run stamp and
// every list is filtered down to it, so a reused Strapi database does not change the answers.
import { userSteps } from './requests';

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
  /** A bearer token (a JWT from login or register). */
  jwt?: string;
  /** A multipart upload: one small file under `files`. */
  upload?: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> };
}

/** Values that differ between two runs: row ids, documentIds, timestamps, tokens, file hashes and URLs. */
const VOLATILE = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'hash', 'url', 'jwt']);
/** Left out: where errors were raised, error locations in a GraphQL document. */
const DROPPED = new Set(['stacktrace', 'locations']);

export function normalize(value: unknown, stamp: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalize(v, stamp));
  if (typeof value === 'string') return value.split(stamp).join('<stamp>');
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (DROPPED.has(key)) continue;
    // A file's size in KB depends on the image encoder's effort, not on the API.
    if ((key === 'size' || key === 'sizeInBytes') && 'mime' in value) continue;
    out[key] = VOLATILE.has(key) && (typeof v === 'string' || typeof v === 'number') ? `<${key}>` : normalize(v, stamp);
  }
  return out;
}

export type Send = (exchange: Exchange) => Promise<Answer>;

function sender(base: string): Send {
  return async ({ method, path, body, jwt, upload }) => {
    const headers: Record<string, string> = jwt ? { authorization: `Bearer ${jwt}` } : {};
    let init: RequestInit = { method, headers };
    if (upload) {
      const form = new FormData();
      form.append('files', new Blob([upload.bytes], { type: upload.type }), upload.name);
      init = { method, headers, body: form };
    } else if (body !== undefined) {
      init = { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    }
    const res = await fetch(`${base}${path}`, init);
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, body: json ? (JSON.parse(text) as unknown) : text || null };
  };
}

/** What a step keeps of an answer before normalizing (lists of shared things narrowed to the run's own). */
export type Pick = (body: unknown) => unknown;

export interface Context {
  send: Send;
  record: (name: string, exchange: Exchange, pick?: Pick) => Promise<Answer>;
  stamp: string;
}

/** Runs every step against `base`; answers are normalized. */
export async function runUserSteps(base: string): Promise<Recorded> {
  const send = sender(base);
  // Lowercase letters and digits: it goes into usernames and emails (stored lower-cased).
  const stamp = `u${String(Date.now()).slice(-8)}`;
  const out: Recorded = {};
  const record = async (name: string, exchange: Exchange, pick?: Pick): Promise<Answer> => {
    if (name in out) throw new Error(`step ${name} twice`);
    const answer = await send(exchange);
    out[name] = { status: answer.status, body: normalize(pick ? pick(answer.body) : answer.body, stamp) };
    return answer;
  };
  await userSteps({ send, record, stamp });
  return out;
}
