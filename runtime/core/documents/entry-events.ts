// The entry events of a write (entry.create, entry.publish, ...), queued inside its transaction
// and emitted after commit by write-scope.ts.
import type { Db } from '@cms-gen/db/types';
import type { EntryEventName, EngineEvent } from '../engine/events';
import { findDocument } from '../engine/read';
import type { Document } from '../engine/types';
import type { VersionKey } from '../engine/write/document-writer';
import type { DocumentQuery } from '../query/ast';
import type { ActionTarget } from './action-context';

/**
 * Queues an entry event for after commit. The entry is the version written, every public field
 * and no relation (private fields never leave the engine), read inside the transaction so a later
 * write cannot show through. Nothing is read when nobody listens.
 */
export async function announce(t: ActionTarget, tx: Db, queue: (event: EngineEvent) => void, event: EntryEventName, key: VersionKey, status: 'draft' | 'published'): Promise<void> {
  if (!t.engine.events.listening) return;
  const entry = await versionEntry(t, tx, key, status);
  if (entry) queue({ event, uid: t.uid, model: t.meta.singularName, entry });
}

/** Queues an event for an entry already read (a deleted or unpublished version). */
export function announceEntry(t: ActionTarget, queue: (event: EngineEvent) => void, event: EntryEventName, entry: Document): void {
  if (t.engine.events.listening) queue({ event, uid: t.uid, model: t.meta.singularName, entry });
}

/** One version of a document, all public fields, no relations. */
export function versionEntry(t: ActionTarget, db: Db, key: VersionKey, status: 'draft' | 'published', query?: DocumentQuery): Promise<Document | null> {
  const version = t.meta.draftAndPublish ? status : 'published';
  const base: DocumentQuery = query ?? { sort: [], populate: {}, pagination: { mode: 'offset', start: 0, limit: 1, withCount: false }, status: version };
  return findDocument(t.engine.readEnv(db), t.shape, key.documentId, { ...base, status: version, publicationFilter: undefined, locale: key.locale ?? undefined });
}
