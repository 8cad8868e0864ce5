// Failed sign-ins (or reset-email requests) per email and client address: after 5 within 15
// minutes the next attempts are refused (429) until the window has passed. A successful sign-in
// clears the count. Several instances share sessions, so they share this count too: it lives in
// the database (admin_login_attempts), or in Redis when the app keeps its rate limits there
// (`plugins.users-permissions.ratelimit.store: 'redis'`).
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { lazyModule } from '@cms-gen/core/lazy-module';
import type { Db } from '@cms-gen/db/types';
import { RateLimitError } from '@cms-gen/core/errors';
import { encodeValue, nowIso } from '@cms-gen/core/sql/codec';
import { dialectFor } from '@cms-gen/core/sql/dialect';
import type { RateLimitConfig } from '@cms-gen/server/config/types';
import { rateLimitRedis } from '@cms-gen/users-permissions/rate-limit/redis-client';
import { deleteRows, insertRow, selectRows } from '@cms-gen/users-permissions/internal-tables';
import { ADMIN_LOGIN_ATTEMPTS } from './tables';

/** rate-limiter-flexible, loaded when Redis keeps the count: the database store needs none of it. */
const flexible = lazyModule(() => require('rate-limiter-flexible') as typeof import('rate-limiter-flexible'));

export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;

/** Where counts live: one row per key in the database, or a rate-limiter-flexible store. */
interface CountStore {
  /** The failures counted under `key` and the ms until they are forgotten (undefined: none). */
  get(key: string): Promise<{ failures: number; msLeft: number } | undefined>;
  add(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export class LoginLimiter {
  /** `scope` keeps two limiters apart in one store (sign-ins, reset emails). */
  constructor(
    private readonly store: CountStore,
    private readonly scope: string,
  ) {}

  private key(email: unknown, ip: string): string {
    return `${this.scope}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}|${ip}`;
  }

  /** Throws 429 (with Retry-After) when this email and address have used up their failures. */
  async check(email: unknown, ip: string, setHeader: (name: string, value: string) => void): Promise<void> {
    const state = await this.store.get(this.key(email, ip));
    if (state && state.failures >= MAX_FAILURES) {
      setHeader('Retry-After', String(Math.max(1, Math.ceil(state.msLeft / 1000))));
      throw new RateLimitError();
    }
  }

  async failed(email: unknown, ip: string): Promise<void> {
    await this.store.add(this.key(email, ip));
  }

  async succeeded(email: unknown, ip: string): Promise<void> {
    await this.store.clear(this.key(email, ip));
  }
}

/** Counts in admin_login_attempts: an atomic increment, so concurrent instances never lose a failure. */
export function databaseStore(db: () => Db): CountStore {
  const q = (name: string) => dialectFor(db().dialect).quote(name);
  const { table, columns } = ADMIN_LOGIN_ATTEMPTS;
  const at = (ms: number) => encodeValue('datetime', new Date(ms).toISOString(), db().dialect);
  const increment = async (key: string, now: number): Promise<boolean> => {
    const sql = `UPDATE ${q(table)} SET ${q(columns.failures.column)} = ${q(columns.failures.column)} + 1, ${q('updated_at')} = ? WHERE ${q(columns.key.column)} = ? AND ${q(columns.expiresAt.column)} > ?`;
    return (await db().execute(sql, [encodeValue('datetime', nowIso(), db().dialect), key, at(now)])).changes > 0;
  };
  return {
    async get(key) {
      const [row] = await selectRows(db(), ADMIN_LOGIN_ATTEMPTS, { key });
      const msLeft = row ? Date.parse(String(row.expiresAt)) - Date.now() : 0;
      return row && msLeft > 0 ? { failures: Number(row.failures), msLeft } : undefined;
    },
    async add(key) {
      const now = Date.now();
      if (await increment(key, now)) return;
      // No live count: forget every expired one (this key's included), then start this one.
      await db().execute(`DELETE FROM ${q(table)} WHERE ${q(columns.expiresAt.column)} <= ?`, [at(now)]);
      try {
        await insertRow(db(), ADMIN_LOGIN_ATTEMPTS, { key, failures: 1, expiresAt: new Date(now + WINDOW_SECONDS * 1000).toISOString() });
      } catch (err) {
        // Another instance started the count meanwhile (the key is unique): count on theirs.
        if (!(await increment(key, now))) throw err;
      }
    },
    async clear(key) {
      await deleteRows(db(), ADMIN_LOGIN_ATTEMPTS, { key });
    },
  };
}

/** Counts in Redis (rate-limiter-flexible), with a memory count standing in while Redis is unreachable. */
export function redisStore(config: RateLimitConfig, log: (line: string) => void): CountStore & { close(): Promise<void> } {
  const redis = rateLimitRedis(config, 'admin login limit', log);
  const options = { points: MAX_FAILURES, duration: WINDOW_SECONDS, keyPrefix: `${config.redis.prefix}admin-login` };
  const { RateLimiterMemory, RateLimiterRedis } = flexible();
  const limiter: RateLimiterAbstract = new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
  return {
    async get(key) {
      const state = await limiter.get(key);
      return state ? { failures: state.consumedPoints, msLeft: state.msBeforeNext } : undefined;
    },
    async add(key) {
      await limiter.penalty(key, 1);
    },
    async clear(key) {
      await limiter.delete(key);
    },
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}
