// When to try a failed delivery again: exponential backoff (initialDelayMs, then twice that, ...),
// never longer than maxDelayMs. A receiver's Retry-After (429, 503) may ask for a longer wait,
// which is honoured up to the same cap. No jitter: each webhook delivers one event at a time, so
// retries of one receiver do not arrive in bursts.

export interface BackoffPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
}

/** The wait after the `attempts`-th failed attempt (1 for the first). */
export function retryDelay(attempts: number, policy: BackoffPolicy, retryAfterMs?: number): number {
  const exponential = policy.initialDelayMs * 2 ** Math.min(attempts - 1, 30);
  return Math.min(policy.maxDelayMs, Math.max(exponential, retryAfterMs ?? 0));
}

/** A Retry-After header in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
