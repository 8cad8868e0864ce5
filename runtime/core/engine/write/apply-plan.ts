// Applies the non-scalar parts of a WritePlan to a row: relations, media, components and dynamic
// zones. Components are synced, not rebuilt: an entry that names an existing row (by id) is updated
// in place, new entries are inserted, dropped ones deleted with everything they own. A field the
// payload does not mention is not touched at all.
import { ValidationError } from '../../errors';
import type { SqlValue } from '@cms-gen/db/types';
import type { ComponentAttribute, DynamicZoneAttribute, MediaAttribute } from '../../model/types';
import { encodeValue } from '../../sql/codec';
import { allScalars, attributeOf, component, componentShape, FILE_UID, type Shape } from '../../model/schema-index';
import { missingRelationsError } from './missing-relations-error';
import { copyLinks, writeInverseRelation, writeOwnedRelation } from './relations';
import { writeMorphRelation } from './morph';
import { insertReturningId, updateRow, type OwnerRow, type WriteEnv } from './context';
import type { ComponentEntry, MediaChange, WritePlan } from './plan';
import { canonicalDefault } from './scalar-rules';

export async function applyNonScalars(env: WriteEnv, shape: Shape, owner: OwnerRow, plan: WritePlan): Promise<void> {
  for (const [name, input] of plan.relations) {
    const attribute = attributeOf(shape, name);
    if (attribute?.kind !== 'relation') continue;
    if (attribute.owner) await writeOwnedRelation(env, owner, attribute, input);
    else await writeInverseRelation(env, owner, attribute, input);
  }
  for (const [name, input] of plan.morphs) {
    const attribute = attributeOf(shape, name);
    if (attribute?.kind === 'morph' && attribute.owner) await writeMorphRelation(env, owner, attribute, input);
  }
  for (const [name, ids] of plan.media) {
    const attribute = attributeOf(shape, name);
    if (attribute?.kind === 'media') await writeMedia(env, owner, attribute, ids ?? []);
  }
  for (const [name, value] of plan.components) {
    const attribute = attributeOf(shape, name);
    if (attribute?.kind === 'component' || attribute?.kind === 'dynamiczone') {
      const entries = value === null ? [] : Array.isArray(value) ? value : [value];
      await syncComponents(env, owner, attribute, entries);
    }
  }
}

/** The files a media change leaves: `set` (or the stored list), less `disconnect`, then `connect` at the end. */
function changedMedia(current: number[], change: MediaChange): number[] {
  const gone = new Set([...change.disconnect, ...change.connect]);
  const list = (change.set ?? current).filter((id) => !gone.has(id));
  return [...new Set([...list, ...change.connect])];
}

async function storedMedia(env: WriteEnv, owner: OwnerRow, attribute: MediaAttribute): Promise<number[]> {
  if (owner.fresh) return [];
  const rows = await env.tx.query(`SELECT file_id FROM ${env.dialect.quote('files_related')} WHERE related_type = ? AND related_id = ? AND field = ? ORDER BY position, id`, [owner.uid, owner.id, attribute.name]);
  return rows.map((r) => Number(r.file_id));
}

async function writeMedia(env: WriteEnv, owner: OwnerRow, attribute: MediaAttribute, input: number[] | MediaChange): Promise<void> {
  const q = env.dialect.quote;
  const stored = await storedMedia(env, owner, attribute);
  const ids = Array.isArray(input) ? input : changedMedia(stored, input);
  // One file for a single media: the first of a list, the last one connected.
  const wanted = attribute.multiple ? ids : Array.isArray(input) ? ids.slice(0, 1) : ids.slice(-1);
  if (wanted.length > 0) {
    const unique = [...new Set(wanted)];
    const found = await env.tx.query(`SELECT id, mime FROM ${q('files')} WHERE id IN (${unique.map(() => '?').join(', ')})`, unique);
    const foundIds = new Set(found.map((r) => Number(r.id)));
    // checkRelationsExist answered missing ids before the write; a file deleted since is reported alike.
    const missing = unique.filter((id) => !foundIds.has(id));
    if (missing.length > 0) throw missingRelationsError(missing.length, FILE_UID, { [attribute.name]: ids });
    const disallowed = found.find((r) => !mimeAllowed(String(r.mime ?? ''), attribute.allowedTypes));
    if (disallowed) {
      throw new ValidationError(`${attribute.name}: file ${String(disallowed.id)} has a type this field does not accept`, {
        errors: [{ path: [attribute.name], message: `allowed types: ${attribute.allowedTypes.join(', ')}`, name: 'ValidationError', value: Number(disallowed.id) }],
      });
    }
  }
  if (stored.join(',') === wanted.join(',')) return;
  if (!owner.fresh) await env.tx.execute(`DELETE FROM ${q('files_related')} WHERE related_type = ? AND related_id = ? AND field = ?`, [owner.uid, owner.id, attribute.name]);
  for (let i = 0; i < wanted.length; i++) {
    await env.tx.execute(`INSERT INTO ${q('files_related')} (file_id, related_type, related_id, field, position) VALUES (?, ?, ?, ?, ?)`, [
      wanted[i],
      owner.uid,
      owner.id,
      attribute.name,
      i + 1,
    ]);
  }
}

/** Strapi's media kinds: images, videos, audios, files (anything). An empty list allows all. */
export function mimeAllowed(mime: string, allowed: string[]): boolean {
  if (allowed.length === 0 || allowed.includes('files')) return true;
  const kind = mime.split('/')[0];
  return (kind === 'image' && allowed.includes('images')) || (kind === 'video' && allowed.includes('videos')) || (kind === 'audio' && allowed.includes('audios'));
}

interface ExistingComponentRow {
  id: number;
  component: string;
}

async function existingComponentRows(env: WriteEnv, owner: OwnerRow, field: string, uids: string[]): Promise<ExistingComponentRow[]> {
  const out: ExistingComponentRow[] = [];
  for (const uid of uids) {
    const rows = await env.tx.query(`SELECT id FROM ${env.dialect.quote(component(env.schema, uid).table)} WHERE owner_type = ? AND owner_field = ? AND owner_id = ?`, [
      owner.uid,
      field,
      owner.id,
    ]);
    for (const row of rows) out.push({ id: Number(row.id), component: uid });
  }
  return out;
}

async function syncComponents(env: WriteEnv, owner: OwnerRow, attribute: ComponentAttribute | DynamicZoneAttribute, entries: ComponentEntry[]): Promise<void> {
  const uids = attribute.kind === 'component' ? [attribute.component] : attribute.components;
  const existing = owner.fresh ? [] : await existingComponentRows(env, owner, attribute.name, uids);
  const kept = new Set<string>();
  // A single component keeps its row whatever id the payload sends: it is replaced in place.
  const single = attribute.kind === 'component' && !attribute.repeatable;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const match = single
      ? existing.find((e) => e.component === entry.component)
      : existing.find((e) => e.component === entry.component && e.id === entry.id && !kept.has(`${e.component}#${e.id}`));
    if (match) {
      kept.add(`${match.component}#${match.id}`);
      await replaceComponentRow(env, match.id, entry, i + 1);
    } else {
      await insertComponentRow(env, owner, attribute.name, entry, i + 1);
    }
  }
  for (const row of existing) {
    if (!kept.has(`${row.component}#${row.id}`)) await deleteComponentRow(env, row.component, row.id);
  }
}

function scalarValues(env: WriteEnv, target: Shape, plan: WritePlan): Map<string, SqlValue> {
  // Whole replacement: every scalar column is written, absent ones as their default or NULL.
  const values = new Map<string, SqlValue>();
  for (const attr of allScalars(target)) {
    values.set(attr.column, plan.scalars.has(attr.column) ? (plan.scalars.get(attr.column) as SqlValue) : encodeValue(attr.type, canonicalDefault(attr), env.dialect.name));
  }
  return values;
}

/** Clears nested fields the entry does not mention, so the component is replaced as a whole. */
function completePlan(target: Shape, plan: WritePlan): WritePlan {
  const complete: WritePlan = { ...plan, relations: new Map(plan.relations), morphs: new Map(plan.morphs), components: new Map(plan.components), media: new Map(plan.media) };
  for (const attr of Object.values(target.meta.attributes)) {
    if (attr.kind === 'relation' && !complete.relations.has(attr.name)) complete.relations.set(attr.name, { set: [], connect: [], disconnect: [] });
    if (attr.kind === 'media' && !complete.media.has(attr.name)) complete.media.set(attr.name, null);
    if ((attr.kind === 'component' || attr.kind === 'dynamiczone') && !complete.components.has(attr.name)) complete.components.set(attr.name, []);
  }
  return complete;
}

async function replaceComponentRow(env: WriteEnv, id: number, entry: ComponentEntry, position: number): Promise<void> {
  const target = componentShape(env.schema, entry.component);
  const values = scalarValues(env, target, entry.plan);
  values.set('position', position);
  await updateRow(env, target.meta.table, id, values);
  await applyNonScalars(env, target, { uid: entry.component, id }, completePlan(target, entry.plan));
}

async function insertComponentRow(env: WriteEnv, owner: OwnerRow, field: string, entry: ComponentEntry, position: number): Promise<void> {
  const target = componentShape(env.schema, entry.component);
  const values = new Map<string, SqlValue>([
    ['owner_type', owner.uid],
    ['owner_id', owner.id],
    ['owner_field', field],
    ['position', position],
  ]);
  for (const [column, value] of scalarValues(env, target, entry.plan)) values.set(column, value);
  const id = await insertReturningId(env, target.meta.table, values);
  await applyNonScalars(env, target, { uid: entry.component, id, fresh: true }, entry.plan);
}

/** Deletes a component row and everything it owns (nested components, media links; links cascade). */
export async function deleteComponentRow(env: WriteEnv, uid: string, id: number): Promise<void> {
  await deleteOwnedData(env, componentShape(env.schema, uid), { uid, id });
  await env.tx.execute(`DELETE FROM ${env.dialect.quote(component(env.schema, uid).table)} WHERE id = ?`, [id]);
}

/** Removes what a row owns outside its own table (component rows, media links), optionally only some fields. */
export async function deleteOwnedData(env: WriteEnv, shape: Shape, owner: OwnerRow, only?: Set<string>): Promise<void> {
  for (const attr of Object.values(shape.meta.attributes)) {
    if (only && !only.has(attr.name)) continue;
    if (attr.kind === 'media' && only) {
      await env.tx.execute(`DELETE FROM ${env.dialect.quote('files_related')} WHERE related_type = ? AND related_id = ? AND field = ?`, [owner.uid, owner.id, attr.name]);
    }
    if (attr.kind === 'component' || attr.kind === 'dynamiczone') {
      const uids = attr.kind === 'component' ? [attr.component] : attr.components;
      for (const row of await existingComponentRows(env, owner, attr.name, uids)) await deleteComponentRow(env, row.component, row.id);
    }
  }
  if (!only) await env.tx.execute(`DELETE FROM ${env.dialect.quote('files_related')} WHERE related_type = ? AND related_id = ?`, [owner.uid, owner.id]);
}

/** Deep-copies what `from` owns (components, media links, component relations) onto `to`. */
export async function copyOwnedData(env: WriteEnv, shape: Shape, from: OwnerRow, to: OwnerRow, only?: Set<string>): Promise<void> {
  const q = env.dialect.quote;
  for (const attr of Object.values(shape.meta.attributes)) {
    if (only && !only.has(attr.name)) continue;
    if (attr.kind === 'media') {
      await env.tx.execute(
        `INSERT INTO ${q('files_related')} (file_id, related_type, related_id, field, position) SELECT file_id, related_type, ?, field, position FROM ${q('files_related')} WHERE related_type = ? AND related_id = ? AND field = ? ORDER BY position, id`,
        [to.id, from.uid, from.id, attr.name],
      );
    }
    if (attr.kind === 'component' || attr.kind === 'dynamiczone') {
      const uids = attr.kind === 'component' ? [attr.component] : attr.components;
      for (const uid of uids) {
        const target = componentShape(env.schema, uid);
        // Each row is copied in SQL (exact for every type, as a version copy is), in order, one at a
        // time: its new id is where its own components and links are copied to.
        const columns = ['position', ...allScalars(target).map((a) => a.column)].map(q).join(', ');
        const copy = `INSERT INTO ${q(target.meta.table)} (owner_type, owner_id, owner_field, ${columns}) SELECT ?, ?, ?, ${columns} FROM ${q(target.meta.table)} WHERE id = ? RETURNING id`;
        const rows = await env.tx.query(`SELECT id FROM ${q(target.meta.table)} WHERE owner_type = ? AND owner_field = ? AND owner_id = ? ORDER BY position, id`, [from.uid, attr.name, from.id]);
        for (const row of rows) {
          const [inserted] = await env.tx.query(copy, [to.uid, to.id, attr.name, Number(row.id)]);
          const newId = Number(inserted.id);
          await copyOwnedData(env, target, { uid, id: Number(row.id) }, { uid, id: newId });
        }
      }
    }
    if (attr.kind === 'relation' && attr.owner && shape.kind === 'component') await copyLinks(env, attr.linkTable, from.id, to.id);
  }
}
