// The webhooks plugin: listens to the engine's committed-write events and hands each event a
// webhook subscribed to to the dispatcher, which POSTs it in the background. The request that
// caused the event only pays for serializing the payload once.
import type { PluginContext, RuntimePlugin } from '@cms-gen/server/app/plugin';
import type { EngineEvent } from '@cms-gen/core/engine/events';
import { WebhookDispatcher, type WebhookTarget } from './dispatcher';
import { mergeHeaders } from './headers';
import { sendsWebhooks, webhookBody } from './payload';
import { httpTransport, type WebhookTransport } from './transport';

interface WebhooksState {
  dispatcher: WebhookDispatcher;
  stopListening: () => void;
}

// The plugin object is shared by every app of the process; each app's state is keyed by its context.
const states = new Map<PluginContext, WebhooksState>();

/** The dispatcher of this app (undefined when no webhook is enabled). */
export function webhookDispatcher(ctx: PluginContext): WebhookDispatcher | undefined {
  return states.get(ctx)?.dispatcher;
}

/** Starts delivery for the app of `ctx`; `transport` is replaceable for tests. */
export function startWebhooks(ctx: PluginContext, transport: WebhookTransport = httpTransport()): void {
  const enabled = ctx.config.webhooks.webhooks.filter((webhook) => webhook.enabled && webhook.url !== undefined);
  if (enabled.length === 0) {
    transport.close();
    return;
  }
  const defaultHeaders = ctx.config.server.webhooks?.defaultHeaders ?? {};
  const targets: WebhookTarget[] = enabled.map((webhook) => ({ name: webhook.name, url: webhook.url as string, headers: mergeHeaders(defaultHeaders, webhook.headers) }));
  const dispatcher = new WebhookDispatcher({ targets, delivery: ctx.config.webhooks.delivery, transport, log: ctx.log });
  // Event name → names of the webhooks that receive it.
  const subscribers = new Map<string, string[]>();
  for (const webhook of enabled) for (const event of webhook.events) subscribers.set(event, [...(subscribers.get(event) ?? []), webhook.name]);

  const stopListening = ctx.engine.events.on((event: EngineEvent) => {
    const names = subscribers.get(event.event);
    if (!names || !sendsWebhooks(event)) return;
    const body = webhookBody(event, ctx.schema, new Date());
    for (const name of names) dispatcher.enqueue(name, event.event, body);
  });
  states.set(ctx, { dispatcher, stopListening });
  ctx.log(`webhooks: ${enabled.length} enabled (${enabled.map((webhook) => webhook.name).join(', ')})`);
}

async function stop(state: WebhooksState): Promise<void> {
  state.stopListening();
  await state.dispatcher.close();
}

export const webhooksPlugin: RuntimePlugin = {
  name: 'webhooks',
  bootstrap: async (ctx) => startWebhooks(ctx),
  async close(ctx) {
    // Without a context (an older caller), every app's deliveries stop.
    const contexts = ctx ? [ctx] : [...states.keys()];
    for (const context of contexts) {
      const state = states.get(context);
      states.delete(context);
      if (state) await stop(state);
    }
  },
};
