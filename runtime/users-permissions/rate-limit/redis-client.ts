// The Redis connection of a rate limit kept in Redis (`ratelimit.store: 'redis'`), for the auth
// routes' limits and the admin's login limit alike. ioredis is loaded only then. Its errors are
// reported once per outage: the limiters fall back to a memory count meanwhile.
import type Redis from 'ioredis';
import { loadOptional } from '@cms-gen/server/app/optional-package';
import type { RateLimitConfig } from '@cms-gen/server/config/types';

/** A client for `config.redis.url`; `what` names the limit in the log line of an outage. */
export function rateLimitRedis(config: RateLimitConfig, what: string, log: (line: string) => void): Redis {
  const RedisClient = loadOptional('ioredis', `The ${what}'s Redis store`, () => require('ioredis') as typeof import('ioredis')).default;
  const redis = new RedisClient(config.redis.url, { maxRetriesPerRequest: 1 });
  let reported = false;
  redis.on('error', (err: Error) => {
    if (!reported) log(`${what}: redis ${config.redis.url} unavailable (${err.message}); counting in memory meanwhile`);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}
