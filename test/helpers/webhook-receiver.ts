// A webhook receiver on loopback for tests of outgoing webhooks: it records every request (path,
// headers, parsed JSON body, arrival time) and answers with the status the test chooses, or holds
// the request without answering (a receiver that hangs). `closedPort` gives a port nothing listens
// on: a receiver that is down.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  // Tests assert on arbitrary JSON payloads.
  body: any;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Waits until `count` requests (to `path`, when given) have arrived; returns them. */
  waitFor(count: number, path?: string, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

/** `status`: what every request is answered; `'hang'` never answers (the client's timeout ends it). */
export async function startWebhookReceiver(status: number | 'hang' = 204): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      received.push({ path: req.url ?? '', headers: req.headers, body, at: Date.now() });
      if (status === 'hang') held.push(res);
      else res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const matching = (path?: string) => received.filter((hook) => path === undefined || hook.path === path);
  return {
    url,
    received,
    async waitFor(count, path, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (matching(path).length < count) {
        if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} webhook request(s)${path ? ` to ${path}` : ''}; got ${matching(path).length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return matching(path);
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on (bound, then released): connecting is refused. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
