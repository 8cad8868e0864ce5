// The plugin's wiring without HTTP: which events reach which webhook, that an app without enabled
// webhooks listens to nothing, and that closing stops listening.
import { defaultConfig } from '@cms-gen/server/config/defaults';
import type { AppConfig, WebhookConfig } from '@cms-gen/server/config/types';
import { EngineEvents } from '@cms-gen/core/engine/events';
import type { PluginContext } from '@cms-gen/server/app/plugin';
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { startWebhooks, webhookDispatcher, webhooksPlugin } from './plugin';
import type { PostRequest, WebhookTransport } from './transport';

function context(webhooks: WebhookConfig[], defaultHeaders?: Record<string, string>) {
  const config: AppConfig = defaultConfig();
  config.webhooks.webhooks = webhooks;
  if (defaultHeaders) config.server.webhooks = { defaultHeaders };
  const events = new EngineEvents();
  const logs: string[] = [];
  // Only what the plugin reads; the rest of the context is not touched.
  const ctx = { config, schema, engine: { events }, log: (line: string) => logs.push(line) } as unknown as PluginContext;
  const sent: PostRequest[] = [];
  let closed = false;
  const transport: WebhookTransport = {
    post: async (request) => {
      sent.push(request);
      return { ok: true, status: 200 };
    },
    close: () => void (closed = true),
  };
  return { ctx, events, logs, sent, transport, isClosed: () => closed };
}

const hook = (name: string, events: string[], extra: Partial<WebhookConfig> = {}): WebhookConfig => ({ name, url: `http://127.0.0.1:9/${name}`, events, headers: {}, enabled: true, ...extra });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('webhooks plugin', () => {
  it('starts nothing when no webhook is enabled', () => {
    const { ctx, events, transport, isClosed } = context([hook('off', ['entry.create'], { enabled: false })]);
    const on = jest.spyOn(events, 'on');
    startWebhooks(ctx, transport);
    expect(on).not.toHaveBeenCalled();
    expect(webhookDispatcher(ctx)).toBeUndefined();
    expect(isClosed()).toBe(true);
  });

  it('routes each event to the webhooks subscribed to it, with default headers under their own', async () => {
    const { ctx, events, logs, sent, transport } = context(
      [hook('a', ['entry.create', 'media.create'], { headers: { authorization: 'Bearer a' } }), hook('b', ['entry.create'])],
      { Authorization: 'Bearer default', 'X-Env': 'test' },
    );
    startWebhooks(ctx, transport);
    expect(logs).toEqual(['webhooks: 2 enabled (a, b)']);
    events.emit({ event: 'entry.create', uid: 'api::article.article', model: 'article', entry: { id: 1, secret_code: 'x' } });
    events.emit({ event: 'entry.update', uid: 'api::article.article', model: 'article', entry: { id: 1 } });
    events.emit({ event: 'media.create', media: { id: 2 } });
    await tick();
    expect(sent.map((request) => [request.url, request.headers['X-Strapi-Event']])).toEqual([
      ['http://127.0.0.1:9/a', 'entry.create'],
      ['http://127.0.0.1:9/b', 'entry.create'],
      ['http://127.0.0.1:9/a', 'media.create'],
    ]);
    expect(sent[0].headers).toEqual({ authorization: 'Bearer a', 'X-Env': 'test', 'Content-Type': 'application/json', 'X-Strapi-Event': 'entry.create' });
    expect(sent[1].headers.Authorization).toBe('Bearer default');
    // Both webhooks of one event send the same bytes.
    expect(sent[0].body).toBe(sent[1].body);
    expect(JSON.parse(sent[0].body).entry).toEqual({ id: 1 });
    await webhooksPlugin.close?.(ctx);
  });

  it('stops listening on close', async () => {
    const { ctx, events, sent, transport, isClosed } = context([hook('a', ['entry.create'])]);
    startWebhooks(ctx, transport);
    await webhooksPlugin.close?.(ctx);
    expect(isClosed()).toBe(true);
    events.emit({ event: 'entry.create', uid: 'api::article.article', model: 'article', entry: { id: 1 } });
    await tick();
    expect(sent).toEqual([]);
    expect(webhookDispatcher(ctx)).toBeUndefined();
  });
});
