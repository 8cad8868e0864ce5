// Failed sign-ins (or reset-email requests) per email and client address: after 5 within 15
// minutes the next attempts are refused (429) until the window has passed. A successful sign-in
// clears the count. Counted in this process (each instance counts its own).
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RateLimitError } from '@cms-gen/core/errors';

export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;

export class LoginLimiter {
  private readonly failures = new RateLimiterMemory({ points: MAX_FAILURES, duration: WINDOW_SECONDS });

  private key(email: unknown, ip: string): string {
    return `${typeof email === 'string' ? email.trim().toLowerCase() : ''}|${ip}`;
  }

  /** Throws 429 (with Retry-After) when this email and address have used up their failures. */
  async check(email: unknown, ip: string, setHeader: (name: string, value: string) => void): Promise<void> {
    const state = await this.failures.get(this.key(email, ip));
    if (state && state.consumedPoints >= MAX_FAILURES) {
      setHeader('Retry-After', String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))));
      throw new RateLimitError();
    }
  }

  async failed(email: unknown, ip: string): Promise<void> {
    await this.failures.penalty(this.key(email, ip), 1);
  }

  async succeeded(email: unknown, ip: string): Promise<void> {
    await this.failures.delete(this.key(email, ip));
  }
}
