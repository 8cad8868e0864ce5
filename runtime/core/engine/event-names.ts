// The events a webhook may subscribe to: every event the engine announces (engine/events.ts).
import type { EntryEventName, MediaEventName } from './events';

export type WebhookEventName = EntryEventName | MediaEventName;

const NAMES = {
  'entry.create': true,
  'entry.update': true,
  'entry.delete': true,
  'entry.publish': true,
  'entry.unpublish': true,
  'entry.draft-discard': true,
  'media.create': true,
  'media.update': true,
  'media.delete': true,
} satisfies Record<WebhookEventName, true>;

/** In the order the docs list them; the object above makes a missing or misspelled name a compile error. */
export const WEBHOOK_EVENTS = Object.keys(NAMES) as WebhookEventName[];

export function isWebhookEvent(name: unknown): name is WebhookEventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(NAMES, name);
}
