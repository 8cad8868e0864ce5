// The dispatcher against a scripted transport on fake timers: retries with exponential backoff and
// then giving up, Retry-After, per-webhook order, bounded queues (oldest dropped, logged),
// bounded concurrency, and a close that waits a bounded time and leaves no timer behind.
import type { WebhookDeliveryConfig } from '@cms-gen/server/config/types';
import { WebhookDispatcher, type WebhookTarget } from './dispatcher';
import { parseRetryAfter, retryDelay } from './backoff';
import type { AttemptResult, PostRequest, WebhookTransport } from './transport';

interface Call {
  at: number;
  request: PostRequest;
  answer(result: AttemptResult): void;
}

/** A transport whose answers the test gives, call by call (or at once through `reply`). */
function scriptedTransport(reply?: (request: PostRequest, index: number) => AttemptResult | undefined) {
  const calls: Call[] = [];
  let closed = false;
  const transport: WebhookTransport = {
    post(request) {
      return new Promise<AttemptResult>((resolve) => {
        const call: Call = { at: Date.now(), request, answer: resolve };
        calls.push(call);
        request.signal.addEventListener('abort', () => resolve({ ok: false, reason: 'cut' }), { once: true });
        const scripted = reply?.(request, calls.length - 1);
        if (scripted) resolve(scripted);
      });
    },
    close() {
      closed = true;
    },
  };
  return { transport, calls, isClosed: () => closed };
}

const DELIVERY: WebhookDeliveryConfig = { maxAttempts: 4, initialDelayMs: 100, maxDelayMs: 300, timeoutMs: 1000, queueSize: 3, concurrency: 2, closeTimeoutMs: 500 };
const target = (name: string): WebhookTarget => ({ name, url: `http://127.0.0.1:9/${name}`, headers: { Authorization: 'Bearer t' } });
const OK: AttemptResult = { ok: true, status: 204 };
const FAIL: AttemptResult = { ok: false, status: 500, reason: 'HTTP 500' };

function setup(options: { reply?: (request: PostRequest, index: number) => AttemptResult | undefined; delivery?: Partial<WebhookDeliveryConfig>; targets?: string[] } = {}) {
  const scripted = scriptedTransport(options.reply);
  const logs: string[] = [];
  const dispatcher = new WebhookDispatcher({
    targets: (options.targets ?? ['a']).map(target),
    delivery: { ...DELIVERY, ...options.delivery },
    transport: scripted.transport,
    log: (line) => logs.push(line),
  });
  return { dispatcher, logs, ...scripted };
}

/** Lets settled promises run their callbacks. */
const flush = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => {
  expect(jest.getTimerCount()).toBe(0);
  jest.useRealTimers();
});

describe('retryDelay', () => {
  it('doubles from initialDelayMs up to maxDelayMs, and honours a longer Retry-After up to the cap', () => {
    const policy = { initialDelayMs: 1000, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => retryDelay(n, policy))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(retryDelay(1, policy, 5000)).toBe(5000);
    expect(retryDelay(3, policy, 10)).toBe(4000);
    expect(retryDelay(1, policy, 3_600_000)).toBe(30_000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:00:30 GMT', Date.parse('2026-11-24T10:00:00Z'))).toBe(30_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('WebhookDispatcher', () => {
  it('sends the body with the configured headers, Content-Type and X-Strapi-Event, once when the receiver answers 2xx', async () => {
    const { dispatcher, calls, logs } = setup({ reply: () => OK });
    dispatcher.enqueue('a', 'entry.create', '{"event":"entry.create"}');
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0].request).toMatchObject({
      url: 'http://127.0.0.1:9/a',
      body: '{"event":"entry.create"}',
      timeoutMs: 1000,
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json', 'X-Strapi-Event': 'entry.create' },
    });
    expect(dispatcher.pending()).toEqual({ a: 0 });
    expect(logs).toEqual([]);
    await dispatcher.close();
  });

  it('retries a failing delivery with exponential backoff, then gives up and logs it', async () => {
    const { dispatcher, calls, logs } = setup({ reply: () => FAIL });
    dispatcher.enqueue('a', 'media.create', '{}');
    await jest.advanceTimersByTimeAsync(10_000);
    // Attempts at 0, +100, +200, +300 (capped): four in all.
    expect(calls.map((c) => c.at)).toEqual([0, 100, 300, 600]);
    expect(logs.filter((l) => l.includes('failed (HTTP 500)'))).toHaveLength(3);
    expect(logs.at(-1)).toBe('error: webhook "a": gave up on media.create after 4 attempt(s); last failure: HTTP 500');
    expect(dispatcher.pending()).toEqual({ a: 0 });
    await dispatcher.close();
  });

  it('stops retrying once an attempt succeeds', async () => {
    const { dispatcher, calls, logs } = setup({ reply: (_r, i) => (i < 2 ? { ok: false, reason: 'connect ECONNREFUSED 127.0.0.1:9' } : OK) });
    dispatcher.enqueue('a', 'entry.update', '{}');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
    expect(logs[0]).toBe('warning: webhook "a": entry.update failed (connect ECONNREFUSED 127.0.0.1:9); attempt 2 of 4 in 100 ms');
    expect(logs.some((l) => l.includes('gave up'))).toBe(false);
    await dispatcher.close();
  });

  it("waits as long as the receiver's Retry-After asks, within maxDelayMs", async () => {
    const { dispatcher, calls } = setup({ reply: (_r, i) => (i === 0 ? { ok: false, status: 429, reason: 'HTTP 429', retryAfterMs: 250 } : OK) });
    dispatcher.enqueue('a', 'entry.create', '{}');
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.at)).toEqual([0, 250]);
    await dispatcher.close();
  });

  it("keeps each webhook's order: a later event waits for the earlier one's retries", async () => {
    const { dispatcher, calls } = setup({ reply: (request, i) => (request.body === '1' && i === 0 ? FAIL : OK) });
    dispatcher.enqueue('a', 'entry.create', '1');
    dispatcher.enqueue('a', 'entry.update', '2');
    dispatcher.enqueue('a', 'entry.delete', '3');
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => [c.request.body, c.at])).toEqual([
      ['1', 0],
      ['1', 100],
      ['2', 100],
      ['3', 100],
    ]);
    await dispatcher.close();
  });

  it('does not let a failing webhook hold up another one', async () => {
    const { dispatcher, calls } = setup({ targets: ['down', 'up'], reply: (request) => (request.url.endsWith('/down') ? FAIL : OK) });
    for (const n of ['1', '2']) {
      dispatcher.enqueue('down', 'entry.create', n);
      dispatcher.enqueue('up', 'entry.create', n);
    }
    await flush();
    expect(calls.filter((c) => c.request.url.endsWith('/up')).map((c) => [c.request.body, c.at])).toEqual([
      ['1', 0],
      ['2', 0],
    ]);
    await dispatcher.close();
  });

  it('bounds the queue: when full the oldest waiting event is dropped and logged, and the count is reported when delivery resumes', async () => {
    const { dispatcher, calls, logs } = setup({ delivery: { queueSize: 2 } });
    for (const n of ['1', '2', '3', '4', '5']) dispatcher.enqueue('a', 'entry.create', n);
    // '1' is in flight; '2' and '3' were dropped to keep two waiting.
    expect(dispatcher.pending()).toEqual({ a: 3 });
    expect(logs).toEqual(['warning: webhook "a": its queue is full (2 events); dropped the oldest waiting event (entry.create); 1 dropped so far']);
    await flush();
    calls[0].answer(OK);
    await flush();
    expect(logs.at(-1)).toBe('webhook "a" delivers again; 2 event(s) were dropped while its queue was full');
    for (let i = 1; i < 3; i++) {
      calls[i].answer(OK);
      await flush();
    }
    expect(calls.map((c) => c.request.body)).toEqual(['1', '4', '5']);
    await dispatcher.close();
  });

  it('logs drops once per hundred, not once each', async () => {
    const { dispatcher, logs } = setup({ delivery: { queueSize: 1 } });
    for (let i = 0; i < 252; i++) dispatcher.enqueue('a', 'entry.create', String(i));
    expect(logs.filter((l) => l.includes('queue is full')).map((l) => l.replace(/.*; /, ''))).toEqual(['1 dropped so far', '100 dropped so far', '200 dropped so far']);
    // The first event never gets an answer: close waits closeTimeoutMs for it.
    const closing = dispatcher.close();
    await jest.advanceTimersByTimeAsync(500);
    await closing;
  });

  it('keeps at most `concurrency` requests in flight across webhooks', async () => {
    const { dispatcher, calls } = setup({ targets: ['a', 'b', 'c'] });
    for (const name of ['a', 'b', 'c']) dispatcher.enqueue(name, 'entry.create', name);
    await flush();
    expect(calls.map((c) => c.request.body)).toEqual(['a', 'b']);
    calls[0].answer(OK);
    await flush();
    expect(calls.map((c) => c.request.body)).toEqual(['a', 'b', 'c']);
    calls[1].answer(OK);
    calls[2].answer(OK);
    await dispatcher.close();
  });

  it('on close: drops waiting events and pending retries, lets a request in flight finish', async () => {
    const { dispatcher, calls, logs, isClosed } = setup({ targets: ['a', 'b'], reply: (request) => (request.url.endsWith('/b') ? FAIL : undefined) });
    dispatcher.enqueue('a', 'entry.create', '1');
    dispatcher.enqueue('a', 'entry.create', '2');
    dispatcher.enqueue('b', 'entry.create', '1');
    await flush();
    const closing = dispatcher.close();
    await jest.advanceTimersByTimeAsync(50);
    calls[0].answer(OK);
    await closing;
    expect(calls).toHaveLength(2);
    expect(isClosed()).toBe(true);
    expect(logs.at(-1)).toBe('warning: webhooks: 2 event(s) not delivered: the app closed');
    // Nothing is accepted after close.
    dispatcher.enqueue('a', 'entry.create', '3');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
  });

  it('on close: cuts a request still in flight after closeTimeoutMs', async () => {
    const { dispatcher, logs } = setup();
    dispatcher.enqueue('a', 'entry.create', '1');
    let closed = false;
    const closing = dispatcher.close().then(() => (closed = true));
    await jest.advanceTimersByTimeAsync(499);
    expect(closed).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await closing;
    expect(logs).toEqual(['warning: webhook "a": entry.create not delivered: the app closed during the attempt (cut)']);
  });

  it('settles an attempt whose transport throws instead of rejecting', async () => {
    const logs: string[] = [];
    const transport: WebhookTransport = {
      post: () => {
        throw new Error('bad transport');
      },
      close: () => undefined,
    };
    const dispatcher = new WebhookDispatcher({ targets: [target('a')], delivery: { ...DELIVERY, maxAttempts: 2 }, transport, log: (line) => logs.push(line) });
    dispatcher.enqueue('a', 'entry.create', '1');
    await jest.advanceTimersByTimeAsync(1000);
    expect(logs.at(-1)).toBe('error: webhook "a": gave up on entry.create after 2 attempt(s); last failure: bad transport');
    await dispatcher.close();
  });

  it('ignores names it does not know and survives a logger that throws', async () => {
    const scripted = scriptedTransport(() => FAIL);
    const dispatcher = new WebhookDispatcher({ targets: [target('a')], delivery: { ...DELIVERY, maxAttempts: 2 }, transport: scripted.transport, log: () => { throw new Error('log down'); } });
    dispatcher.enqueue('nope', 'entry.create', '1');
    dispatcher.enqueue('a', 'entry.create', '1');
    await jest.advanceTimersByTimeAsync(1000);
    expect(scripted.calls).toHaveLength(2);
    await dispatcher.close();
  });
});
