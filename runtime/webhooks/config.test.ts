// config/webhooks.{json,js} and server.webhooks.defaultHeaders through loadConfig: defaults,
// env interpolation in .js files, and one clear ConfigError per wrong value naming file and key.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@cms-gen/server/config/load-config';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function appWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-webhooks-config-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'config'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, 'config', name), content);
  return dir;
}

const json = (value: unknown) => JSON.stringify(value);

function errorOf(files: Record<string, string>): string {
  try {
    loadConfig(appWith(files), {});
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

const hook = (extra: Record<string, unknown> = {}) => ({ name: 'site', url: 'https://hooks.example.com/build', events: ['entry.publish'], ...extra });

describe('webhooks configuration', () => {
  it('has no webhooks and bounded delivery by default', () => {
    const config = loadConfig(appWith({}), {});
    expect(config.webhooks).toEqual({
      webhooks: [],
      delivery: { maxAttempts: 5, initialDelayMs: 1000, maxDelayMs: 30_000, timeoutMs: 10_000, queueSize: 1000, concurrency: 4, closeTimeoutMs: 5000 },
    });
    expect(config.server.webhooks).toBeUndefined();
  });

  it('reads webhooks with their defaults (headers {}, enabled) and delivery settings over the defaults', () => {
    const config = loadConfig(
      appWith({
        'webhooks.json': json({
          webhooks: [hook(), { name: 'off', events: ['media.create', 'media.create'], isEnabled: false }],
          delivery: { maxAttempts: 2, timeoutMs: 500 },
        }),
      }),
      {},
    );
    expect(config.webhooks.webhooks).toEqual([
      { name: 'site', url: 'https://hooks.example.com/build', events: ['entry.publish'], headers: {}, enabled: true },
      { name: 'off', url: undefined, events: ['media.create'], headers: {}, enabled: false },
    ]);
    expect(config.webhooks.delivery).toMatchObject({ maxAttempts: 2, timeoutMs: 500, initialDelayMs: 1000 });
  });

  it('interpolates env() in config/webhooks.js and reads server.webhooks.defaultHeaders', () => {
    const dir = appWith({
      'webhooks.js': `module.exports = ({ env }) => ({ webhooks: [{ name: 'ci', url: env('HOOK_URL'), events: ['entry.create'], headers: { Authorization: 'Bearer ' + env('WEBHOOK_TOKEN') } }] });`,
      'server.json': json({ webhooks: { defaultHeaders: { 'X-Source': 'cms' } } }),
    });
    const config = loadConfig(dir, { HOOK_URL: 'http://127.0.0.1:9/hook', WEBHOOK_TOKEN: 's3cret' });
    expect(config.webhooks.webhooks[0]).toMatchObject({ url: 'http://127.0.0.1:9/hook', headers: { Authorization: 'Bearer s3cret' } });
    expect(config.server.webhooks).toEqual({ defaultHeaders: { 'X-Source': 'cms' } });
  });

  it('reports keys it does not read, in items too', () => {
    const ignored: string[] = [];
    loadConfig(appWith({ 'webhooks.json': json({ webhooks: [hook({ secret: 'x' })], retries: 3 }), 'server.json': json({ webhooks: { populateRelations: false } }) }), {}, ignored);
    expect(ignored.sort()).toEqual(['config/server.json: webhooks.populateRelations', 'config/webhooks.json: retries', 'config/webhooks.json: webhooks[0].secret']);
  });

  it.each<[string, unknown, string]>([
    ['a list that is not an array', { webhooks: hook() }, 'config/webhooks.json: webhooks must be an array (got an object)'],
    ['a missing name', { webhooks: [{ url: 'http://a.test/', events: ['entry.create'] }] }, 'config/webhooks.json: webhooks[0].name is required'],
    ['missing events', { webhooks: [{ name: 'a', url: 'http://a.test/' }] }, 'config/webhooks.json: webhooks[0].events is required'],
    ['an unknown event', { webhooks: [hook({ events: ['entry.publish', 'entry.created'] })] }, '"entry.created" is not one'],
    ['no events', { webhooks: [hook({ events: [] })] }, 'webhooks[0].events must be a non-empty array of event names (entry.create, entry.update, entry.delete, entry.publish, entry.unpublish, entry.draft-discard, media.create, media.update, media.delete)'],
    ['a ftp URL', { webhooks: [hook({ url: 'ftp://a.test/x' })] }, 'config/webhooks.json: webhooks[0].url must be an absolute http(s) URL (got string "ftp://a.test/x")'],
    ['a relative URL', { webhooks: [hook({ url: '/hook' })] }, 'webhooks[0].url must be an absolute http(s) URL'],
    ['credentials in the URL', { webhooks: [hook({ url: 'https://u:p@a.test/' })] }, 'webhooks[0].url must be an http(s) URL without credentials'],
    ['an enabled webhook without URL', { webhooks: [{ name: 'a', events: ['entry.create'] }] }, 'config/webhooks.json: webhooks[0].url is required (an absolute http(s) URL) unless the webhook is disabled'],
    ['two webhooks of one name', { webhooks: [hook(), hook()] }, 'config/webhooks.json: webhooks[1].name "site" is used by an earlier webhook'],
    ['a header value with a line break', { webhooks: [hook({ headers: { 'X-A': 'a\r\nX-B: b' } })] }, 'webhooks[0].headers must be an object of header names to string values without line breaks (header X-A)'],
    ['a header name with a space', { webhooks: [hook({ headers: { 'X A': 'a' } })] }, '"X A" is not a header name'],
    ['a numeric header value', { webhooks: [hook({ headers: { 'X-A': 1 } })] }, 'without line breaks (header X-A)'],
    ['a framing header', { webhooks: [hook({ headers: { 'Transfer-Encoding': 'chunked' } })] }, 'webhooks[0].headers must be an object of header names to string values without Transfer-Encoding (the HTTP client sets it)'],
    ['enabled that is not a boolean', { webhooks: [hook({ enabled: 'yes' })] }, 'webhooks[0].enabled must be a boolean'],
    ['zero attempts', { delivery: { maxAttempts: 0 } }, 'config/webhooks.json: delivery.maxAttempts must be an integer in 1..20 (got number 0)'],
    ['an unbounded queue', { delivery: { queueSize: 1e9 } }, 'delivery.queueSize must be an integer in 1..100000'],
    ['maxDelayMs below initialDelayMs', { delivery: { initialDelayMs: 5000, maxDelayMs: 100 } }, 'config/webhooks: delivery.maxDelayMs (100) must not be below delivery.initialDelayMs (5000)'],
  ])('refuses %s', (_what, file, message) => {
    expect(errorOf({ 'webhooks.json': json(file) })).toContain(message);
  });

  it('refuses a wrong server.webhooks.defaultHeaders', () => {
    expect(errorOf({ 'server.json': json({ webhooks: { defaultHeaders: ['a'] } }) })).toBe(
      'config/server.json: webhooks.defaultHeaders must be an object of header names to string values (got an array)',
    );
  });
});
