// Publishing or discarding the draft of a document that is the target (inverse side) of two-way
// relations. When the owning type has draft & publish too, the owner's draft rows hold the links
// of this document's draft, and the owner's published rows those of its published version (the
// pairs Strapi 5 keeps between draft and draft, published and published). An inverse-side write
// changes the owners' draft rows only (relations.ts); publishing this document makes its published
// links those of its draft, discarding its draft makes its draft links those of its published
// version, as Strapi 5.54 does: a link moves to the owner's other version only where that version
// exists, and goes at the end of the owner's list.
import type { SqlValue } from '../../db/types';
import { SYSTEM_COLUMNS, type ContentTypeMeta, type RelationAttribute, type SchemaMeta } from '../../model/types';
import type { WriteEnv } from './context';
import { appendLink, type Target } from './relations';

interface TwoWay {
  owner: ContentTypeMeta;
  attribute: RelationAttribute;
}

const twoWayCache = new WeakMap<SchemaMeta, Map<string, TwoWay[]>>();

/** Two-way relations pointing at `uid` whose owning type has draft & publish. */
function versionedInverses(schema: SchemaMeta, uid: string): TwoWay[] {
  let byTarget = twoWayCache.get(schema);
  if (!byTarget) {
    byTarget = new Map();
    for (const owner of Object.values(schema.contentTypes)) {
      if (!owner.draftAndPublish) continue;
      for (const attribute of Object.values(owner.attributes)) {
        if (attribute.kind !== 'relation' || !attribute.owner || attribute.inverse === undefined) continue;
        const list = byTarget.get(attribute.target) ?? [];
        list.push({ owner, attribute });
        byTarget.set(attribute.target, list);
      }
    }
    twoWayCache.set(schema, byTarget);
  }
  return byTarget.get(uid) ?? [];
}

/**
 * Makes the links of `self`'s `to` version (the owners' rows of that version) equal to those of its
 * `from` version: `from` 'draft' when publishing, 'published' when discarding the draft.
 */
export async function syncInverseLinks(env: WriteEnv, meta: ContentTypeMeta, self: Target, from: 'draft' | 'published'): Promise<void> {
  if (!meta.draftAndPublish) return;
  for (const relation of versionedInverses(env.schema, meta.uid)) await syncOne(env, relation, self, from === 'draft');
}

async function syncOne(env: WriteEnv, { owner, attribute }: TwoWay, self: Target, fromDraft: boolean): Promise<void> {
  const q = env.dialect.quote;
  const isDraft = q(SYSTEM_COLUMNS.isDraft);
  const selfLocale = self.locale === null ? 'l.target_locale IS NULL' : 'l.target_locale = ?';
  const rows = await env.tx.query(
    `SELECT l.id, l.inverse_position, r.document_id, ${owner.localized ? 'r.locale' : 'NULL'} AS locale, r.${isDraft} AS draft FROM ${q(attribute.linkTable)} l JOIN ${q(owner.table)} r ON r.id = l.source_id WHERE l.target_document_id = ? AND ${selfLocale}`,
    [self.documentId, ...(self.locale === null ? [] : [self.locale])],
  );
  const ownerKey = (row: Record<string, unknown>) => `${String(row.document_id)}\u0000${String(row.locale ?? '')}`;
  const source = new Map<string, Record<string, unknown>>();
  const target = new Map<string, Record<string, unknown>>();
  // Drivers answer booleans as true/false, 1/0 or '1'/'0'.
  for (const row of rows) (Boolean(Number(row.draft)) === fromDraft ? source : target).set(ownerKey(row), row);
  for (const [key, row] of target) {
    const from = source.get(key);
    if (!from) await env.tx.execute(`DELETE FROM ${q(attribute.linkTable)} WHERE id = ?`, [row.id as SqlValue]);
    else if (Number(from.inverse_position) !== Number(row.inverse_position)) {
      await env.tx.execute(`UPDATE ${q(attribute.linkTable)} SET inverse_position = ? WHERE id = ?`, [from.inverse_position as SqlValue, row.id as SqlValue]);
    }
  }
  const missing = [...source.entries()].filter(([key]) => !target.has(key)).map(([, row]) => row);
  if (missing.length === 0) return;
  // The owners' other versions, where they exist.
  const documents = [...new Set(missing.map((row) => String(row.document_id)))];
  const versions = await env.tx.query(
    `SELECT id, document_id${owner.localized ? ', locale' : ''} FROM ${q(owner.table)} WHERE document_id IN (${documents.map(() => '?').join(', ')}) AND ${isDraft} = ${fromDraft ? 'FALSE' : 'TRUE'}`,
    documents,
  );
  const rowOf = new Map(versions.map((row) => [ownerKey(row), Number(row.id)]));
  for (const row of missing) {
    const id = rowOf.get(ownerKey(row));
    if (id !== undefined) await appendLink(env, attribute, id, self, Number(row.inverse_position));
  }
}
