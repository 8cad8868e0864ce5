// Publishing or discarding the draft of a document that is the target (inverse side) of two-way
// relations. When the owning type has draft & publish too, the owner's draft rows hold the links
// of this document's draft, and the owner's published rows those of its published version (the
// pairs Strapi 5 keeps between draft and draft, published and published). An owner without draft
// & publish has one row, whose links say which versions of this document they join
// (`targetVersions`). An inverse-side write changes this document's draft alone (relations.ts);
// publishing it makes its published links those of its draft, discarding its draft makes its draft
// links those of its published version, as Strapi 5.54 does: a link moves to the owner's other
// version only where that version exists, and goes at the end of the owner's list.
import type { SqlValue } from '@cms-gen/db/types';
import { LINK_TARGET_IS_DRAFT, SYSTEM_COLUMNS, type ContentTypeMeta, type RelationAttribute, type SchemaMeta } from '../../model/types';
import type { WriteEnv } from './context';
import { appendLink, type Target } from './relations';

interface TwoWay {
  owner: ContentTypeMeta;
  attribute: RelationAttribute;
}

const TRUE_OR_FALSE = (draft: boolean) => (draft ? 'TRUE' : 'FALSE');

const twoWayCache = new WeakMap<SchemaMeta, Map<string, TwoWay[]>>();

/** Two-way relations pointing at `uid` whose links follow its versions (see above). */
function versionedInverses(schema: SchemaMeta, uid: string): TwoWay[] {
  let byTarget = twoWayCache.get(schema);
  if (!byTarget) {
    byTarget = new Map();
    for (const owner of Object.values(schema.contentTypes)) {
      for (const attribute of Object.values(owner.attributes)) {
        if (attribute.kind !== 'relation' || !attribute.owner || attribute.inverse === undefined) continue;
        if (!owner.draftAndPublish && !attribute.targetVersions) continue;
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
  for (const relation of versionedInverses(env.schema, meta.uid)) {
    if (relation.owner.draftAndPublish) await syncOne(env, relation, self, from === 'draft');
    else await syncMarkers(env, relation, self, from === 'draft');
  }
}

/**
 * Owners without draft & publish: a link joining `self`'s source version alone now joins both,
 * one joining the other version alone goes. A to-one attribute's other links leave that version.
 */
async function syncMarkers(env: WriteEnv, relation: TwoWay, self: Target, fromDraft: boolean): Promise<void> {
  const { attribute } = relation;
  await lockOwners(env, relation, self);
  const q = env.dialect.quote;
  const table = q(attribute.linkTable);
  const selfCond = self.locale === null ? 'target_document_id = ? AND target_locale IS NULL' : 'target_document_id = ? AND target_locale = ?';
  const selfParams: SqlValue[] = [self.documentId, ...(self.locale === null ? [] : [self.locale])];
  const [source, other] = [TRUE_OR_FALSE(fromDraft), TRUE_OR_FALSE(!fromDraft)];
  await env.tx.execute(`DELETE FROM ${table} WHERE ${selfCond} AND ${LINK_TARGET_IS_DRAFT} = ${other}`, selfParams);
  const gaining = await env.tx.query(`SELECT id, source_id FROM ${table} WHERE ${selfCond} AND ${LINK_TARGET_IS_DRAFT} = ${source}`, selfParams);
  if (gaining.length === 0) return;
  if (!attribute.toMany) {
    // These owners' to-one attribute now holds self in both versions: their other links leave the one self joins anew.
    const sources = gaining.map((row) => row.source_id as SqlValue);
    const inSources = `source_id IN (${sources.map(() => '?').join(', ')})`;
    await env.tx.execute(`DELETE FROM ${table} WHERE ${inSources} AND ${LINK_TARGET_IS_DRAFT} = ${other} AND NOT (${selfCond})`, [...sources, ...selfParams]);
    await env.tx.execute(`UPDATE ${table} SET ${LINK_TARGET_IS_DRAFT} = ${source} WHERE ${inSources} AND ${LINK_TARGET_IS_DRAFT} IS NULL AND NOT (${selfCond})`, [...sources, ...selfParams]);
  }
  await env.tx.execute(`UPDATE ${table} SET ${LINK_TARGET_IS_DRAFT} = NULL WHERE id IN (${gaining.map(() => '?').join(', ')})`, gaining.map((row) => row.id as SqlValue));
}

/**
 * Locks every row of the owner documents linking to `self` before their links are read: a
 * concurrent publish of one of them (which rewrites its published links) then commits first, and
 * this sync sees its links instead of adding one it already has. SQLite needs no lock.
 */
async function lockOwners(env: WriteEnv, { owner, attribute }: TwoWay, self: Target): Promise<void> {
  if (env.dialect.name === 'sqlite') return;
  const q = env.dialect.quote;
  const selfLocale = self.locale === null ? 'l.target_locale IS NULL' : 'l.target_locale = ?';
  await env.tx.query(
    `SELECT r.id FROM ${q(owner.table)} r WHERE r.document_id IN (SELECT o.document_id FROM ${q(attribute.linkTable)} l JOIN ${q(owner.table)} o ON o.id = l.source_id WHERE l.target_document_id = ? AND ${selfLocale}) ORDER BY r.id FOR UPDATE`,
    [self.documentId, ...(self.locale === null ? [] : [self.locale])],
  );
}

async function syncOne(env: WriteEnv, relation: TwoWay, self: Target, fromDraft: boolean): Promise<void> {
  const { owner, attribute } = relation;
  await lockOwners(env, relation, self);
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
    `SELECT id, document_id${owner.localized ? ', locale' : ''} FROM ${q(owner.table)} WHERE document_id IN (${documents.map(() => '?').join(', ')}) AND ${isDraft} = ${TRUE_OR_FALSE(!fromDraft)}`,
    documents,
  );
  const rowOf = new Map(versions.map((row) => [ownerKey(row), Number(row.id)]));
  for (const row of missing) {
    const id = rowOf.get(ownerKey(row));
    if (id !== undefined) await appendLink(env, attribute, id, self, Number(row.inverse_position));
  }
}
