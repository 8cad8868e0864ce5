// Linking uploads to an entry's media field (`ref`, `refId`, `field`, optionally `source`), as Strapi's
// upload does: `ref` is a content-type uid (or a component uid for a component's media field),
// `refId` the numeric id of the entry (or of the component row), `field` the media attribute. A single
// media field gets the upload instead of what it held; a multiple one gets it appended.
//
// Beyond Strapi: the caller must be allowed to update the owning content type (uploading alone
// would otherwise let anyone attach files to any entry), `refId` may also be a documentId, and
// linking an entry links every version of it (draft and published, same locale) so the next publish
// does not drop the file again.
import type { Db, SqlValue } from '@cms-gen/db/types';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { AuthContext } from '@cms-gen/core/engine/types';
import { mimeAllowed } from '@cms-gen/core/engine/write/apply-plan';
import { ForbiddenError, ValidationError } from '@cms-gen/core/errors';
import type { MediaAttribute } from '@cms-gen/core/model/types';

export interface LinkRequest {
  ref: string;
  refId: string;
  field: string;
  source?: string;
}

export interface LinkTarget {
  /** The content type or component uid owning the media field (files_related.related_type). */
  ownerUid: string;
  attribute: MediaAttribute;
  /** Rows that get the files (files_related.related_id). */
  rowIds: number[];
}

const LINK_KEYS = ['ref', 'refId', 'field'] as const;
const MAX_OWNER_DEPTH = 32;

function invalid(message: string, key: string, value?: unknown): ValidationError {
  return new ValidationError(message, { errors: [{ path: [key], message, name: 'ValidationError', value }] });
}

function stringField(fields: Record<string, unknown>, key: string): string | undefined {
  const value = fields[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value !== 'string') throw invalid(`${key} must be a single string`, key, value);
  return value;
}

/** The link the form asks for; ref, refId and field come together or not at all. */
export function linkRequestOf(fields: Record<string, unknown>): LinkRequest | undefined {
  const [ref, refId, field] = LINK_KEYS.map((key) => stringField(fields, key));
  const source = stringField(fields, 'source');
  if (ref === undefined && refId === undefined && field === undefined) return undefined;
  if (ref === undefined || refId === undefined || field === undefined) {
    const missing = LINK_KEYS.filter((key) => stringField(fields, key) === undefined);
    throw invalid(`Linking an upload needs ref, refId and field (missing: ${missing.join(', ')})`, missing[0]);
  }
  return { ref, refId, field, ...(source ? { source } : {}) };
}

/** `api::article.article`, a component uid, or the short forms `article` + source. */
function ownerUidOf(engine: Engine, request: LinkRequest): string {
  const schema = engine.schema;
  const has = (uid: string) => Object.prototype.hasOwnProperty.call(schema.contentTypes, uid) || Object.prototype.hasOwnProperty.call(schema.components, uid);
  const candidates = [request.ref, request.source ? `plugin::${request.source}.${request.ref}` : `api::${request.ref}.${request.ref}`];
  const uid = candidates.find(has);
  if (!uid) throw invalid(`ref: unknown model ${request.ref}`, 'ref', request.ref);
  return uid;
}

async function entryRows(engine: Engine, uid: string, refId: string): Promise<number[]> {
  const meta = engine.schema.contentTypes[uid];
  const table = engine.dialect.quote(meta.table);
  let documentId = refId;
  let locale: string | null = null;
  if (/^\d+$/.test(refId)) {
    const rows = await engine.db.query(`SELECT document_id${meta.localized ? ', locale' : ''} FROM ${table} WHERE id = ?`, [Number(refId)]);
    if (!rows.length) throw invalid(`refId: no ${uid} entry with id ${refId}`, 'refId', refId);
    documentId = String(rows[0].document_id);
    locale = meta.localized ? String(rows[0].locale) : null;
  }
  const params: SqlValue[] = [documentId];
  if (locale !== null) params.push(locale);
  const rows = await engine.db.query(`SELECT id FROM ${table} WHERE document_id = ?${locale !== null ? ' AND locale = ?' : ''} ORDER BY id`, params);
  if (!rows.length) throw invalid(`refId: no ${uid} entry with documentId ${refId}`, 'refId', refId);
  return rows.map((r) => Number(r.id));
}

/** The content type that owns a component row, through nested components. */
async function componentOwner(engine: Engine, uid: string, rowId: number): Promise<string> {
  let current = { uid, id: rowId };
  for (let depth = 0; depth < MAX_OWNER_DEPTH; depth++) {
    const table = engine.dialect.quote(engine.schema.components[current.uid].table);
    const rows = await engine.db.query(`SELECT owner_type, owner_id FROM ${table} WHERE id = ?`, [current.id]);
    if (!rows.length) throw invalid(`refId: no ${uid} component with id ${rowId}`, 'refId', rowId);
    const ownerType = String(rows[0].owner_type);
    if (Object.prototype.hasOwnProperty.call(engine.schema.contentTypes, ownerType)) return ownerType;
    if (!Object.prototype.hasOwnProperty.call(engine.schema.components, ownerType)) break;
    current = { uid: ownerType, id: Number(rows[0].owner_id) };
  }
  throw invalid(`refId: component ${rowId} belongs to no entry`, 'refId', rowId);
}

/** Resolves and authorizes the link target before anything is stored. */
export async function resolveLinkTarget(engine: Engine, request: LinkRequest, auth: AuthContext): Promise<LinkTarget> {
  const ownerUid = ownerUidOf(engine, request);
  const isComponent = !Object.prototype.hasOwnProperty.call(engine.schema.contentTypes, ownerUid);
  const attributes = isComponent ? engine.schema.components[ownerUid].attributes : engine.schema.contentTypes[ownerUid].attributes;
  const attribute = Object.prototype.hasOwnProperty.call(attributes, request.field) ? attributes[request.field] : undefined;
  if (!attribute || attribute.kind !== 'media' || attribute.private) throw invalid(`field: ${request.field} is not a media field of ${ownerUid}`, 'field', request.field);
  let rowIds: number[];
  let contentTypeUid: string;
  if (isComponent) {
    if (!/^\d+$/.test(request.refId)) throw invalid('refId: a component is addressed by its numeric id', 'refId', request.refId);
    rowIds = [Number(request.refId)];
    contentTypeUid = await componentOwner(engine, ownerUid, rowIds[0]);
  } else {
    rowIds = await entryRows(engine, ownerUid, request.refId);
    contentTypeUid = ownerUid;
  }
  if (!auth.can(`${engine.schema.contentTypes[contentTypeUid].actionPrefix}.update`)) throw new ForbiddenError();
  return { ownerUid, attribute, rowIds };
}

/** Refuses files the field cannot hold (its allowedTypes; one file for a single media field). */
export function checkLinkable(target: LinkTarget, mimes: string[]): void {
  const name = target.attribute.name;
  if (!target.attribute.multiple && mimes.length > 1) throw invalid(`field: ${name} holds a single file; upload one file to link to it`, 'field', name);
  const refused = mimes.find((mime) => !mimeAllowed(mime, target.attribute.allowedTypes));
  if (refused !== undefined) {
    throw invalid(`field: ${name} only accepts ${target.attribute.allowedTypes.join(', ')} (got ${refused})`, 'field', refused);
  }
}

/** Writes the links inside the upload's transaction. */
export async function linkFiles(engine: Engine, tx: Db, target: LinkTarget, fileIds: number[]): Promise<void> {
  const q = engine.dialect.quote;
  const table = q('files_related');
  const { ownerUid, attribute } = target;
  for (const rowId of target.rowIds) {
    const scope: SqlValue[] = [ownerUid, rowId, attribute.name];
    let position = 0;
    if (attribute.multiple) {
      const rows = await tx.query(`SELECT MAX(position) AS p FROM ${table} WHERE related_type = ? AND related_id = ? AND field = ?`, scope);
      position = Number(rows[0]?.p ?? 0);
    } else {
      await tx.execute(`DELETE FROM ${table} WHERE related_type = ? AND related_id = ? AND field = ?`, scope);
    }
    for (const fileId of fileIds) {
      position++;
      await tx.execute(`INSERT INTO ${table} (file_id, related_type, related_id, field, position) VALUES (?, ?, ?, ?, ?)`, [fileId, ownerUid, rowId, attribute.name, position]);
    }
  }
}
