// Writing relations. Link rows belong to one version (row) of the owning document and name the
// target by documentId (+ locale), so they survive the target being republished. Changes are
// applied as a diff: untouched links stay, moved ones get a new position.
import { ValidationError } from '../../errors';
import { LINK_TARGET_IS_DRAFT, SYSTEM_COLUMNS, type RelationAttribute } from '../../model/types';
import type { SqlValue } from '@cms-gen/db/types';
import { contentType, owningSide } from '../../model/schema-index';
import type { RelationInput, RelationRef } from './relation-input';
import { type OwnerRow, type WriteEnv } from './context';
import { missingRelationsError } from './missing-relations-error';

export interface Target {
  documentId: string;
  locale: string | null;
}

const keyOf = (t: Target) => `${t.documentId}\u0000${t.locale ?? ''}`;

/**
 * Links name their target by documentId, which no foreign key can cover. So the target rows are
 * read under a shared row lock until commit: a concurrent delete of the target waits for this
 * write and then removes its links too, or has already committed and the target is not found
 * (a 400). SQLite runs one write transaction at a time and needs no lock.
 */
function rowLock(env: WriteEnv, mode: LockMode): string {
  if (env.dialect.name === 'sqlite') return '';
  if (mode === 'update') return ' FOR UPDATE';
  return env.dialect.name === 'postgres' ? ' FOR SHARE' : ' LOCK IN SHARE MODE';
}

/**
 * 'share': the rows are only pointed at. 'update': the write changes their links (the owning
 * side, written from the inverse one), so concurrent writers take turns instead of each adding a
 * link the other cannot see yet (two authors claiming one article would leave it with both).
 */
type LockMode = 'share' | 'update';

/** Resolves refs to existing target documents; a documentId that names nothing is a 400, an id is left out. */
export async function resolveRefs(env: WriteEnv, targetUid: string, refs: RelationRef[], fallbackLocale: string | null, mode: LockMode = 'share'): Promise<Map<RelationRef, Target>> {
  const meta = contentType(env.schema, targetUid);
  const q = env.dialect.quote;
  const out = new Map<RelationRef, Target>();
  if (refs.length === 0) return out;
  const docIds = [...new Set(refs.filter((r) => r.documentId).map((r) => r.documentId as string))];
  const ids = [...new Set(refs.filter((r) => r.id !== undefined).map((r) => r.id as number))];
  const found = new Map<string, Set<string>>();
  const byId = new Map<number, Target>();
  const localeCol = meta.localized ? ', locale' : '';
  const lock = rowLock(env, mode);
  if (docIds.length > 0) {
    const rows = await env.tx.query(`SELECT document_id${localeCol} FROM ${q(meta.table)} WHERE document_id IN (${docIds.map(() => '?').join(', ')})${lock}`, docIds);
    for (const row of rows) {
      const set = found.get(String(row.document_id)) ?? new Set<string>();
      set.add(meta.localized ? String(row.locale) : '');
      found.set(String(row.document_id), set);
    }
  }
  if (ids.length > 0) {
    const rows = await env.tx.query(`SELECT id, document_id${localeCol} FROM ${q(meta.table)} WHERE id IN (${ids.map(() => '?').join(', ')})${lock}`, ids);
    for (const row of rows) byId.set(Number(row.id), { documentId: String(row.document_id), locale: meta.localized ? String(row.locale) : null });
  }
  for (const ref of refs) {
    if (ref.id !== undefined) {
      // A missing id is left out: requireResolved decides whether that is an error.
      const target = byId.get(ref.id);
      if (target) out.set(ref, target);
      continue;
    }
    const locale = meta.localized ? (ref.locale ?? fallbackLocale ?? env.defaultLocale) : null;
    const locales = found.get(ref.documentId as string);
    if (!locales || !locales.has(locale ?? '')) throw notFound(ref, locale);
    out.set(ref, { documentId: ref.documentId as string, locale });
  }
  return out;
}

/**
 * Refuses refs named by a numeric id that `resolveRefs` did not find. Writes check their ids before
 * anything is written (missing-relations.ts), so this answers a row deleted since, in the same words.
 * Ids a write only disconnects or places against may be missing, as in Strapi 5.54.
 */
export function requireResolved(resolved: Map<RelationRef, unknown>, refs: RelationRef[], targetUid: string): void {
  const missing = new Set(refs.filter((ref) => ref.id !== undefined && !resolved.has(ref)).map((ref) => ref.id as number));
  if (missing.size > 0) throw missingRelationsError(missing.size, targetUid, [...missing]);
}

const addedRefs = (input: RelationInput): RelationRef[] => [...(input.set ?? []), ...input.connect];

/** Strapi 5.54 raises this while linking, after validation: the message alone, with empty details. */
function notFound(ref: RelationRef, locale: string | null): ValidationError {
  return new ValidationError(`Document with id "${ref.documentId ?? ''}", locale "${locale ?? 'null'}" not found`);
}

/** Applies the ordering rules of connect: before/after/start/end, default end. */
export function placeTargets(current: Target[], input: RelationInput, resolved: Map<RelationRef, Target>): Target[] {
  let list = input.set ? input.set.map((r) => resolved.get(r) as Target) : [...current];
  const without = (t: Target) => (list = list.filter((x) => keyOf(x) !== keyOf(t)));
  for (const ref of input.disconnect) {
    const target = resolved.get(ref);
    if (target) without(target);
  }
  // Strapi 5.54 refuses a document connected twice only where a connect list places entries (it
  // orders that list first); a plain list is written in its order.
  const placing = input.connect.some((ref) => ref.position !== undefined);
  const connecting = new Set<string>();
  for (const ref of input.connect) {
    const key = keyOf(resolved.get(ref) as Target);
    if (connecting.has(key) && placing) throw new ValidationError(`The relation with id ${ref.documentId ?? String(ref.id)} is already connected. You cannot connect the same relation twice.`);
    connecting.add(key);
  }
  const anchorOf = (ref: RelationRef): Target | undefined => {
    const pos = ref.position;
    return pos?.before || pos?.after ? resolved.get((pos.before ?? pos.after) as RelationRef) : undefined;
  };
  // An entry placed against another one being connected waits for it (as Strapi 5.54 orders its
  // connect list); one placed against a document neither related nor connected is refused.
  for (const ref of input.connect) {
    const anchor = anchorOf(ref);
    if (anchor && !connecting.has(keyOf(anchor)) && !list.some((x) => keyOf(x) === keyOf(anchor))) throw unplaceable(ref, anchor);
    if (anchor && keyOf(anchor) === keyOf(resolved.get(ref) as Target)) throw new ValidationError(CIRCULAR_CONNECT);
  }
  let pending = [...input.connect];
  while (pending.length > 0) {
    const waiting: RelationRef[] = [];
    for (const ref of pending) {
      const target = resolved.get(ref) as Target;
      const anchor = anchorOf(ref);
      const placed = anchor ? list.findIndex((x) => keyOf(x) === keyOf(anchor)) : -1;
      if (anchor && placed < 0) {
        waiting.push(ref);
        continue;
      }
      without(target);
      const at = anchor ? list.findIndex((x) => keyOf(x) === keyOf(anchor)) : -1;
      list.splice(ref.position?.start ? 0 : at >= 0 ? (ref.position?.before ? at : at + 1) : list.length, 0, target);
    }
    // Entries that only wait for each other (each anchor is connected in this list).
    if (waiting.length === pending.length) throw new ValidationError(CIRCULAR_CONNECT);
    pending = waiting;
  }
  // Deduplicate, keeping the first occurrence.
  const seen = new Set<string>();
  return list.filter((t) => (seen.has(keyOf(t)) ? false : (seen.add(keyOf(t)), true)));
}

/** Strapi 5.54's words for connect entries placed against themselves or against each other. */
const CIRCULAR_CONNECT = 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it';

/**
 * Strapi 5.54's words for a connect placed against a document the list does not hold, naming
 * documents by the documentIds the client sent where Strapi names its row ids.
 */
function unplaceable(ref: RelationRef, anchor: Target): ValidationError {
  const side = ref.position?.before ? 'before' : 'after';
  const self = ref.documentId ?? String(ref.id);
  const position = { [side]: anchor.documentId, ...(anchor.locale !== null ? { locale: anchor.locale } : {}) };
  return new ValidationError(`There was a problem connecting relation with id ${self} at position ${JSON.stringify(position)}. The relation with id ${anchor.documentId} needs to be connected first.`);
}

function allRefs(input: RelationInput): RelationRef[] {
  const refs = [...(input.set ?? []), ...input.connect, ...input.disconnect];
  for (const ref of input.connect) {
    if (ref.position?.before) refs.push(ref.position.before);
    if (ref.position?.after) refs.push(ref.position.after);
  }
  return refs;
}

/** Writes an owning-side relation of one row. */
export async function writeOwnedRelation(env: WriteEnv, owner: OwnerRow, attribute: RelationAttribute, input: RelationInput): Promise<void> {
  const q = env.dialect.quote;
  const resolved = await resolveRefs(env, attribute.target, allRefs(input), owner.locale ?? null);
  requireResolved(resolved, addedRefs(input), attribute.target);
  const marker = attribute.targetVersions ? `, ${LINK_TARGET_IS_DRAFT} AS marker` : '';
  const existing = owner.fresh
    ? []
    : await env.tx.query(`SELECT id, target_document_id, target_locale, position${marker} FROM ${q(attribute.linkTable)} WHERE source_id = ? ORDER BY position, id`, [owner.id]);
  const current = existing.map((r) => ({ documentId: String(r.target_document_id), locale: (r.target_locale as string | null) ?? null }));
  let next = placeTargets(current, input, resolved);
  if (!attribute.toMany && next.length > 1) next = next.slice(-1);
  const existingByKey = new Map(existing.map((r, i) => [keyOf(current[i]), r]));
  const nextKeys = new Set(next.map(keyOf));
  for (const [key, row] of existingByKey) {
    if (!nextKeys.has(key)) await env.tx.execute(`DELETE FROM ${q(attribute.linkTable)} WHERE id = ?`, [row.id as SqlValue]);
  }
  const added: { target: Target; position: number }[] = [];
  for (let i = 0; i < next.length; i++) {
    const target = next[i];
    const row = existingByKey.get(keyOf(target));
    if (row) {
      if (Number(row.position) !== i + 1) await env.tx.execute(`UPDATE ${q(attribute.linkTable)} SET position = ? WHERE id = ?`, [i + 1, row.id as SqlValue]);
      continue;
    }
    if (exclusiveTarget(attribute)) await releaseTarget(env, owner, attribute, target);
    added.push({ target, position: i + 1 });
  }
  await insertLinks(env, attribute.linkTable, owner.id, added);
  if (attribute.targetVersions) await joinBothVersions(env, attribute, existing, addedRefs(input).map((ref) => keyOf(resolved.get(ref) as Target)));
}

/**
 * The owner (without draft & publish) names a target: it is related to both versions of it, as a
 * link it writes anew is. A link the target's side wrote for one of its versions joins both again.
 */
async function joinBothVersions(env: WriteEnv, attribute: RelationAttribute, existing: Record<string, unknown>[], named: string[]): Promise<void> {
  const keys = new Set(named);
  const ids = existing.filter((row) => row.marker !== null && row.marker !== undefined && keys.has(keyOf({ documentId: String(row.target_document_id), locale: (row.target_locale as string | null) ?? null })));
  if (ids.length === 0) return;
  await env.tx.execute(`UPDATE ${env.dialect.quote(attribute.linkTable)} SET ${LINK_TARGET_IS_DRAFT} = NULL WHERE id IN (${ids.map(() => '?').join(', ')})`, ids.map((row) => row.id as SqlValue));
}

/**
 * Two-sided oneToOne and oneToMany: a target document belongs to at most one owning document.
 * One-sided relations (and relations owned by components) only point, like Strapi's oneWay.
 */
function exclusiveTarget(attribute: RelationAttribute): boolean {
  return attribute.inverse !== undefined && (attribute.relation === 'oneToOne' || attribute.relation === 'oneToMany');
}

/**
 * Other owners let go of a target this row links to. Between two draft & publish types the pairs are
 * per version (draft with draft, published with published, as in Strapi 5): a draft taking the
 * target leaves the other owners' published versions theirs until this one is published
 * (releaseCopiedTargets). A target without draft & publish is one row, released from every version.
 */
async function releaseTarget(env: WriteEnv, owner: OwnerRow, attribute: RelationAttribute, target: Target): Promise<void> {
  const q = env.dialect.quote;
  const ownerMeta = owner.documentId !== undefined ? contentType(env.schema, owner.uid) : undefined;
  const localeCond = target.locale === null ? 'target_locale IS NULL' : 'target_locale = ?';
  const params: SqlValue[] = [target.documentId, ...(target.locale === null ? [] : [target.locale])];
  if (!ownerMeta) {
    await env.tx.execute(`DELETE FROM ${q(attribute.linkTable)} WHERE target_document_id = ? AND ${localeCond} AND source_id <> ?`, [...params, owner.id]);
    return;
  }
  const table = q(ownerMeta.table);
  const sameVersion = ownerMeta.draftAndPublish && contentType(env.schema, attribute.target).draftAndPublish;
  await env.tx.execute(
    `DELETE FROM ${q(attribute.linkTable)} WHERE target_document_id = ? AND ${localeCond} AND source_id NOT IN (SELECT id FROM ${table} WHERE document_id = ?)${sameVersion ? sameVersionRows(env, ownerMeta.table) : ''}`,
    [...params, owner.documentId as string, ...(sameVersion ? [owner.id] : [])],
  );
}

/** `AND source_id IN (rows of the version of row ?)`: the owner rows on the same side of draft & publish. */
function sameVersionRows(env: WriteEnv, ownerTable: string): string {
  const q = env.dialect.quote;
  const isDraft = q(SYSTEM_COLUMNS.isDraft);
  return ` AND source_id IN (SELECT r.id FROM ${q(ownerTable)} r WHERE r.${isDraft} = (SELECT v.${isDraft} FROM ${q(ownerTable)} v WHERE v.id = ?))`;
}

/**
 * After publishing (or discarding a draft) copied an owner row's links: for a relation whose
 * target belongs to one owner, the other owners' rows of the same version let go of the targets
 * this row now holds.
 */
export async function releaseCopiedTargets(env: WriteEnv, ownerMeta: { table: string; draftAndPublish: boolean }, documentId: string, attribute: RelationAttribute, rowId: number): Promise<void> {
  // A target without draft & publish was released from every version when the draft took it.
  if (!exclusiveTarget(attribute) || !ownerMeta.draftAndPublish || !contentType(env.schema, attribute.target).draftAndPublish) return;
  const q = env.dialect.quote;
  const held = await env.tx.query(`SELECT target_document_id, target_locale FROM ${q(attribute.linkTable)} WHERE source_id = ?`, [rowId]);
  for (const row of held) {
    const locale = row.target_locale as string | null;
    await env.tx.execute(
      `DELETE FROM ${q(attribute.linkTable)} WHERE target_document_id = ? AND ${locale === null ? 'target_locale IS NULL' : 'target_locale = ?'} AND source_id NOT IN (SELECT id FROM ${q(ownerMeta.table)} WHERE document_id = ?)${sameVersionRows(env, ownerMeta.table)}`,
      [row.target_document_id as SqlValue, ...(locale === null ? [] : [locale]), documentId, rowId],
    );
  }
}

/**
 * Appends links of one source row, in order. Each goes at the end of its target's inverse order
 * (MAX(inverse_position) + 1, two links to one document in two locales one after the other).
 * Two statements whatever the number of links: one reads every target's MAX, one inserts the rows.
 * The MAX of each target is its own scalar subquery, which the `(target_document_id,
 * inverse_position)` index answers with one seek; `GROUP BY target_document_id` would read every
 * link of every target (a category's links grow with the number of articles).
 */
async function insertLinks(env: WriteEnv, linkTable: string, sourceId: number, links: { target: Target; position: number }[]): Promise<void> {
  if (links.length === 0) return;
  const q = env.dialect.quote;
  const documents = [...new Set(links.map((l) => l.target.documentId))];
  const maxima = documents.map((_, i) => `(SELECT MAX(inverse_position) FROM ${q(linkTable)} WHERE target_document_id = ?) AS m${i}`);
  const [row] = await env.tx.query(`SELECT ${maxima.join(', ')}`, documents);
  const next = new Map(documents.map((d, i) => [d, Number(row?.[`m${i}`] ?? 0)]));
  for (let start = 0; start < links.length; start += LINK_ROWS_PER_INSERT) {
    const chunk = links.slice(start, start + LINK_ROWS_PER_INSERT);
    const params: SqlValue[] = [];
    for (const { target, position } of chunk) {
      const inversePosition = (next.get(target.documentId) as number) + 1;
      next.set(target.documentId, inversePosition);
      params.push(sourceId, target.documentId, target.locale, position, inversePosition);
    }
    await env.tx.execute(
      `INSERT INTO ${q(linkTable)} (source_id, target_document_id, target_locale, position, inverse_position) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      params,
    );
  }
}

/** Rows per multi-row INSERT: 5 parameters each stays far below every driver's parameter limit. */
const LINK_ROWS_PER_INSERT = 200;

/**
 * Writes the inverse side of a relation (e.g. author.articles): the links live on the owner's rows,
 * so connecting an article links every version of that article to this document. When this
 * document has draft & publish, the write is one of its draft, as in Strapi 5: owners with draft &
 * publish change their draft rows only, owners without it mark the link as joining this
 * document's draft (`targetVersions`); publishing this document carries its links to its published
 * version (inverse-versions.ts).
 */
export async function writeInverseRelation(env: WriteEnv, owner: OwnerRow, attribute: RelationAttribute, input: RelationInput): Promise<void> {
  const q = env.dialect.quote;
  const owning = owningSide(env.schema, owner.uid, attribute);
  const ownerMeta = contentType(env.schema, owning.uid);
  const resolved = await resolveRefs(env, owning.uid, allRefs(input), null, 'update');
  requireResolved(resolved, addedRefs(input), owning.uid);
  const self: Target = { documentId: owner.documentId as string, locale: owner.locale ?? null };
  const selfLocale = self.locale === null ? 'l.target_locale IS NULL' : 'l.target_locale = ?';
  const selfParams: SqlValue[] = [self.documentId, ...(self.locale === null ? [] : [self.locale])];
  const draftRows = ownerMeta.draftAndPublish && contentType(env.schema, owner.uid).draftAndPublish ? ` AND r.${q(SYSTEM_COLUMNS.isDraft)} = TRUE` : '';
  // Set only where this side has draft & publish and the owner has not (runtime/model/types.ts).
  const markers = owning.attr.targetVersions === true;
  const draftView = markers ? ` AND (l.${LINK_TARGET_IS_DRAFT} IS NULL OR l.${LINK_TARGET_IS_DRAFT} = TRUE)` : '';
  const existing = await env.tx.query(
    `SELECT l.id, r.document_id, ${ownerMeta.localized ? 'r.locale' : 'NULL'} AS locale FROM ${q(owning.attr.linkTable)} l JOIN ${q(ownerMeta.table)} r ON r.id = l.source_id${draftRows} WHERE l.target_document_id = ? AND ${selfLocale}${draftView} ORDER BY l.inverse_position, l.id`,
    selfParams,
  );
  const current: Target[] = [];
  const seen = new Set<string>();
  for (const row of existing) {
    const t = { documentId: String(row.document_id), locale: (row.locale as string | null) ?? null };
    if (!seen.has(keyOf(t))) current.push(t), seen.add(keyOf(t));
  }
  let next = placeTargets(current, input, resolved);
  // A to-one inverse side (the mappedBy side of a oneToOne or oneToMany) holds one owner, the last
  // named: the other owners are unlinked below, which is what makes such a target exclusive. (An
  // exclusive DELETE inside the loop over the owner's versions used to remove the link just written
  // for the previous version, so only one of its draft and published versions kept it.)
  if (!attribute.toMany && next.length > 1) next = next.slice(-1);
  const nextKeys = new Set(next.map(keyOf));
  // The owner document's rows this write changes: every version, or its draft (see above).
  const ownerRows = `SELECT r.id FROM ${q(ownerMeta.table)} r WHERE r.document_id = ?${ownerMeta.localized ? ' AND r.locale = ?' : ''}${draftRows}`;
  const ownerParams = (t: Target): SqlValue[] => [t.documentId, ...(ownerMeta.localized ? [t.locale] : [])];
  const table = q(owning.attr.linkTable);
  const linksOf = `WHERE ${self.locale === null ? 'target_document_id = ? AND target_locale IS NULL' : 'target_document_id = ? AND target_locale = ?'} AND source_id IN (${ownerRows})`;
  for (const t of current) {
    if (nextKeys.has(keyOf(t))) continue;
    // A link joining both versions keeps the published one.
    if (markers) await env.tx.execute(`UPDATE ${table} SET ${LINK_TARGET_IS_DRAFT} = FALSE ${linksOf} AND ${LINK_TARGET_IS_DRAFT} IS NULL`, [...selfParams, ...ownerParams(t)]);
    await env.tx.execute(`DELETE FROM ${table} ${linksOf}${markers ? ` AND ${LINK_TARGET_IS_DRAFT} = TRUE` : ''}`, [...selfParams, ...ownerParams(t)]);
  }
  // Named again (connect, set): every version of it links here, as Strapi 5.54 writes it, also one
  // whose draft alone did (its published version linked elsewhere by a `status=draft` write).
  const named = new Set(addedRefs(input).map((ref) => resolved.get(ref)).filter((t): t is Target => t !== undefined).map(keyOf));
  for (let i = 0; i < next.length; i++) {
    const t = next[i];
    if (seen.has(keyOf(t))) {
      await env.tx.execute(`UPDATE ${table} SET inverse_position = ? ${linksOf}${markers ? ` AND (${LINK_TARGET_IS_DRAFT} IS NULL OR ${LINK_TARGET_IS_DRAFT} = TRUE)` : ''}`, [i + 1, ...selfParams, ...ownerParams(t)]);
      if (markers || !named.has(keyOf(t))) continue;
      const unlinked = await env.tx.query(`${ownerRows} AND NOT EXISTS (SELECT 1 FROM ${table} l WHERE l.source_id = r.id AND l.target_document_id = ? AND ${selfLocale})`, [...ownerParams(t), ...selfParams]);
      for (const row of unlinked) await appendLink(env, owning.attr, Number(row.id), self, i + 1);
      continue;
    }
    const rows = await env.tx.query(ownerRows, ownerParams(t));
    for (const row of rows) await appendLink(env, owning.attr, Number(row.id), self, i + 1, markers);
  }
}

/**
 * Adds a link at the end of one owner row's list, written from the target's side: a to-one
 * owning attribute first drops the link it held. `draftOnly` (a relation with `targetVersions`,
 * written from the target's draft): the link joins the target's draft alone; a link the row holds
 * to its published version joins both instead, and a to-one attribute's other links leave the
 * draft.
 */
export async function appendLink(env: WriteEnv, attribute: RelationAttribute, sourceId: number, target: Target, inversePosition: number, draftOnly = false): Promise<void> {
  const table = env.dialect.quote(attribute.linkTable);
  if (draftOnly) {
    const targetCond = target.locale === null ? 'target_document_id = ? AND target_locale IS NULL' : 'target_document_id = ? AND target_locale = ?';
    const held = await env.tx.query(`SELECT id FROM ${table} WHERE source_id = ? AND ${targetCond} AND ${LINK_TARGET_IS_DRAFT} = FALSE`, [sourceId, target.documentId, ...(target.locale === null ? [] : [target.locale])]);
    if (!attribute.toMany) {
      await env.tx.execute(`DELETE FROM ${table} WHERE source_id = ? AND ${LINK_TARGET_IS_DRAFT} = TRUE`, [sourceId]);
      await env.tx.execute(`UPDATE ${table} SET ${LINK_TARGET_IS_DRAFT} = FALSE WHERE source_id = ? AND ${LINK_TARGET_IS_DRAFT} IS NULL`, [sourceId]);
    }
    if (held.length) {
      await env.tx.execute(`UPDATE ${table} SET ${LINK_TARGET_IS_DRAFT} = NULL, inverse_position = ? WHERE id = ?`, [inversePosition, held[0].id as SqlValue]);
      return;
    }
  } else if (!attribute.toMany) await env.tx.execute(`DELETE FROM ${table} WHERE source_id = ?`, [sourceId]);
  const max = await env.tx.query(`SELECT MAX(position) AS m FROM ${table} WHERE source_id = ?`, [sourceId]);
  await env.tx.execute(
    `INSERT INTO ${table} (source_id, target_document_id, target_locale, position, inverse_position${draftOnly ? `, ${LINK_TARGET_IS_DRAFT}` : ''}) VALUES (?, ?, ?, ?, ?${draftOnly ? ', TRUE' : ''})`,
    [sourceId, target.documentId, target.locale, Number(max[0]?.m ?? 0) + 1, inversePosition],
  );
}

/** Copies every link of `fromId` to `toId` (publishing copies a draft's relations). */
export async function copyLinks(env: WriteEnv, linkTable: string, fromId: number, toId: number): Promise<void> {
  const q = env.dialect.quote;
  await env.tx.execute(
    `INSERT INTO ${q(linkTable)} (source_id, target_document_id, target_locale, position, inverse_position) SELECT ?, target_document_id, target_locale, position, inverse_position FROM ${q(linkTable)} WHERE source_id = ? ORDER BY position, id`,
    [toId, fromId],
  );
}

/** The ordered targets of one row, for comparing a draft with its published version. */
export async function linkSignature(env: WriteEnv, linkTable: string, sourceId: number): Promise<string> {
  const rows = await env.tx.query(`SELECT target_document_id, target_locale FROM ${env.dialect.quote(linkTable)} WHERE source_id = ? ORDER BY position, id`, [sourceId]);
  return rows.map((r) => `${String(r.target_document_id)}:${String(r.target_locale ?? '')}`).join(',');
}
