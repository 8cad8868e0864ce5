// What a webhook receives: Strapi's payload, `{ event, createdAt, model, uid, entry }` for entries
// and `{ event, createdAt, media }` for media, serialized once per event (every webhook of the
// event sends the same bytes, and a later change to the entry object cannot leak into a retry).
import type { EngineEvent } from '@cms-gen/core/engine/events';
import { FILE_UID } from '@cms-gen/core/model/schema-index';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import { withoutPrivateAttributes } from './private-fields';

/** Users & permissions types hold credentials and sessions: like Strapi, their changes send no webhook. */
export function sendsWebhooks(event: EngineEvent): boolean {
  return !('uid' in event) || !event.uid.startsWith('plugin::users-permissions.');
}

/** The request body of `event`, observed at `at`. */
export function webhookBody(event: EngineEvent, schema: SchemaMeta, at: Date): string {
  const createdAt = at.toISOString();
  const payload =
    'media' in event
      ? { event: event.event, createdAt, media: withoutPrivateAttributes(event.media, FILE_UID, schema) }
      : { event: event.event, createdAt, model: event.model, uid: event.uid, entry: withoutPrivateAttributes(event.entry, event.uid, schema) };
  // Big integers (a biginteger attribute read as a BigInt) travel as strings, as the REST API sends them.
  return JSON.stringify(payload, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
