// Roles and their permission rows, through the engine's read and write paths. A role's
// permissions are `plugin::users-permissions.permission` rows (one per granted action).
import type { Engine } from '@cms-gen/core/documents/operations';
import { loadRows } from '@cms-gen/core/engine/read';
import { contentType, contentTypeShape } from '@cms-gen/core/model/schema-index';
import type { Document } from '@cms-gen/core/engine/types';
import { buildWritePlan } from '@cms-gen/core/engine/write/plan';
import { createDocument, deleteDocument, updateDocument } from '@cms-gen/core/engine/write/document-writer';
import type { RelationAttribute } from '@cms-gen/core/model/types';
import { PERMISSION_UID, ROLE_UID, USER_UID } from '@cms-gen/server/auth/permission-store';
import type { Db } from '@cms-gen/db/types';
import { sql } from '@cms-gen/core/sql/fragment';
import { parseRowId } from '@cms-gen/core/model/row-id';

export interface RoleFields {
  name?: string;
  description?: string;
  type?: string;
}

function relation(engine: Engine, uid: string, name: string): RelationAttribute {
  const attr = contentType(engine.schema, uid).attributes[name];
  if (attr?.kind !== 'relation') throw new Error(`${uid}.${name} must be a relation`);
  return attr;
}

/** lodash's snakeCase(deburr(toLower(name))), which Strapi uses to derive a role's type. */
export function roleTypeFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+|(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])/)
    .filter(Boolean)
    .join('_');
}

export class RoleStore {
  constructor(private readonly engine: Engine) {}

  private get q() {
    return this.engine.dialect.quote;
  }

  private planOptions(mode: 'create' | 'update') {
    return { schema: this.engine.schema, dialect: this.engine.dialect.name, mode, bcryptRounds: this.engine.bcryptRounds };
  }

  /** Every role as the API shows it, sorted by name (Strapi's order), with nb_users. */
  async list(): Promise<Document[]> {
    const rows = await loadRows(this.engine.readEnv(), contentTypeShape(this.engine.schema, ROLE_UID), { status: 'published' }, {});
    const link = relation(this.engine, USER_UID, 'role').linkTable;
    const counts = new Map<string, number>();
    for (const row of await this.engine.db.query(`SELECT target_document_id AS d, COUNT(*) AS c FROM ${this.q(link)} GROUP BY target_document_id`)) counts.set(String(row.d), Number(row.c));
    return rows
      .map((r): Document => ({ ...r.doc, nb_users: counts.get(String(r.doc.documentId)) ?? 0 }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  }

  /** A role by numeric id (Strapi's path parameter) or documentId. */
  async find(param: string): Promise<Document | null> {
    const column = /^\d+$/.test(param) ? 'id' : 'document_id';
    const value = column === 'id' ? parseRowId(param) : param;
    if (value === undefined || (typeof value === 'string' && value.includes('\u0000'))) return null;
    const rows = await loadRows(this.engine.readEnv(), contentTypeShape(this.engine.schema, ROLE_UID), { status: 'published', extra: sql(`t0.${column} = ?`, [value]) }, { limit: 1 });
    return rows[0]?.doc ?? null;
  }

  async documentIdByType(type: string): Promise<string | undefined> {
    const rows = await this.engine.db.query(`SELECT document_id FROM ${this.q(contentType(this.engine.schema, ROLE_UID).table)} WHERE type = ? ORDER BY id LIMIT 1`, [type]);
    return rows.length ? String(rows[0].document_id) : undefined;
  }

  /** Granted actions of a role: action → permission documentId. */
  async permissionRows(roleDocumentId: string, db: Db = this.engine.db): Promise<Map<string, string>> {
    const table = contentType(this.engine.schema, PERMISSION_UID).table;
    const link = relation(this.engine, PERMISSION_UID, 'role').linkTable;
    const rows = await db.query(`SELECT p.document_id, p.action FROM ${this.q(table)} p JOIN ${this.q(link)} l ON l.source_id = p.id WHERE l.target_document_id = ? ORDER BY p.id`, [roleDocumentId]);
    return new Map(rows.map((r) => [String(r.action), String(r.document_id)]));
  }

  /** `fields` may carry a role extension's own attributes too (checked by the write plan). */
  async create(fields: RoleFields & Record<string, unknown>, actions: readonly string[]): Promise<string> {
    const meta = contentType(this.engine.schema, ROLE_UID);
    const plan = await buildWritePlan({ ...fields }, contentTypeShape(this.engine.schema, ROLE_UID), this.planOptions('create'));
    return this.engine.db.transaction(async (tx) => {
      const key = await createDocument(this.engine.writeEnv(tx), meta, plan, { status: 'published' });
      await this.syncPermissions(tx, key.documentId, actions);
      return key.documentId;
    });
  }

  /** Updates name/description; `actions` (when given) becomes the role's whole permission set. */
  async update(documentId: string, fields: Omit<RoleFields, 'type'>, actions: readonly string[] | undefined): Promise<void> {
    const meta = contentType(this.engine.schema, ROLE_UID);
    const plan = await buildWritePlan({ ...fields }, contentTypeShape(this.engine.schema, ROLE_UID), this.planOptions('update'));
    await this.engine.db.transaction(async (tx) => {
      await this.lockRole(tx, documentId);
      await updateDocument(this.engine.writeEnv(tx), meta, documentId, plan, { status: 'published' });
      if (actions) await this.syncPermissions(tx, documentId, actions);
    });
  }

  /** Deletes a role after moving its users to `fallbackDocumentId` (the Public role). */
  async delete(documentId: string, fallbackDocumentId: string): Promise<void> {
    const link = relation(this.engine, USER_UID, 'role').linkTable;
    await this.engine.db.transaction(async (tx) => {
      await this.lockRole(tx, documentId);
      await tx.execute(`UPDATE ${this.q(link)} SET target_document_id = ? WHERE target_document_id = ?`, [fallbackDocumentId, documentId]);
      await this.syncPermissions(tx, documentId, []);
      await deleteDocument(this.engine.writeEnv(tx), contentType(this.engine.schema, ROLE_UID), documentId, undefined);
    });
  }

  /**
   * Locks the role's row until commit, so two instances editing one role's permissions take
   * turns: each compares the wanted actions with what the other committed, and no action is
   * inserted twice. SQLite runs one write transaction at a time already.
   */
  private async lockRole(tx: Db, documentId: string): Promise<void> {
    if (tx.dialect === 'sqlite') return;
    await tx.query(`SELECT id FROM ${this.q(contentType(this.engine.schema, ROLE_UID).table)} WHERE document_id = ? FOR UPDATE`, [documentId]);
  }

  private async syncPermissions(tx: Db, roleDocumentId: string, actions: readonly string[]): Promise<void> {
    const env = this.engine.writeEnv(tx);
    const current = await this.permissionRows(roleDocumentId, tx);
    const wanted = new Set(actions);
    const permissionMeta = contentType(this.engine.schema, PERMISSION_UID);
    for (const [action, permissionDocumentId] of current) {
      if (!wanted.has(action)) await deleteDocument(env, permissionMeta, permissionDocumentId, undefined);
    }
    for (const action of wanted) {
      if (current.has(action)) continue;
      const plan = await buildWritePlan({ action, role: roleDocumentId }, contentTypeShape(this.engine.schema, PERMISSION_UID), this.planOptions('create'));
      await createDocument(env, permissionMeta, plan, { status: 'published' });
    }
  }
}
