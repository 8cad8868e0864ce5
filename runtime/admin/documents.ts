// How the admin panel reads documents: the populate of a list row and of the edit view, and what
// the content manager adds to each document (status, creator fields, private values), read with
// the creator columns and version rows the content API never shows.
import type { Engine } from '@cms-gen/core/documents/operations';
import type { Document } from '@cms-gen/core/engine/types';
import type { Attribute, ContentTypeMeta, ScalarAttribute, SchemaMeta } from '@cms-gen/core/model/types';
import { decodeValue } from '@cms-gen/core/sql/codec';
import { mainField } from './metadata';

type Populate = Record<string, unknown>;

/** List rows: relations as their count, media populated. */
export function listPopulate(meta: ContentTypeMeta): Populate {
  const out: Populate = {};
  for (const attr of Object.values(meta.attributes)) {
    if (attr.private) continue;
    if (attr.kind === 'relation' || attr.kind === 'morph') out[attr.name] = { count: true };
    else if (attr.kind === 'media') out[attr.name] = true;
  }
  return out;
}

function attributesPopulate(schema: SchemaMeta, attributes: Record<string, Attribute>, depth: number): Populate {
  const out: Populate = {};
  for (const attr of Object.values(attributes)) {
    if (attr.private && attr.kind !== 'scalar') continue;
    switch (attr.kind) {
      case 'relation': {
        // A document's to-many relations may hold thousands of entries: the edit view reads their
        // count here and the entries page by page (GET /content/:uid/:documentId/relations/:field).
        if (depth === 0 && attr.toMany) out[attr.name] = { count: true };
        else {
          const target = schema.contentTypes[attr.target];
          if (target) out[attr.name] = { fields: [mainField(target)] };
        }
        break;
      }
      case 'morph':
        out[attr.name] = true;
        break;
      case 'media':
        out[attr.name] = true;
        break;
      case 'component': {
        const component = schema.components[attr.component];
        const inner = component && depth < 8 ? attributesPopulate(schema, component.attributes, depth + 1) : {};
        out[attr.name] = Object.keys(inner).length ? { populate: inner } : true;
        break;
      }
      case 'dynamiczone': {
        const on: Populate = {};
        for (const uid of attr.components) {
          const component = schema.components[uid];
          const inner = component && depth < 8 ? attributesPopulate(schema, component.attributes, depth + 1) : {};
          on[uid] = Object.keys(inner).length ? { populate: inner } : true;
        }
        out[attr.name] = { on };
        break;
      }
    }
  }
  return out;
}

/** The edit view: components and zones in full, media, to-one relations one level (id, documentId, main field), to-many ones as `{ count }`. */
export function detailPopulate(schema: SchemaMeta, meta: ContentTypeMeta): Populate {
  return attributesPopulate(schema, meta.attributes, 0);
}

export type Status = 'draft' | 'published' | 'modified';

interface VersionRow {
  documentId: string;
  locale: string | null;
  isDraft: boolean;
  updatedAt: string;
  publishedAt: string | null;
  createdById: number | null;
  updatedById: number | null;
}

/** Every version row of the given documents (in `locale` when given). */
export async function versionRows(engine: Engine, meta: ContentTypeMeta, documentIds: string[], locale?: string): Promise<VersionRow[]> {
  if (documentIds.length === 0) return [];
  const q = engine.dialect.quote;
  const creators = engine.schema.contentTypes['admin::user'] !== undefined;
  const columns = ['document_id', 'is_draft', 'updated_at', 'published_at', ...(meta.localized ? ['locale'] : []), ...(creators ? ['created_by_id', 'updated_by_id'] : [])];
  const where = [`document_id IN (${documentIds.map(() => '?').join(', ')})`];
  const params: string[] = [...documentIds];
  if (meta.localized && locale !== undefined) {
    where.push('locale = ?');
    params.push(locale);
  }
  const rows = await engine.db.query(`SELECT ${columns.map(q).join(', ')} FROM ${q(meta.table)} WHERE ${where.join(' AND ')} ORDER BY id`, params);
  return rows.map((r) => ({
    documentId: String(r.document_id),
    locale: meta.localized ? String(r.locale) : null,
    isDraft: decodeValue('boolean', r.is_draft) === true,
    updatedAt: String(decodeValue('datetime', r.updated_at)),
    publishedAt: r.published_at === null || r.published_at === undefined ? null : String(decodeValue('datetime', r.published_at)),
    createdById: r.created_by_id === null || r.created_by_id === undefined ? null : Number(r.created_by_id),
    updatedById: r.updated_by_id === null || r.updated_by_id === undefined ? null : Number(r.updated_by_id),
  }));
}

/** The status of a document in one locale from its version rows. */
export function statusOf(meta: ContentTypeMeta, rows: VersionRow[]): Status {
  if (!meta.draftAndPublish) return 'published';
  const draft = rows.find((r) => r.isDraft);
  const published = rows.find((r) => !r.isDraft);
  if (!published) return 'draft';
  return draft && draft.updatedAt !== published.updatedAt ? 'modified' : 'published';
}

/** The version an editor edits: the draft (the only row of a type without draft & publish). */
export const editedRow = (rows: VersionRow[]): VersionRow | undefined => rows.find((r) => r.isDraft) ?? rows[0];

type Creator = { id: number; firstname: string | null; lastname: string | null } | null;

async function creators(engine: Engine, ids: number[]): Promise<Map<number, Creator>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || !engine.schema.contentTypes['admin::user']) return new Map();
  const q = engine.dialect.quote;
  const rows = await engine.db.query(`SELECT id, firstname, lastname FROM ${q('admin_users')} WHERE id IN (${unique.map(() => '?').join(', ')})`, unique);
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), firstname: (r.firstname as string | null) ?? null, lastname: (r.lastname as string | null) ?? null }]));
}

/** Private scalar values of the given rows (the content API never reads them; editors edit them). */
async function privateValues(engine: Engine, meta: ContentTypeMeta, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const attrs = Object.values(meta.attributes).filter((a): a is ScalarAttribute => a.kind === 'scalar' && a.private && a.type !== 'password');
  if (attrs.length === 0 || ids.length === 0) return new Map();
  const q = engine.dialect.quote;
  const rows = await engine.db.query(`SELECT id, ${attrs.map((a) => q(a.column)).join(', ')} FROM ${q(meta.table)} WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
  return new Map(rows.map((r) => [Number(r.id), Object.fromEntries(attrs.map((a) => [a.name, decodeValue(a.type as never, r[a.column])]))]));
}

/** Adds status, createdBy, updatedBy and the private values to documents read in `locale` (their draft versions). */
export async function decorate(engine: Engine, meta: ContentTypeMeta, docs: Document[], locale?: string): Promise<Document[]> {
  const ids = docs.map((d) => String(d.documentId));
  const rows = await versionRows(engine, meta, ids, meta.localized ? (locale ?? engine.defaultLocale) : undefined);
  const byDoc = new Map<string, VersionRow[]>();
  for (const row of rows) byDoc.set(row.documentId, [...(byDoc.get(row.documentId) ?? []), row]);
  const people = await creators(engine, rows.flatMap((r) => [r.createdById, r.updatedById]).filter((id): id is number => id !== null));
  const privates = await privateValues(engine, meta, docs.map((d) => Number(d.id)));
  return docs.map((doc) => {
    const versions = byDoc.get(String(doc.documentId)) ?? [];
    const edited = editedRow(versions);
    return {
      ...doc,
      ...privates.get(Number(doc.id)),
      status: statusOf(meta, versions),
      createdBy: edited?.createdById != null ? (people.get(edited.createdById) ?? null) : null,
      updatedBy: edited?.updatedById != null ? (people.get(edited.updatedById) ?? null) : null,
    };
  });
}

/** Documents of `meta` with a version created by the admin user (Author's "only entries I created"). */
export async function documentsCreatedBy(engine: Engine, meta: ContentTypeMeta, userId: number): Promise<string[]> {
  const q = engine.dialect.quote;
  const rows = await engine.db.query(`SELECT DISTINCT document_id FROM ${q(meta.table)} WHERE created_by_id = ?`, [userId]);
  return rows.map((r) => String(r.document_id));
}

/** Keys of a document as read that a write must not send back (system fields, list-only shapes). */
const READ_ONLY = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'status', 'locale', 'localizations']);

/** The attributes of a request body the operation layer takes (system fields and relation counts dropped). */
export function writableBody(meta: ContentTypeMeta, body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (READ_ONLY.has(key)) continue;
    const attr = meta.attributes[key];
    // A list row's `{ count }` is no relation value.
    if (attr && (attr.kind === 'relation' || attr.kind === 'morph') && value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).join() === 'count') continue;
    out[key] = value;
  }
  return out;
}
