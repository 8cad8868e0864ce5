// One delivery attempt: a JSON POST over node:http(s). Its own keep-alive agents (destroyed on
// close, so no socket outlives the app), a deadline for the whole exchange, no redirects followed
// (a receiver that moved answers 3xx, which counts as a failure). The response body is discarded.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { parseRetryAfter } from './backoff';

export type AttemptResult = { ok: true; status: number } | { ok: false; status?: number; reason: string; retryAfterMs?: number };

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Aborting it cuts the request (the app is closing). */
  signal: AbortSignal;
}

export interface WebhookTransport {
  post(request: PostRequest): Promise<AttemptResult>;
  /** Closes idle and open sockets. */
  close(): void;
}

function resultOf(res: IncomingMessage): AttemptResult {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return { ok: true, status };
  const retryAfter = res.headers['retry-after'];
  return { ok: false, status, reason: `HTTP ${status}`, retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) };
}

export function httpTransport(): WebhookTransport {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return {
    post(request) {
      return new Promise<AttemptResult>((resolve) => {
        const url = new URL(request.url);
        const https = url.protocol === 'https:';
        let settled = false;
        const finish = (result: AttemptResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          request.signal.removeEventListener('abort', onAbort);
          resolve(result);
        };
        const req = (https ? httpsRequest : httpRequest)(
          url,
          { method: 'POST', agent: https ? agents.https : agents.http, headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) } },
          (res) => {
            res.on('end', () => finish(resultOf(res)));
            res.on('error', (err) => finish({ ok: false, status: res.statusCode, reason: err.message }));
            res.on('close', () => finish(res.complete ? resultOf(res) : { ok: false, status: res.statusCode, reason: 'the response was cut short' }));
            // Read to the end (and thrown away) so the socket can carry the next delivery.
            res.resume();
          },
        );
        const deadline = setTimeout(() => req.destroy(new Error(`no complete answer within ${request.timeoutMs} ms`)), request.timeoutMs);
        const onAbort = () => req.destroy(new Error('cut: the app is closing'));
        req.on('error', (err) => finish({ ok: false, reason: err.message }));
        if (request.signal.aborted) onAbort();
        else request.signal.addEventListener('abort', onAbort, { once: true });
        req.end(request.body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
