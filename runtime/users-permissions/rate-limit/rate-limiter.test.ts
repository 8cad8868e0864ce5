import express from 'express';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { RateLimitConfig } from '@cms-gen/server/config/types';
import { errorHandler } from '@cms-gen/server/http/http-errors';
import { AuthRateLimiter } from './rate-limiter';

const config = (overrides: Partial<RateLimitConfig> = {}): RateLimitConfig => ({
  enabled: true,
  interval: 60_000,
  max: 10,
  routes: { login: { interval: 60_000, max: 2 } },
  store: 'memory',
  redis: { url: 'redis://127.0.0.1:6379', prefix: `test:${randomBytes(4).toString('hex')}:` },
  ...overrides,
});

async function serve(limiter: AuthRateLimiter): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(express.json());
  app.post('/api/auth/local', limiter.middleware('login'), (_req, res) => res.json({ ok: true }));
  app.post('/api/auth/forgot-password', limiter.middleware('forgotPassword'), (_req, res) => res.json({ ok: true }));
  app.use(errorHandler({ error: () => undefined }));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const post = (url: string, body: object) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('AuthRateLimiter (memory)', () => {
  it("counts per route window, sends Strapi's headers and answers 429 RateLimitError over the limit", async () => {
    const limiter = AuthRateLimiter.create(config(), () => undefined);
    const server = await serve(limiter);
    try {
      const first = await post(`${server.url}/api/auth/local`, { identifier: 'a' });
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      const reset = Number(first.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
      expect((await post(`${server.url}/api/auth/local`, { identifier: 'b' })).status).toBe(200);
      const third = await post(`${server.url}/api/auth/local`, { identifier: 'c' });
      expect(third.status).toBe(429);
      expect(third.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await third.json()).toEqual({ data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } });
      // Routes without their own window use the top-level one, keyed by email.
      const forgot = await post(`${server.url}/api/auth/forgot-password`, { email: 'x@y.z' });
      expect(forgot.headers.get('x-ratelimit-limit')).toBe('10');
    } finally {
      await server.close();
      await limiter.close();
    }
  });

  it('does nothing when disabled', async () => {
    const limiter = AuthRateLimiter.create(config({ enabled: false }), () => undefined);
    const server = await serve(limiter);
    try {
      for (let i = 0; i < 4; i++) expect((await post(`${server.url}/api/auth/local`, {})).status).toBe(200);
      expect((await post(`${server.url}/api/auth/local`, {})).headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await server.close();
      await limiter.close();
    }
  });
});

describe('AuthRateLimiter.consume (any transport)', () => {
  it('reports the counters through setHeader and throws RateLimitError over the limit', async () => {
    const limiter = AuthRateLimiter.create(config(), () => undefined);
    const headers = new Map<string, string>();
    const setHeader = (name: string, value: string) => headers.set(name, value);
    try {
      await limiter.consume('login', 'noIdentifier:/api/auth/local:ip', setHeader);
      expect([headers.get('X-RateLimit-Limit'), headers.get('X-RateLimit-Remaining')]).toEqual(['2', '1']);
      await limiter.consume('login', 'noIdentifier:/api/auth/local:ip', setHeader);
      await expect(limiter.consume('login', 'noIdentifier:/api/auth/local:ip', setHeader)).rejects.toMatchObject({ name: 'RateLimitError', status: 429 });
      expect(Number(headers.get('Retry-After'))).toBeGreaterThan(0);
      // Another key has its own bucket.
      await expect(limiter.consume('login', 'noIdentifier:/api/auth/local:other', setHeader)).resolves.toBeUndefined();
    } finally {
      await limiter.close();
    }
  });
});

describe('AuthRateLimiter (redis)', () => {
  it('shares counters between limiters (instances) through Redis', async () => {
    const shared = config({ store: 'redis' });
    const a = AuthRateLimiter.create(shared, () => undefined);
    const b = AuthRateLimiter.create(shared, () => undefined);
    const [sa, sb] = [await serve(a), await serve(b)];
    try {
      expect((await post(`${sa.url}/api/auth/local`, {})).status).toBe(200);
      expect((await post(`${sb.url}/api/auth/local`, {})).headers.get('x-ratelimit-remaining')).toBe('0');
      expect((await post(`${sa.url}/api/auth/local`, {})).status).toBe(429);
    } finally {
      await sa.close();
      await sb.close();
      await a.close();
      await b.close();
    }
  });
});
