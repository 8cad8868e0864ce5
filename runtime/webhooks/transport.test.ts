// One delivery attempt over real sockets on loopback: what the receiver gets, how each kind of
// failure is reported (status, refused connection, no answer in time, cut on close), and that
// closing the transport leaves no socket open.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedPort } from '../../test/helpers/webhook-receiver';
import { httpTransport, type WebhookTransport } from './transport';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const received: Received[] = [];
let handle: (req: IncomingMessage, res: ServerResponse) => void;
let transport: WebhookTransport;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  received.length = 0;
  transport = httpTransport();
});

afterEach(() => transport.close());

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const post = (path: string, extra: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
  transport.post({ url: `${base}${path}`, headers: { 'Content-Type': 'application/json', 'X-Strapi-Event': 'entry.create', Authorization: 'Bearer t' }, body: '{"event":"entry.create","n":"é"}', timeoutMs: extra.timeoutMs ?? 2000, signal: extra.signal ?? new AbortController().signal });

describe('httpTransport', () => {
  it('POSTs the JSON body with its headers and a byte-exact Content-Length; 2xx is a success', async () => {
    handle = (_req, res) => res.writeHead(204).end();
    expect(await post('/hook?x=1')).toEqual({ ok: true, status: 204 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/hook?x=1', body: '{"event":"entry.create","n":"é"}' });
    expect(received[0].headers).toMatchObject({ 'content-type': 'application/json', 'x-strapi-event': 'entry.create', authorization: 'Bearer t', 'content-length': String(Buffer.byteLength('{"event":"entry.create","n":"é"}')) });
  });

  it('reports a non-2xx answer with its status and Retry-After, and reads a long body to the end', async () => {
    handle = (_req, res) => res.writeHead(503, { 'Retry-After': '3' }).end('x'.repeat(200_000));
    expect(await post('/')).toEqual({ ok: false, status: 503, reason: 'HTTP 503', retryAfterMs: 3000 });
    handle = (_req, res) => res.writeHead(302, { Location: '/elsewhere' }).end();
    expect(await post('/')).toMatchObject({ ok: false, status: 302 });
    expect(received.map((r) => r.url)).toEqual(['/', '/']);
  });

  it('reports a refused connection', async () => {
    const port = await closedPort();
    const result = await transport.post({ url: `http://127.0.0.1:${port}/`, headers: {}, body: '{}', timeoutMs: 2000, signal: new AbortController().signal });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('ECONNREFUSED') });
  });

  it('gives up on a receiver that does not answer within timeoutMs', async () => {
    handle = () => undefined;
    expect(await post('/', { timeoutMs: 150 })).toEqual({ ok: false, reason: 'no complete answer within 150 ms' });
  });

  it('cuts a request when its signal aborts', async () => {
    handle = () => undefined;
    const controller = new AbortController();
    const pending = post('/', { signal: controller.signal, timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect(await pending).toEqual({ ok: false, reason: 'cut: the app is closing' });
  });

  it('reuses a kept-alive socket and closes it on close', async () => {
    handle = (_req, res) => res.writeHead(200).end('ok');
    const sockets = new Set<unknown>();
    const onConnection = (socket: unknown) => sockets.add(socket);
    server.on('connection', onConnection);
    await post('/');
    await post('/');
    expect(sockets.size).toBe(1);
    transport.close();
    const [socket] = sockets as Set<import('node:net').Socket>;
    await new Promise((resolve) => (socket.closed ? resolve(undefined) : socket.once('close', resolve)));
    server.off('connection', onConnection);
  });
});
