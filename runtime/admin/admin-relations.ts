// Relations a project's schema declares to admin::user (e.g. `reviewer`): Strapi's content API
// neither returns, filters nor writes them, and neither does cms-gen's; the admin panel does.
// The generator keeps them out of a type's `attributes` and lists them in `adminRelations`, with
// their link table (rows: source_id = the version's row id, target_document_id = the admin user's
// documentId). They are written on the version the editor edits (the draft); publishing copies them
// to the published version and discarding the draft restores the published ones, as Strapi does
// with any relation (runtime/core/engine/write/document-writer.ts, copyAdminLinks).
import type { Db } from '@cms-gen/db/types';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { Document } from '@cms-gen/core/engine/types';
import { ValidationError } from '@cms-gen/core/errors';
import type { ContentTypeMeta, RelationAttribute } from '@cms-gen/core/model/types';
import { ADMIN_USERS } from './tables';

export const adminRelationsOf = (meta: ContentTypeMeta): RelationAttribute[] => Object.values(meta.adminRelations ?? {});

type AdminRef = { id: number; documentId: string; firstname: string | null; lastname: string | null; email: string };

/** Adds each admin relation's admin users to the documents (read as their row ids say). */
export async function readAdminRelations(engine: Engine, meta: ContentTypeMeta, docs: Document[]): Promise<void> {
  const relations = adminRelationsOf(meta);
  if (relations.length === 0 || docs.length === 0) return;
  const q = engine.dialect.quote;
  const ids = docs.map((d) => Number(d.id));
  for (const rel of relations) {
    const rows = await engine.db.query(
      `SELECT l.source_id, u.id, u.document_id, u.firstname, u.lastname, u.email FROM ${q(rel.linkTable)} l JOIN ${q(ADMIN_USERS.table)} u ON u.document_id = l.target_document_id WHERE l.source_id IN (${ids.map(() => '?').join(', ')}) ORDER BY l.position, l.id`,
      ids,
    );
    const bySource = new Map<number, AdminRef[]>();
    for (const r of rows) {
      const ref = { id: Number(r.id), documentId: String(r.document_id), firstname: (r.firstname as string | null) ?? null, lastname: (r.lastname as string | null) ?? null, email: String(r.email) };
      bySource.set(Number(r.source_id), [...(bySource.get(Number(r.source_id)) ?? []), ref]);
    }
    for (const doc of docs) {
      const refs = bySource.get(Number(doc.id)) ?? [];
      doc[rel.name] = rel.toMany ? refs : (refs[0] ?? null);
    }
  }
}

/** Splits a body into what the operation layer writes and the admin relations written here. */
export function splitAdminRelations(meta: ContentTypeMeta, body: Record<string, unknown>): { data: Record<string, unknown>; admin: Map<string, unknown> } {
  const admin = new Map<string, unknown>();
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (meta.adminRelations?.[key]) admin.set(key, value);
    else data[key] = value;
  }
  return { data, admin };
}

/** Admin user ids or documentIds, from `null`, one, a list, or `{ set: [...] }`. */
function refsOf(rel: RelationAttribute, value: unknown): (number | string)[] {
  const invalid = () => new ValidationError(`${rel.name} must be ${rel.toMany ? 'a list of admin user ids' : 'an admin user id or null'}`, { errors: [{ path: [rel.name], message: `${rel.name} must be ${rel.toMany ? 'a list of admin user ids' : 'an admin user id or null'}`, name: 'ValidationError' }] });
  const one = (v: unknown): number | string => {
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    if (typeof v === 'string' && v !== '') return /^\d+$/.test(v) ? Number(v) : v;
    if (v && typeof v === 'object' && ('id' in v || 'documentId' in v)) return one((v as { id?: unknown; documentId?: unknown }).documentId ?? (v as { id?: unknown }).id);
    throw invalid();
  };
  const list = value && typeof value === 'object' && !Array.isArray(value) && 'set' in value ? (value as { set: unknown }).set : value;
  if (list === null || list === undefined) return [];
  if (Array.isArray(list)) {
    if (!rel.toMany && list.length > 1) throw invalid();
    return list.map(one);
  }
  return [one(list)];
}

/** Checks the admin relations' values and resolves them to admin users' documentIds (before anything is written). */
export async function resolveAdminRelations(db: Db, meta: ContentTypeMeta, values: Map<string, unknown>): Promise<Map<string, string[]>> {
  const q = (name: string) => (db.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const out = new Map<string, string[]>();
  for (const [name, value] of values) {
    const rel = meta.adminRelations?.[name] as RelationAttribute;
    const documentIds: string[] = [];
    for (const ref of refsOf(rel, value)) {
      const rows = await db.query(`SELECT document_id FROM ${q(ADMIN_USERS.table)} WHERE ${typeof ref === 'number' ? 'id' : 'document_id'} = ?`, [ref]);
      if (rows.length === 0) throw new ValidationError(`admin user ${ref} does not exist`, { errors: [{ path: [name], message: `admin user ${ref} does not exist`, name: 'ValidationError' }] });
      documentIds.push(String(rows[0].document_id));
    }
    out.set(name, documentIds);
  }
  return out;
}

/** Replaces the admin relations' links of one version (row id `sourceId`). */
export async function writeAdminRelations(db: Db, meta: ContentTypeMeta, sourceId: number, resolved: Map<string, string[]>): Promise<void> {
  const q = (name: string) => (db.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
  await db.transaction(async (tx) => {
    for (const [name, documentIds] of resolved) {
      const rel = meta.adminRelations?.[name] as RelationAttribute;
      await tx.execute(`DELETE FROM ${q(rel.linkTable)} WHERE source_id = ?`, [sourceId]);
      let position = 1;
      for (const documentId of documentIds) {
        await tx.execute(`INSERT INTO ${q(rel.linkTable)} (source_id, target_document_id, position, inverse_position) VALUES (?, ?, ?, ?)`, [sourceId, documentId, position++, 1]);
      }
    }
  });
}

/** Admin users as relation candidates (the picker of an admin relation). */
export async function adminUserCandidates(engine: Engine, q: string | undefined, page: number, pageSize: number) {
  const quote = engine.dialect.quote;
  const where = q ? ` WHERE LOWER(email) LIKE ? OR LOWER(firstname) LIKE ? OR LOWER(lastname) LIKE ?` : '';
  const params = q ? Array(3).fill(`%${q.toLowerCase()}%`) : [];
  const total = Number((await engine.db.query(`SELECT COUNT(*) AS n FROM ${quote(ADMIN_USERS.table)}${where}`, params))[0].n);
  const rows = await engine.db.query(`SELECT id, document_id, firstname, lastname, email FROM ${quote(ADMIN_USERS.table)}${where} ORDER BY id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, params);
  const data = rows.map((r) => ({ id: Number(r.id), documentId: String(r.document_id), firstname: r.firstname ?? null, lastname: r.lastname ?? null, email: String(r.email), status: 'published' }));
  return { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } };
}
