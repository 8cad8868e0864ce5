// The 'API Uploads' folder every file uploaded through REST is filed under (Strapi's
// api-upload-folder service): created on first use at the root with the next free `pathId`, its
// `path` (`/<pathId>`) copied into each file's folderPath.
import type { Engine } from '@cms-gen/core/documents/operations';
import type { Db } from '@cms-gen/db/types';
import { contentType, contentTypeShape } from '@cms-gen/core/model/schema-index';
import { buildWritePlan } from '@cms-gen/core/engine/write/plan';
import { createDocument } from '@cms-gen/core/engine/write/document-writer';

export const FOLDER_UID = 'plugin::upload.folder';
export const API_UPLOADS_FOLDER = 'API Uploads';

export interface FolderRef {
  documentId: string;
  path: string;
}

/** Finds or creates the folder inside `tx` (the transaction that files the uploads under it). */
export async function apiUploadsFolder(engine: Engine, tx: Db): Promise<FolderRef> {
  const meta = contentType(engine.schema, FOLDER_UID);
  const q = engine.dialect.quote;
  const table = q(meta.table);
  const column = (name: string) => {
    const attr = meta.attributes[name];
    if (attr?.kind !== 'scalar') throw new Error(`${FOLDER_UID}.${name} must be a scalar attribute`);
    return q(attr.column);
  };
  const found = await tx.query(`SELECT document_id, ${column('path')} AS path FROM ${table} WHERE ${column('name')} = ? ORDER BY id LIMIT 1`, [API_UPLOADS_FOLDER]);
  if (found.length) return { documentId: String(found[0].document_id), path: String(found[0].path) };
  const max = await tx.query(`SELECT MAX(${column('pathId')}) AS m FROM ${table}`);
  const pathId = Number(max[0]?.m ?? 0) + 1;
  const data = { name: API_UPLOADS_FOLDER, pathId, path: `/${pathId}` };
  const plan = await buildWritePlan(data, contentTypeShape(engine.schema, FOLDER_UID), {
    schema: engine.schema,
    dialect: engine.dialect.name,
    mode: 'create',
    bcryptRounds: engine.bcryptRounds,
  });
  const key = await createDocument(engine.writeEnv(tx), meta, plan, { status: 'published' });
  return { documentId: key.documentId, path: data.path };
}
