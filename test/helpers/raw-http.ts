// One HTTP/1.1 connection driven by hand: requests written byte by byte when the test says so, on
// the same socket (keep-alive, pipelining), and every response read as it arrives. fetch and
// http.Agent hide which connection a request uses and retry on their own; shutdown tests need to
// know exactly what one connection saw.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  write(data: string | Buffer): Promise<void>;
  /** The responses read so far, in order. */
  responses: RawResponse[];
  /** Resolves with the responses once `count` have arrived; rejects if the connection closes first. */
  response(count: number): Promise<RawResponse[]>;
  /** Resolves once the server closed the connection (or it failed), with the responses read by then. */
  closed: Promise<RawResponse[]>;
  isClosed(): boolean;
  /** Also hands every chunk read to `listener` (to see interim answers such as `100 Continue`). */
  onData(listener: (chunk: Buffer) => void): void;
  destroy(): void;
}

/** Parses complete responses off the front of `buffer`; returns them and what is left. */
function parse(buffer: Buffer): { parsed: RawResponse[]; rest: Buffer } {
  const parsed: RawResponse[] = [];
  let rest = buffer;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    let bodyStart = end + 4;
    let body: Buffer;
    if (status === 100) {
      rest = rest.subarray(bodyStart);
      continue;
    }
    if (headers['transfer-encoding'] === 'chunked') {
      const chunks: Buffer[] = [];
      let at = bodyStart;
      let complete = false;
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', at);
        if (lineEnd < 0) break;
        const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) break;
        if (size === 0) {
          at = lineEnd + 4;
          complete = true;
          break;
        }
        chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      if (!complete) break;
      body = Buffer.concat(chunks);
      bodyStart = at;
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < bodyStart + length) break;
      body = rest.subarray(bodyStart, bodyStart + length);
      bodyStart += length;
    }
    parsed.push({ status, headers, body: body.toString('utf8') });
    rest = rest.subarray(bodyStart);
  }
  return { parsed, rest };
}

export function openConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolveConnection, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    let pending: Buffer = Buffer.alloc(0);
    let closed = false;
    const responses: RawResponse[] = [];
    const waiters: (() => void)[] = [];
    const notify = () => waiters.splice(0).forEach((w) => w());
    socket.on('data', (chunk: Buffer) => {
      const { parsed, rest } = parse(Buffer.concat([pending, chunk]));
      pending = rest;
      responses.push(...parsed);
      notify();
    });
    const closedPromise = new Promise<RawResponse[]>((r) =>
      socket.once('close', () => {
        closed = true;
        notify();
        r(responses);
      }),
    );
    let connected = false;
    // A refused connection rejects; an error later (a reset) ends it like a close.
    socket.on('error', (err) => {
      if (!connected) reject(err);
    });
    socket.once('connect', () => {
      connected = true;
      resolveConnection({
        responses,
        write: (data) => new Promise((r) => (closed ? r() : socket.write(data, () => r()))),
        response: (count) =>
          new Promise((r, fail) => {
            const check = () => {
              if (responses.length >= count) r(responses.slice(0, count));
              else if (closed) fail(new Error(`connection closed after ${responses.length} of ${count} responses`));
              else waiters.push(check);
            };
            check();
          }),
        closed: closedPromise,
        isClosed: () => closed,
        onData: (listener) => socket.on('data', listener),
        destroy: () => socket.destroy(),
      });
    });
  });
}

/** A request's head and body: `head` then `body` written later makes a request in flight. */
export function requestText(method: string, path: string, headers: Record<string, string | number>, body: string | Buffer = ''): { head: string; body: Buffer } {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: localhost', ...Object.entries({ 'content-length': bytes.length, ...headers }).map(([k, v]) => `${k}: ${v}`)];
  return { head: `${lines.join('\r\n')}\r\n\r\n`, body: bytes };
}
