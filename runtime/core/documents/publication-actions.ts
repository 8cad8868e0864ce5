// publish, unpublish and discardDraft (Strapi 5's Document Service): each acts on the versions
// of one document in one locale, or in every locale with `locale: '*'`, in one transaction.
// Lifecycle mapping (documented in docs/customization.md ("Lifecycles")): each version changed fires
// beforeUpdate/afterUpdate with `event.documentAction` naming the action; events are
// entry.publish, entry.unpublish and entry.draft-discard, one per version.
import { ValidationError } from '../errors';
import type { Db } from '@cms-gen/db/types';
import type { EntryEventName } from '../engine/events';
import type { Document } from '../engine/types';
import { discardDraftVersion, publishDocument, unpublishVersion, type VersionKey } from '../engine/write/document-writer';
import type { DocumentQuery } from '../query/ast';
import { authorize, requireDocumentId, type ActionTarget } from './action-context';
import { writeCallQuery, type CallOptions } from './call-options';
import { announceEntry, versionEntry } from './entry-events';
import { fireAfter, fireBefore, lifecycleEvent } from './lifecycle-event';
import { singleDocumentId } from './read-actions';
import type { DocumentParams, DocumentVersionsResult } from './types';
import { inWriteTransaction } from './write-scope';

export type PublicationAction = 'publish' | 'unpublish' | 'discardDraft';

interface Step {
  /** Which version must exist for the step to apply. */
  source: 'draft' | 'published';
  event: EntryEventName;
  /** Changes the version; false when there was nothing to do. */
  run(t: ActionTarget, tx: Db, key: VersionKey): Promise<boolean>;
  /** The entry reported: read before (what was removed) or after (what now exists) the change. */
  entry: { when: 'before' | 'after'; status: 'draft' | 'published' };
}

const STEPS: Record<PublicationAction, Step> = {
  publish: {
    source: 'draft',
    event: 'entry.publish',
    run: async (t, tx, key) => (await publishDocument(t.engine.writeEnv(tx), t.meta, key), true),
    entry: { when: 'after', status: 'published' },
  },
  unpublish: {
    source: 'published',
    event: 'entry.unpublish',
    run: (t, tx, key) => unpublishVersion(t.engine.writeEnv(tx), t.meta, key),
    entry: { when: 'before', status: 'published' },
  },
  discardDraft: {
    source: 'published',
    event: 'entry.draft-discard',
    run: (t, tx, key) => discardDraftVersion(t.engine.writeEnv(tx), t.meta, key),
    entry: { when: 'after', status: 'draft' },
  },
};

export async function publicationAction(t: ActionTarget, action: PublicationAction, params: DocumentParams, call: CallOptions): Promise<DocumentVersionsResult> {
  const { engine, meta } = t;
  // The users & permissions plugin has no publish action: changing a document's versions is an update.
  authorize(params, meta, 'update');
  if (!meta.draftAndPublish) throw new ValidationError(`${action}: ${t.uid} does not have draft & publish enabled`);
  const documentId = meta.kind === 'singleType' ? undefined : requireDocumentId(params, action);
  // Publication fires the update lifecycles, once per version it changes.
  const { raw, query } = writeCallQuery(t, params, call, 'beforeUpdate', 'afterUpdate');
  const step = STEPS[action];
  return inWriteTransaction(engine, t.uid, async (tx, queue) => {
    const target = documentId ?? (await singleDocumentId(t, tx));
    if (target === undefined) return { documentId: '', entries: [] };
    const entries: Document[] = [];
    for (const key of await versionKeys(t, tx, target, query.locale, step.source)) {
      const event = lifecycleEvent(t, action, { where: { documentId: target, ...(key.locale !== null ? { locale: key.locale } : {}) }, query: raw });
      await fireBefore(t, 'beforeUpdate', event);
      const before = step.entry.when === 'before' ? await versionEntry(t, tx, key, step.entry.status, query) : null;
      if (!(await step.run(t, tx, key))) continue;
      const entry = before ?? (await versionEntry(t, tx, key, step.entry.status, query));
      if (!entry) continue;
      const result = await fireAfter(t, 'afterUpdate', event, entry);
      entries.push(result);
      announceEntry(t, queue, step.event, result);
    }
    return { documentId: target, entries };
  });
}

/** The versions of `documentId` that have a `source` version, in `locale` (undefined: default, '*': all). */
async function versionKeys(t: ActionTarget, db: Db, documentId: string, locale: DocumentQuery['locale'], source: 'draft' | 'published'): Promise<VersionKey[]> {
  const { meta, engine } = t;
  const q = engine.dialect.quote;
  const conds = ['document_id = ?', source === 'draft' ? 'published_at IS NULL' : 'published_at IS NOT NULL'];
  const params: string[] = [documentId];
  if (meta.localized && locale !== '*') conds.push('locale = ?'), params.push(locale ?? engine.defaultLocale);
  const rows = await db.query(`SELECT ${meta.localized ? 'locale' : 'id'} FROM ${q(meta.table)} WHERE ${conds.join(' AND ')} ORDER BY id`, params);
  return rows.map((row) => ({ documentId, locale: meta.localized ? String(row.locale) : null }));
}
