// The Redis keys of one test run: each run counts under a prefix of its own on the shared server
// (runtime/db/test-services.ts ensureRedis) and deletes its keys at the end.
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { REDIS_URL } from '../test-services';

export function uniqueRedisPrefix(label: string): string {
  return `cms-gen-test:${label}:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

async function withRedis<T>(fn: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    return await fn(redis);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

async function scan(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

export function redisKeys(prefix: string): Promise<string[]> {
  return withRedis((redis) => scan(redis, prefix));
}

/** Deletes every key under `prefix`; returns how many there were. */
export function deleteRedisKeys(prefix: string): Promise<number> {
  return withRedis(async (redis) => {
    const keys = await scan(redis, prefix);
    if (keys.length) await redis.del(...keys);
    return keys.length;
  });
}
