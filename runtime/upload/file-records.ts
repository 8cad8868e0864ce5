// File records in the database, written and read through the engine like any content type: writes
// go through buildWritePlan/createDocument (so the stored shape is the schema's), API reads through
// `engine.parseQuery` and findDocuments (so filters, sort, fields and populate behave as on content
// endpoints, and the engine's File output hook signs URLs).
import type { Db } from '@cms-gen/db/types';
import type { Engine } from '@cms-gen/core/documents/operations';
import { findDocuments, loadRows } from '@cms-gen/core/engine/read';
import { contentType, contentTypeShape, FILE_UID } from '@cms-gen/core/model/schema-index';
import type { AuthContext, Document, RawQuery } from '@cms-gen/core/engine/types';
import { createDocument, deleteDocument, updateDocument } from '@cms-gen/core/engine/write/document-writer';
import { buildWritePlan } from '@cms-gen/core/engine/write/plan';
import type { Pagination } from '@cms-gen/core/query/ast';
import { sql } from '@cms-gen/core/sql/fragment';
import { SYSTEM_COLUMNS } from '@cms-gen/core/model/types';
import type { FolderRef } from './folder';

/** One responsive version of an image, as stored in `formats`. */
export interface FormatRecord {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: string | null;
  width: number;
  height: number;
  /** KB, two decimals */
  size: number;
  sizeInBytes: number;
  url: string;
}

/** The columns an upload writes (API names of the File type's attributes). */
export interface FileValues {
  name: string;
  alternativeText: string | null;
  caption: string | null;
  width: number | null;
  height: number | null;
  formats: Record<string, FormatRecord> | null;
  hash: string;
  ext: string;
  mime: string;
  /** KB, two decimals */
  size: number;
  url: string;
  provider: string;
  folderPath: string;
}

/** What deletion and replacement need to know about a stored file. */
export interface StoredFile {
  id: number;
  documentId: string;
  hash: string;
  ext: string;
  url: string;
  provider: string;
  name: string;
  formats: Record<string, { url?: unknown }> | null;
  /** The record as the API shows it (unsigned). */
  doc: Document;
}

async function plan(engine: Engine, data: Record<string, unknown>, mode: 'create' | 'update') {
  return buildWritePlan(data, contentTypeShape(engine.schema, FILE_UID), { schema: engine.schema, dialect: engine.dialect.name, mode, bcryptRounds: engine.bcryptRounds });
}

/**
 * Strapi's creator fields on a File record: an upload from the admin panel records its admin user
 * (the Author's "only files I created" reads them). Apps without admin users have no such columns.
 */
function withCreator(engine: Engine, writePlan: Awaited<ReturnType<typeof plan>>, auth: AuthContext | undefined, creating: boolean): void {
  if (auth?.kind !== 'admin' || auth.adminUserId === undefined || !engine.schema.contentTypes['admin::user']) return;
  writePlan.scalars.set(SYSTEM_COLUMNS.updatedById, auth.adminUserId);
  if (creating) writePlan.scalars.set(SYSTEM_COLUMNS.createdById, auth.adminUserId);
}

/** Inserts a File record filed under `folder`; returns its row id. */
export async function insertFileRecord(engine: Engine, tx: Db, values: FileValues, folder: FolderRef, auth?: AuthContext): Promise<number> {
  const data: Record<string, unknown> = { ...values, focalPoint: null, previewUrl: null, provider_metadata: null };
  const writePlan = await plan(engine, data, 'create');
  withCreator(engine, writePlan, auth, true);
  // `folder` is private (no API may write it), so it is set on the plan, not in the data.
  writePlan.relations.set('folder', { set: [{ documentId: folder.documentId }], connect: [], disconnect: [] });
  const meta = contentType(engine.schema, FILE_UID);
  const key = await createDocument(engine.writeEnv(tx), meta, writePlan, { status: 'published' });
  const rows = await tx.query(`SELECT id FROM ${engine.dialect.quote(meta.table)} WHERE document_id = ?`, [key.documentId]);
  return Number(rows[0].id);
}

export async function updateFileRecord(engine: Engine, tx: Db, documentId: string, values: Partial<FileValues>, auth?: AuthContext): Promise<void> {
  const writePlan = await plan(engine, { ...values }, 'update');
  withCreator(engine, writePlan, auth, false);
  await updateDocument(engine.writeEnv(tx), contentType(engine.schema, FILE_UID), documentId, writePlan, { status: 'published' });
}

/** Removes the record and every media link to it. */
export async function deleteFileRecord(engine: Engine, tx: Db, file: StoredFile): Promise<void> {
  await tx.execute(`DELETE FROM ${engine.dialect.quote('files_related')} WHERE file_id = ?`, [file.id]);
  await deleteDocument(engine.writeEnv(tx), contentType(engine.schema, FILE_UID), file.documentId, undefined);
}

/** A File record by numeric id, unsigned, for internal use. */
export async function storedFile(engine: Engine, id: number): Promise<StoredFile | undefined> {
  const rows = await loadRows(engine.readEnv(), contentTypeShape(engine.schema, FILE_UID), { status: 'published', extra: sql('t0.id = ?', [id]) }, { limit: 1 });
  const doc = rows[0]?.doc;
  if (!doc) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const formats = typeof doc.formats === 'object' && doc.formats !== null && !Array.isArray(doc.formats) ? (doc.formats as Record<string, { url?: unknown }>) : null;
  return { id, documentId: text(doc.documentId), hash: text(doc.hash), ext: text(doc.ext), url: text(doc.url), provider: text(doc.provider), name: text(doc.name), formats, doc };
}

const upTo = (limit: number): Pagination => ({ mode: 'offset', start: 0, limit, withCount: false });

/** `GET /upload/files`: every matching record; pagination parameters are ignored, as Strapi does. */
export async function listAllFiles(engine: Engine, raw: RawQuery, auth: AuthContext): Promise<Document[]> {
  const { pagination: _ignored, ...rest } = raw;
  const query = engine.parseQuery(FILE_UID, rest, auth);
  return (await findDocuments(engine.readEnv(), contentTypeShape(engine.schema, FILE_UID), { ...query, pagination: upTo(Number.MAX_SAFE_INTEGER) })).results;
}

/** `GET /upload/files/page`: one page and its pagination meta. */
export async function listFilePage(engine: Engine, raw: RawQuery, auth: AuthContext) {
  return findDocuments(engine.readEnv(), contentTypeShape(engine.schema, FILE_UID), engine.parseQuery(FILE_UID, raw, auth));
}

/** Records by id, in id order (fields/populate of `raw` apply; its filters are replaced). */
export async function readFilesById(engine: Engine, ids: number[], raw: RawQuery, auth: AuthContext): Promise<Document[]> {
  if (ids.length === 0) return [];
  const { fields, populate } = raw;
  const query = engine.parseQuery(FILE_UID, { fields, populate, filters: { id: { $in: ids.map(String) } }, sort: 'id:asc' }, auth);
  return (await findDocuments(engine.readEnv(), contentTypeShape(engine.schema, FILE_UID), { ...query, pagination: upTo(ids.length) })).results;
}
