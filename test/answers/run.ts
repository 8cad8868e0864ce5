// Runs a set's steps against one server (real Strapi or the generated app) and keeps each step's
// normalized answer under its name. The same steps run against Strapi (record.ts writes the
// answers) and against the app (replay.ts compares), so CI needs no Strapi. Steps create their
// documents under the run's fresh stamp and filter every list down to it, so a reused Strapi
// database does not change the answers.
import { lightRequest } from '../helpers/light-request';
import { normalize, type Rules } from './normalize';

export interface Answer {
  status: number;
  body: unknown;
  /** The Allow header of a 405, for sets that keep it. */
  allow?: string;
}

/** One normalized answer per step name, in the order the steps ran. */
export type Recorded = Record<string, Answer>;

export interface Exchange {
  method: string;
  path: string;
  /** A JSON body. */
  body?: unknown;
  /** A bearer token (a JWT from login or register). */
  jwt?: string;
  /** A multipart upload: one small file under `files`. */
  upload?: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> };
  /** A body sent as it is (malformed or oversized JSON), with its content type. */
  raw?: { body: string; type: string };
}

export type Send = (exchange: Exchange) => Promise<Answer>;

/** What a step keeps of an answer's body before normalizing (lists of shared things narrowed to the run's own). */
export type Pick = (body: unknown) => unknown;

/** What a set of steps gets. */
export interface Context {
  /** The server's URL. */
  base: string;
  /** Sends without recording. */
  send: Send;
  /** Sends the exchange and records its normalized answer under `name`. */
  record: (name: string, exchange: Exchange, pick?: Pick) => Promise<Answer>;
  /** Records an answer the steps derived themselves (e.g. one document's share of a batched read). */
  keep: (name: string, answer: Answer) => void;
  stamp: string;
}

export type Steps = (context: Context) => Promise<void>;

export interface RunOptions {
  rules: Rules;
  /** The run's stamp, fresh each run (none: nothing is replaced inside strings). */
  stamp?: () => string;
  /** Keeps the Allow header of an answer. */
  keepAllow?: boolean;
}

export function sender(base: string, keepAllow = false): Send {
  return async ({ method, path, body, jwt, upload, raw }) => {
    const headers: Record<string, string> = jwt ? { authorization: `Bearer ${jwt}` } : {};
    let answer: { status: number; text: string; headers: Headers };
    if (upload) {
      // A multipart body: fetch encodes the form.
      const form = new FormData();
      form.append('files', new Blob([upload.bytes], { type: upload.type }), upload.name);
      const res = await fetch(`${base}${path}`, { method, headers, body: form });
      answer = { status: res.status, text: await res.text(), headers: res.headers };
    } else {
      const sent = raw ?? (body !== undefined ? { type: 'application/json', body: JSON.stringify(body) } : undefined);
      answer = await lightRequest(`${base}${path}`, { method, headers: sent ? { ...headers, 'content-type': sent.type } : headers, body: sent?.body });
    }
    const { status, text } = answer;
    const json = (answer.headers.get('content-type') ?? '').includes('json');
    const allow = keepAllow ? answer.headers.get('allow') : null;
    return { status, body: json ? (JSON.parse(text) as unknown) : text || null, ...(allow ? { allow } : {}) };
  };
}

/** Runs the steps against `base`; answers are normalized with the set's rules. */
export async function runSteps(base: string, steps: Steps, options: RunOptions): Promise<Recorded> {
  const send = sender(base, options.keepAllow);
  const stamp = options.stamp?.() ?? '';
  const out: Recorded = {};
  const keep = (name: string, answer: Answer): void => {
    if (name in out) throw new Error(`step ${name} twice`);
    out[name] = { ...answer, body: normalize(answer.body, options.rules, stamp) };
  };
  const record = async (name: string, exchange: Exchange, pick?: Pick): Promise<Answer> => {
    if (name in out) throw new Error(`step ${name} twice`);
    const answer = await send(exchange);
    keep(name, pick ? { ...answer, body: pick(answer.body) } : answer);
    return answer;
  };
  await steps({ base, send, record, keep, stamp });
  return out;
}
