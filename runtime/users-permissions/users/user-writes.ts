// Creating, updating and deleting users through the engine's write path, so the user type's
// rules apply (username length, email format, unique username) and passwords are hashed with
// the configured bcrypt cost.
import type { Db } from '@cms-gen/db/types';
import type { Engine } from '@cms-gen/core/documents/operations';
import { contentType, contentTypeShape } from '@cms-gen/core/model/schema-index';
import { buildWritePlan } from '@cms-gen/core/engine/write/plan';
import { createDocument, deleteDocument, updateDocument } from '@cms-gen/core/engine/write/document-writer';
import { ROLE_UID, USER_UID } from '@cms-gen/server/auth/permission-store';
import { runWrite } from '@cms-gen/core/engine/write/constraint-errors';

export interface UserKey {
  id: number;
  documentId: string;
}

async function idOf(engine: Engine, db: Db, documentId: string): Promise<number> {
  const rows = await db.query(`SELECT id FROM ${engine.dialect.quote(contentType(engine.schema, USER_UID).table)} WHERE document_id = ?`, [documentId]);
  return Number(rows[0].id);
}

/**
 * Checks that must see every committed account (username or email taken). They run inside the
 * creating transaction, after lockIdentities, so two requests for one name cannot both pass.
 */
export type IdentityCheck = (tx: Db) => Promise<void>;

/**
 * Serializes the transactions that create accounts: each locks the role rows (few, and every
 * account links to one) before checking names, so the second of two registrations for one email
 * sees the first one's account. SQLite runs one write transaction at a time already.
 */
async function lockIdentities(engine: Engine, tx: Db): Promise<void> {
  if (tx.dialect === 'sqlite') return;
  await tx.query(`SELECT id FROM ${engine.dialect.quote(contentType(engine.schema, ROLE_UID).table)} ORDER BY id FOR UPDATE`);
}

export async function createUser(engine: Engine, data: Record<string, unknown>, bcryptRounds: number, check?: IdentityCheck): Promise<UserKey> {
  const meta = contentType(engine.schema, USER_UID);
  const plan = await buildWritePlan(data, contentTypeShape(engine.schema, USER_UID), { schema: engine.schema, dialect: engine.dialect.name, mode: 'create', bcryptRounds });
  return runWrite(
    engine.db,
    engine.schema,
    async (tx) => {
      await lockIdentities(engine, tx);
      await check?.(tx);
      const key = await createDocument(engine.writeEnv(tx), meta, plan, { status: 'published' });
      return { id: await idOf(engine, tx, key.documentId), documentId: key.documentId };
    },
    plan.scalars,
  );
}

export async function updateUser(engine: Engine, documentId: string, data: Record<string, unknown>, bcryptRounds: number): Promise<void> {
  const meta = contentType(engine.schema, USER_UID);
  const plan = await buildWritePlan(data, contentTypeShape(engine.schema, USER_UID), { schema: engine.schema, dialect: engine.dialect.name, mode: 'update', bcryptRounds });
  await runWrite(engine.db, engine.schema, (tx) => updateDocument(engine.writeEnv(tx), meta, documentId, plan, { status: 'published' }), plan.scalars);
}

export async function deleteUser(engine: Engine, documentId: string): Promise<void> {
  await runWrite(engine.db, engine.schema, (tx) => deleteDocument(engine.writeEnv(tx), contentType(engine.schema, USER_UID), documentId, undefined));
}
