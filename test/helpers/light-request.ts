// One HTTP request from a suite to an app, through node:http on a keep-alive agent instead of the
// global fetch. fetch (undici) costs about 0.3–0.6 ms of CPU per request in the jest worker beyond
// the server's own work (its streams, abort signals, the fetch algorithm); suites that replay
// thousands of requests (test/answers, the relation matrix) spent seconds there (docs/testing.md,
// "Seventh pass"). The request is the one fetch sends: the same method, URL, body and headers,
// with fetch's defaults (accept, accept-language, sec-fetch-mode, user-agent, accept-encoding), and
// the answer's body is decoded as fetch's `text()` does (content-encoding undone, UTF-8, a leading
// BOM dropped). fetch follows redirects; this does not, and a redirect fails the request instead of
// being answered otherwise.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

const agent = new Agent({ keepAlive: true });

/** What fetch adds to a request from Node when the caller does not set them. */
const FETCH_DEFAULTS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

export interface LightAnswer {
  status: number;
  headers: Headers;
  text: string;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      throw new Error(`light-request: content-encoding ${encoding} is not decoded`);
  }
}

function toHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return headers;
}

/** `body`: a string (sent as UTF-8) or bytes; `headers` as fetch takes them (names any case). */
export function lightRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {}): Promise<LightAnswer> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(FETCH_DEFAULTS)) headers[name] ??= value;
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? Buffer.from(init.body, 'utf8') : Buffer.from(init.body);
  // fetch sends a length for every body, and 0 for a POST, PUT or PATCH without one.
  if (body) headers['content-length'] = String(body.length);
  else if (method === 'POST' || method === 'PUT' || method === 'PATCH') headers['content-length'] = '0';
  return new Promise<LightAnswer>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && res.headers.location) throw new Error(`light-request: ${method} ${url} redirects to ${res.headers.location} (fetch would follow it)`);
          const text = decode(Buffer.concat(chunks), (res.headers as IncomingHttpHeaders)['content-encoding']).toString('utf8');
          resolve({ status, headers: toHeaders(res.rawHeaders), text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
