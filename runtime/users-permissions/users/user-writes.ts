// Creating, updating and deleting users through the engine's write path, so the user type's
// rules apply (username length, email format, unique username) and passwords are hashed with
// the configured bcrypt cost.
import type { Db } from '../../db/types';
import type { Engine } from '../../engine/operations';
import { contentType, contentTypeShape } from '../../engine/schema-index';
import { buildWritePlan } from '../../engine/write/plan';
import { createDocument, deleteDocument, updateDocument } from '../../engine/write/document-writer';
import { USER_UID } from '../../auth/permission-store';

export interface UserKey {
  id: number;
  documentId: string;
}

async function idOf(engine: Engine, db: Db, documentId: string): Promise<number> {
  const rows = await db.query(`SELECT id FROM ${engine.dialect.quote(contentType(engine.schema, USER_UID).table)} WHERE document_id = ?`, [documentId]);
  return Number(rows[0].id);
}

export async function createUser(engine: Engine, data: Record<string, unknown>, bcryptRounds: number): Promise<UserKey> {
  const meta = contentType(engine.schema, USER_UID);
  const plan = await buildWritePlan(data, contentTypeShape(engine.schema, USER_UID), { schema: engine.schema, dialect: engine.dialect.name, mode: 'create', bcryptRounds });
  return engine.db.transaction(async (tx) => {
    const key = await createDocument(engine.writeEnv(tx), meta, plan, { status: 'published' });
    return { id: await idOf(engine, tx, key.documentId), documentId: key.documentId };
  });
}

export async function updateUser(engine: Engine, documentId: string, data: Record<string, unknown>, bcryptRounds: number): Promise<void> {
  const meta = contentType(engine.schema, USER_UID);
  const plan = await buildWritePlan(data, contentTypeShape(engine.schema, USER_UID), { schema: engine.schema, dialect: engine.dialect.name, mode: 'update', bcryptRounds });
  await engine.db.transaction((tx) => updateDocument(engine.writeEnv(tx), meta, documentId, plan, { status: 'published' }));
}

export async function deleteUser(engine: Engine, documentId: string): Promise<void> {
  await engine.db.transaction((tx) => deleteDocument(engine.writeEnv(tx), contentType(engine.schema, USER_UID), documentId, undefined));
}
