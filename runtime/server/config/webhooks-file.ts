// `config/webhooks.{json,js}` after its rule checked each value: fills each webhook's defaults and
// checks what spans items (an enabled webhook needs a URL, names are unique). Strapi keeps webhooks in its admin database; cms-gen keeps them in configuration (its admin panel lists them).
import { ConfigError } from '@cms-gen/core/config-error';
import type { WebhookConfig } from './types';

interface CheckedWebhook {
  name: string;
  url?: string;
  events: string[];
  headers?: Record<string, string>;
  enabled?: boolean;
  isEnabled?: boolean;
}

/** Returns the file's checked object with `webhooks` in their full form. */
export function completeWebhooksFile(checked: Record<string, unknown>, label: string): Record<string, unknown> {
  if (checked.webhooks === undefined) return checked;
  const seen = new Set<string>();
  const webhooks = (checked.webhooks as CheckedWebhook[]).map((item, i): WebhookConfig => {
    if (seen.has(item.name)) throw new ConfigError(`${label}: webhooks[${i}].name ${JSON.stringify(item.name)} is used by an earlier webhook; names must be unique`);
    seen.add(item.name);
    const enabled = item.enabled ?? item.isEnabled ?? true;
    // A disabled webhook may leave its URL unset (e.g. `url: env('HOOK_URL')` outside production).
    if (enabled && item.url === undefined) throw new ConfigError(`${label}: webhooks[${i}].url is required (an absolute http(s) URL) unless the webhook is disabled`);
    return { name: item.name, url: item.url, events: item.events, headers: item.headers ?? {}, enabled };
  });
  return { ...checked, webhooks };
}
