// Writing the owning side of a polymorphic relation (morphToOne/morphToMany). Its link rows belong
// to one version (row) of the owner, like a relation's, and name the target by content type uid,
// documentId and locale: `<table>_<attr>_mph (source_id, target_type, target_document_id,
// target_locale, position)`. Changes are applied as a diff, so untouched links keep their rows.
import { ValidationError } from '../../errors';
import type { SqlValue } from '@cms-gen/db/types';
import type { MorphAttribute, SchemaMeta } from '../../model/types';
import type { OwnerRow, WriteEnv } from './context';
import type { MorphInput, MorphRef } from './morph-input';
import type { RelationRef } from './relation-input';
import { requireResolved, resolveRefs } from './relations';

interface MorphTarget {
  type: string;
  documentId: string;
  locale: string | null;
}

const keyOf = (t: MorphTarget) => `${t.type}\u0000${t.documentId}\u0000${t.locale ?? ''}`;

/** Resolves every ref, one lookup per content type; a ref naming nothing is a 400. */
async function resolveMorphRefs(env: WriteEnv, refs: MorphRef[], fallbackLocale: string | null): Promise<Map<RelationRef, MorphTarget>> {
  const out = new Map<RelationRef, MorphTarget>();
  for (const type of [...new Set(refs.map((r) => r.type))]) {
    const ofType = refs.filter((r) => r.type === type);
    const resolved = await resolveRefs(env, type, ofType, fallbackLocale);
    requireResolved(resolved, ofType, type);
    for (const [ref, target] of resolved) out.set(ref, { type, ...target });
  }
  return out;
}

/** connect's position anchors (`before`/`after`) name a linked entry by documentId. */
function anchorIndex(list: MorphTarget[], anchor: RelationRef | undefined): number {
  if (!anchor) return -1;
  return list.findIndex((t) => (anchor.documentId !== undefined ? t.documentId === anchor.documentId : false));
}

function placeTargets(current: MorphTarget[], input: MorphInput, resolved: Map<RelationRef, MorphTarget>): MorphTarget[] {
  let list = input.set ? input.set.map((r) => resolved.get(r) as MorphTarget) : [...current];
  const without = (t: MorphTarget) => (list = list.filter((x) => keyOf(x) !== keyOf(t)));
  for (const ref of input.disconnect) without(resolved.get(ref) as MorphTarget);
  for (const ref of input.connect) {
    const target = resolved.get(ref) as MorphTarget;
    without(target);
    const pos = ref.position;
    let index = list.length;
    if (pos?.start) index = 0;
    else if (pos?.before || pos?.after) {
      const at = anchorIndex(list, pos.before ?? pos.after);
      if (at >= 0) index = pos.before ? at : at + 1;
    }
    list.splice(index, 0, target);
  }
  const seen = new Set<string>();
  return list.filter((t) => (seen.has(keyOf(t)) ? false : (seen.add(keyOf(t)), true)));
}

/** Writes a morphToOne/morphToMany attribute of one row. */
export async function writeMorphRelation(env: WriteEnv, owner: OwnerRow, attribute: MorphAttribute, input: MorphInput): Promise<void> {
  const q = env.dialect.quote;
  const table = q(attribute.linkTable);
  const resolved = await resolveMorphRefs(env, [...(input.set ?? []), ...input.connect, ...input.disconnect], owner.locale ?? null);
  const existing = await env.tx.query(`SELECT id, target_type, target_document_id, target_locale, position FROM ${table} WHERE source_id = ? ORDER BY position, id`, [owner.id]);
  const current = existing.map((r) => ({ type: String(r.target_type), documentId: String(r.target_document_id), locale: (r.target_locale as string | null) ?? null }));
  let next = placeTargets(current, input, resolved);
  if (!attribute.toMany && next.length > 1) next = next.slice(-1);
  const existingByKey = new Map(existing.map((r, i) => [keyOf(current[i]), r]));
  const nextKeys = new Set(next.map(keyOf));
  for (const [key, row] of existingByKey) {
    if (!nextKeys.has(key)) await env.tx.execute(`DELETE FROM ${table} WHERE id = ?`, [row.id as SqlValue]);
  }
  for (let i = 0; i < next.length; i++) {
    const target = next[i];
    const row = existingByKey.get(keyOf(target));
    if (row) {
      if (Number(row.position) !== i + 1) await env.tx.execute(`UPDATE ${table} SET position = ? WHERE id = ?`, [i + 1, row.id as SqlValue]);
      continue;
    }
    await env.tx.execute(`INSERT INTO ${table} (source_id, target_type, target_document_id, target_locale, position) VALUES (?, ?, ?, ?, ?)`, [
      owner.id,
      target.type,
      target.documentId,
      target.locale,
      i + 1,
    ]);
  }
}

/** The inverse side (morphOne/morphMany) only reads the owners' links. */
export function inverseMorphWrite(attribute: MorphAttribute, path: string[]): ValidationError {
  const message = `${path.join('.')} is the inverse side of the polymorphic relation ${attribute.ownerType}.${attribute.ownerAttribute} and cannot be written; write that attribute instead`;
  return new ValidationError(message, { errors: [{ path, message, name: 'ValidationError', value: undefined }] });
}

/** Copies every morph link of `fromId` to `toId` (publishing copies a draft's links). */
export async function copyMorphLinks(env: WriteEnv, linkTable: string, fromId: number, toId: number): Promise<void> {
  const q = env.dialect.quote;
  await env.tx.execute(
    `INSERT INTO ${q(linkTable)} (source_id, target_type, target_document_id, target_locale, position) SELECT ?, target_type, target_document_id, target_locale, position FROM ${q(linkTable)} WHERE source_id = ? ORDER BY position, id`,
    [toId, fromId],
  );
}

/** The ordered targets of one row, for comparing a draft with its published version. */
export async function morphSignature(env: WriteEnv, linkTable: string, sourceId: number): Promise<string> {
  const rows = await env.tx.query(`SELECT target_type, target_document_id, target_locale FROM ${env.dialect.quote(linkTable)} WHERE source_id = ? ORDER BY position, id`, [sourceId]);
  return rows.map((r) => `${String(r.target_type)}:${String(r.target_document_id)}:${String(r.target_locale ?? '')}`).join(',');
}

/** Owning morph attributes of a content type. */
export function ownedMorphs(attributes: Record<string, { kind: string }>): MorphAttribute[] {
  return Object.values(attributes).filter((a): a is MorphAttribute => a.kind === 'morph' && (a as MorphAttribute).owner);
}

/** Morph links that point at a deleted document (in one locale, or every locale) go with it. */
export async function removeMorphLinksTo(env: WriteEnv, schema: SchemaMeta, uid: string, documentId: string, locale: string | undefined): Promise<void> {
  const q = env.dialect.quote;
  for (const owner of Object.values(schema.contentTypes)) {
    for (const attr of ownedMorphs(owner.attributes)) {
      await env.tx.execute(`DELETE FROM ${q(attr.linkTable)} WHERE target_type = ? AND target_document_id = ?${locale !== undefined ? ' AND target_locale = ?' : ''}`, [
        uid,
        documentId,
        ...(locale !== undefined ? [locale] : []),
      ]);
    }
  }
}
