// The admin panel's tables (admin::user, admin::role, admin::permission, admin::session,
// admin::login-attempt). The
// generator declares them as built-in content types (generator/builtins.ts) so that migrations
// create them like every other table; runtime/admin reads and writes them with its own SQL, so
// that `cms-gen admin create-user` works without the app's schema metadata. tables.test.ts checks
// these names against what the generator emits.
import type { Db, SqlValue } from '@cms-gen/db/types';
import { dialectFor } from '@cms-gen/core/sql/dialect';
import type { TableSpec } from '@cms-gen/users-permissions/internal-tables';
import type { ColumnType } from '@cms-gen/core/sql/codec';

const col = (column: string, type: ColumnType) => ({ column, type });

export const ADMIN_USERS = {
  uid: 'admin::user',
  table: 'admin_users',
  columns: {
    id: col('id', 'id'),
    documentId: col('document_id', 'string'),
    firstname: col('firstname', 'string'),
    lastname: col('lastname', 'string'),
    username: col('username', 'string'),
    email: col('email', 'string'),
    password: col('password', 'string'),
    resetPasswordToken: col('reset_password_token', 'string'),
    isActive: col('is_active', 'boolean'),
    blocked: col('blocked', 'boolean'),
    createdAt: col('created_at', 'datetime'),
  },
} satisfies TableSpec<string>;

export const ADMIN_ROLES = {
  uid: 'admin::role',
  table: 'admin_roles',
  columns: {
    id: col('id', 'id'),
    documentId: col('document_id', 'string'),
    name: col('name', 'string'),
    code: col('code', 'string'),
    description: col('description', 'string'),
  },
} satisfies TableSpec<string>;

export const ADMIN_PERMISSIONS = {
  uid: 'admin::permission',
  table: 'admin_permissions',
  columns: {
    id: col('id', 'id'),
    action: col('action', 'string'),
    subject: col('subject', 'string'),
    properties: col('properties', 'json'),
    conditions: col('conditions', 'json'),
  },
} satisfies TableSpec<string>;

export const ADMIN_SESSIONS = {
  uid: 'admin::session',
  table: 'admin_sessions',
  columns: {
    id: col('id', 'id'),
    tokenHash: col('token_hash', 'string'),
    csrfToken: col('csrf_token', 'string'),
    userId: col('user_id', 'integer'),
    expiresAt: col('expires_at', 'datetime'),
    absoluteExpiresAt: col('absolute_expires_at', 'datetime'),
  },
} satisfies TableSpec<string>;

export const ADMIN_LOGIN_ATTEMPTS = {
  uid: 'admin::login-attempt',
  table: 'admin_login_attempts',
  columns: {
    id: col('id', 'id'),
    key: col('key', 'string'),
    failures: col('failures', 'integer'),
    expiresAt: col('expires_at', 'datetime'),
  },
} satisfies TableSpec<string>;

/** Link tables of admin::user.roles and admin::permission.role: source row id → target role's documentId. */
export const USER_ROLES_LINKS = 'admin_users_roles_lnk';
export const PERMISSION_ROLE_LINKS = 'admin_permissions_role_lnk';

/** Inserts the links of `sourceId` to the roles (documentIds), in order. */
export async function insertLinks(db: Db, table: string, sourceId: number, targetDocumentIds: string[]): Promise<void> {
  const q = dialectFor(db.dialect).quote;
  let position = 1;
  for (const documentId of targetDocumentIds) {
    const params: SqlValue[] = [sourceId, documentId, position++, 1];
    await db.execute(`INSERT INTO ${q(table)} (source_id, target_document_id, position, inverse_position) VALUES (?, ?, ?, ?)`, params);
  }
}
