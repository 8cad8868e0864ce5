// Rate limits of the auth routes (spec "Limits"), with rate-limiter-flexible. Counters live in
// this process by default, or in Redis so that several instances share them (a memory limiter
// stands in while Redis is unreachable, rather than failing logins). Every limited response
// carries Strapi's x-ratelimit-limit/-remaining/-reset headers (reset: epoch seconds); over the
// limit the answer is 429 RateLimitError with Retry-After.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type Redis from 'ioredis';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { lazyModule } from '@cms-gen/core/lazy-module';
import type { RateLimitConfig, RateLimitedRoute, RateLimitWindow } from '@cms-gen/server/config/types';
import { RateLimitError } from '@cms-gen/core/errors';
import { rateLimitKey } from './rate-limit-key';
import { rateLimitRedis } from './redis-client';

/** rate-limiter-flexible (all its stores), loaded when a limited route is first requested. */
const flexible = lazyModule(() => require('rate-limiter-flexible') as typeof import('rate-limiter-flexible'));

export class AuthRateLimiter {
  private readonly limiters = new Map<RateLimitedRoute, { limiter: RateLimiterAbstract; window: RateLimitWindow }>();

  private constructor(
    private readonly config: RateLimitConfig,
    private readonly redis: Redis | undefined,
  ) {}

  static create(config: RateLimitConfig, log: (line: string) => void): AuthRateLimiter {
    if (!config.enabled || config.store === 'memory') return new AuthRateLimiter(config, undefined);
    const redis = rateLimitRedis(config, 'rate limit', log);
    return new AuthRateLimiter(config, redis);
  }

  private limiterFor(route: RateLimitedRoute): { limiter: RateLimiterAbstract; window: RateLimitWindow } {
    const known = this.limiters.get(route);
    if (known) return known;
    const window = this.config.routes[route] ?? { interval: this.config.interval, max: this.config.max };
    // Redis expiries are whole seconds.
    const options = { points: window.max, duration: Math.max(1, Math.ceil(window.interval / 1000)), keyPrefix: `${this.config.redis.prefix}${route}` };
    const { RateLimiterMemory, RateLimiterRedis } = flexible();
    const memory = new RateLimiterMemory(options);
    const limiter = this.redis ? new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: memory }) : memory;
    const entry = { limiter, window };
    this.limiters.set(route, entry);
    return entry;
  }

  /**
   * Counts one request of `route` under `key` (rateLimitKey) for any transport: the counters go to
   * `setHeader` (Strapi's x-ratelimit-* headers), and over the limit it throws RateLimitError.
   */
  async consume(route: RateLimitedRoute, key: string, setHeader: (name: string, value: string) => void): Promise<void> {
    if (!this.config.enabled) return;
    const { limiter, window } = this.limiterFor(route);
    const report = (result: RateLimiterRes) => {
      setHeader('X-RateLimit-Limit', String(window.max));
      setHeader('X-RateLimit-Remaining', String(Math.max(0, result.remainingPoints)));
      setHeader('X-RateLimit-Reset', String(Math.ceil((Date.now() + result.msBeforeNext) / 1000)));
    };
    let result: RateLimiterRes;
    try {
      result = await limiter.consume(key);
    } catch (rejection: unknown) {
      if (!(rejection instanceof flexible().RateLimiterRes)) throw rejection;
      report(rejection);
      setHeader('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      throw new RateLimitError();
    }
    report(result);
  }

  /** Middleware counting requests of one route (routes outside the operation layer: provider login). */
  middleware(route: RateLimitedRoute): RequestHandler {
    if (!this.config.enabled) return (_req, _res, next) => next();
    return (req: Request, res: Response, next: NextFunction) => {
      const key = rateLimitKey(req.originalUrl.split('?')[0], req.ip ?? 'unknown', req.body);
      this.consume(route, key, (name, value) => res.setHeader(name, value)).then(() => next(), next);
    };
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
