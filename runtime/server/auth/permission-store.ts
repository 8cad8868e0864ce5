// Role permissions, read from the database and cached briefly: every request checks them, and
// a short lifetime keeps several app instances (sharing one database) in step after role edits.
// The lifetime is the documented bound (docs/scaling.md): a role edited through one instance is
// enforced there at once (the role operations call invalidate()) and on the others within TTL_MS.
import type { Db } from '@cms-gen/db/types';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import { dialectFor } from '@cms-gen/core/sql/dialect';

export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
export const USER_UID = 'plugin::users-permissions.user';

const TTL_MS = 2000;

export class PermissionStore {
  private readonly cache = new Map<number, { actions: Set<string>; expires: number }>();
  private readonly roleIdsByType = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly schema: SchemaMeta,
    /** Actions of the app's custom routes (`api::article.article.featured`), beside the schema's. */
    readonly customActions: readonly string[] = [],
  ) {}

  private get tables() {
    const role = this.schema.contentTypes[ROLE_UID];
    const permission = this.schema.contentTypes[PERMISSION_UID];
    const link = permission.attributes.role;
    if (link.kind !== 'relation') throw new Error('permission.role must be a relation');
    return { role: role.table, permission: permission.table, link: link.linkTable };
  }

  /** Actions granted to a role (cached for a couple of seconds). */
  async actions(roleId: number): Promise<Set<string>> {
    const hit = this.cachedActions(roleId);
    if (hit) return hit;
    const q = dialectFor(this.db.dialect).quote;
    const t = this.tables;
    const rows = await this.db.query(
      `SELECT p.action FROM ${q(t.permission)} p JOIN ${q(t.link)} l ON l.source_id = p.id JOIN ${q(t.role)} r ON r.document_id = l.target_document_id WHERE r.id = ?`,
      [roleId],
    );
    const actions = new Set(rows.map((r) => String(r.action)));
    this.cache.set(roleId, { actions, expires: Date.now() + TTL_MS });
    return actions;
  }

  /**
   * The actions of `roleId` when the cache holds them still fresh, without a promise (the anonymous
   * caller of every public request: authenticate.ts); undefined when they must be read.
   */
  cachedActions(roleId: number): Set<string> | undefined {
    const hit = this.cache.get(roleId);
    return hit && hit.expires > Date.now() ? hit.actions : undefined;
  }

  /** The id of the role of `type` when already known (see roleIdByType). */
  cachedRoleIdByType(type: string): number | undefined {
    return this.roleIdsByType.get(type);
  }

  /** The id of the role with a given type (`public`, `authenticated`). */
  async roleIdByType(type: string): Promise<number | undefined> {
    const known = this.roleIdsByType.get(type);
    if (known !== undefined) return known;
    const q = dialectFor(this.db.dialect).quote;
    const rows = await this.db.query(`SELECT id FROM ${q(this.tables.role)} WHERE type = ? ORDER BY id LIMIT 1`, [type]);
    if (!rows.length) return undefined;
    const id = Number(rows[0].id);
    this.roleIdsByType.set(type, id);
    return id;
  }

  /** Forget cached permissions (after a role or permission changes in this process). */
  invalidate(): void {
    this.cache.clear();
    this.roleIdsByType.clear();
  }
}
