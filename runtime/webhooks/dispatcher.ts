// Delivers webhook requests in the background. Each webhook has its own lane: a bounded queue
// whose events go out one at a time, in order (a retry holds the lane, so a later event never
// overtakes an earlier one). Across lanes at most `concurrency` requests are in flight. A failed
// attempt (non-2xx, network error, timeout) is retried with exponential backoff up to
// `maxAttempts`, then given up and logged. When a lane's queue is full its oldest waiting event is
// dropped (and logged): memory stays bounded whatever a receiver does. Nothing here throws to the
// caller, and nothing the caller does waits for a delivery.
import type { WebhookDeliveryConfig } from '@cms-gen/server/config/types';
import { retryDelay } from './backoff';
import { requestHeaders } from './headers';
import type { AttemptResult, WebhookTransport } from './transport';

export interface WebhookTarget {
  name: string;
  url: string;
  /** Default headers merged with the webhook's own. */
  headers: Record<string, string>;
}

export interface DispatcherOptions {
  targets: WebhookTarget[];
  delivery: WebhookDeliveryConfig;
  transport: WebhookTransport;
  log(line: string): void;
}

interface Job {
  event: string;
  body: string;
  attempts: number;
}

interface Lane {
  target: WebhookTarget;
  waiting: Job[];
  /** The event being delivered or waiting for its retry; it keeps its place at the head. */
  current?: Job;
  sending: boolean;
  retryTimer?: NodeJS.Timeout;
  /** Events dropped since the lane last delivered one. */
  dropped: number;
}

/** Drops are logged for the first one and every 100th after it, not one line each. */
const DROP_LOG_EVERY = 100;

export class WebhookDispatcher {
  private readonly lanes = new Map<string, Lane>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly cut = new AbortController();
  private active = 0;
  private closed = false;

  constructor(private readonly options: DispatcherOptions) {
    for (const target of options.targets) this.lanes.set(target.name, { target, waiting: [], sending: false, dropped: 0 });
  }

  private get delivery(): WebhookDeliveryConfig {
    return this.options.delivery;
  }

  private log(line: string): void {
    try {
      this.options.log(line);
    } catch {
      // A failing logger must not stop deliveries.
    }
  }

  /** Queues `body` (the serialized payload of `event`) for the webhook named `name`. */
  enqueue(name: string, event: string, body: string): void {
    const lane = this.lanes.get(name);
    if (this.closed || !lane) return;
    lane.waiting.push({ event, body, attempts: 0 });
    if (lane.waiting.length > this.delivery.queueSize) {
      const oldest = lane.waiting.shift();
      lane.dropped++;
      if (lane.dropped === 1 || lane.dropped % DROP_LOG_EVERY === 0) {
        this.log(`warning: webhook "${name}": its queue is full (${this.delivery.queueSize} events); dropped the oldest waiting event (${oldest?.event}); ${lane.dropped} dropped so far`);
      }
    }
    this.pump();
  }

  /** Counts of what each webhook still has to deliver (tests, diagnostics). */
  pending(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [name, lane] of this.lanes) counts[name] = lane.waiting.length + (lane.current ? 1 : 0);
    return counts;
  }

  /**
   * Starts every lane that has an event ready, while request slots are free. Lanes are offered
   * slots in configuration order; `concurrency` at least the number of webhooks (the default 4
   * covers most apps) means none ever waits for a slot.
   */
  private pump(): void {
    if (this.closed) return;
    for (const lane of this.lanes.values()) {
      if (this.active >= this.delivery.concurrency) return;
      if (lane.sending || lane.retryTimer) continue;
      lane.current ??= lane.waiting.shift();
      if (lane.current) this.attempt(lane, lane.current);
    }
  }

  private attempt(lane: Lane, job: Job): void {
    lane.sending = true;
    this.active++;
    job.attempts++;
    const request = { url: lane.target.url, headers: requestHeaders(lane.target.headers, job.event), body: job.body, timeoutMs: this.delivery.timeoutMs, signal: this.cut.signal };
    // Started from a promise so that even a transport throwing synchronously settles the attempt.
    const sent = Promise.resolve()
      .then(() => this.options.transport.post(request))
      .catch((err: unknown): AttemptResult => ({ ok: false, reason: err instanceof Error ? err.message : String(err) }))
      .then((result) => this.settle(lane, job, result))
      .catch((err: unknown) => this.log(`error: webhook "${lane.target.name}": ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }

  private settle(lane: Lane, job: Job, result: AttemptResult): void {
    lane.sending = false;
    this.active--;
    const name = lane.target.name;
    if (this.closed) {
      lane.current = undefined;
      if (!result.ok) this.log(`warning: webhook "${name}": ${job.event} not delivered: the app closed during the attempt (${result.reason})`);
      return;
    }
    if (result.ok) {
      lane.current = undefined;
      if (lane.dropped > 0) this.log(`webhook "${name}" delivers again; ${lane.dropped} event(s) were dropped while its queue was full`);
      lane.dropped = 0;
    } else if (job.attempts < this.delivery.maxAttempts) {
      const delay = retryDelay(job.attempts, this.delivery, result.retryAfterMs);
      this.log(`warning: webhook "${name}": ${job.event} failed (${result.reason}); attempt ${job.attempts + 1} of ${this.delivery.maxAttempts} in ${delay} ms`);
      lane.retryTimer = setTimeout(() => {
        lane.retryTimer = undefined;
        this.pump();
      }, delay);
    } else {
      lane.current = undefined;
      this.log(`error: webhook "${name}": gave up on ${job.event} after ${job.attempts} attempt(s); last failure: ${result.reason}`);
    }
    this.pump();
  }

  /**
   * Stops: nothing new is sent, waiting events and pending retries are dropped, requests in flight
   * get `closeTimeoutMs` to finish and are then cut. Resolves when no timer or socket is left.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    let dropped = 0;
    for (const lane of this.lanes.values()) {
      if (lane.retryTimer) {
        clearTimeout(lane.retryTimer);
        lane.retryTimer = undefined;
        lane.current = undefined;
        dropped++;
      }
      dropped += lane.waiting.length;
      lane.waiting = [];
    }
    if (this.inFlight.size > 0) {
      let grace: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => (grace = setTimeout(resolve, this.delivery.closeTimeoutMs)));
      await Promise.race([Promise.allSettled([...this.inFlight]), timedOut]);
      clearTimeout(grace);
      this.cut.abort();
      await Promise.allSettled([...this.inFlight]);
    }
    this.options.transport.close();
    if (dropped > 0) this.log(`warning: webhooks: ${dropped} event(s) not delivered: the app closed`);
  }
}
