// Resolves who is calling from the Authorization header: nobody (the Public role) or a user
// holding a JWT. A header that is present but not valid is a 401, never a silent downgrade to Public.
import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '../errors';
import type { Db } from '../db/types';
import type { SchemaMeta } from '../model/types';
import { dialectFor } from '../sql/dialect';
import type { AuthContext } from '../engine/types';
import { PermissionStore, ROLE_UID, USER_UID } from './permission-store';

export interface AuthenticatorOptions {
  db: Db;
  schema: SchemaMeta;
  permissions: PermissionStore;
  jwtSecret: string;
}

export type Authenticate = (authorization: string | undefined) => Promise<AuthContext>;

const INVALID = 'Missing or invalid credentials';

function contextFor(kind: AuthContext['kind'], actions: Set<string>, roleId?: number, user?: AuthContext['user']): AuthContext {
  return { kind, roleId, user, can: (action) => actions.has(action) };
}

export function createAuthenticator(options: AuthenticatorOptions): Authenticate {
  const q = dialectFor(options.db.dialect).quote;
  const users = options.schema.contentTypes[USER_UID];
  const roles = options.schema.contentTypes[ROLE_UID];
  const roleLink = users.attributes.role;
  if (roleLink.kind !== 'relation') throw new Error('user.role must be a relation');

  async function publicContext(): Promise<AuthContext> {
    const roleId = await options.permissions.roleIdByType('public');
    const actions = roleId === undefined ? new Set<string>() : await options.permissions.actions(roleId);
    return contextFor('public', actions, roleId);
  }

  return async (authorization) => {
    if (!authorization) return publicContext();
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw new UnauthorizedError(INVALID);
    let payload: jwt.JwtPayload | string;
    try {
      payload = jwt.verify(match[1], options.jwtSecret, { algorithms: ['HS256'] });
    } catch {
      throw new UnauthorizedError(INVALID);
    }
    const userId = typeof payload === 'object' ? Number(payload.id) : NaN;
    if (!Number.isInteger(userId)) throw new UnauthorizedError(INVALID);
    const rows = await options.db.query(
      `SELECT u.id, u.document_id, u.username, u.email, u.blocked, r.id AS role_id FROM ${q(users.table)} u LEFT JOIN ${q(roleLink.linkTable)} l ON l.source_id = u.id LEFT JOIN ${q(roles.table)} r ON r.document_id = l.target_document_id WHERE u.id = ? LIMIT 1`,
      [userId],
    );
    const row = rows[0];
    if (!row || row.blocked === true || row.blocked === 1) throw new UnauthorizedError(INVALID);
    const roleId = row.role_id === null || row.role_id === undefined ? undefined : Number(row.role_id);
    const actions = roleId === undefined ? new Set<string>() : await options.permissions.actions(roleId);
    return contextFor('user', actions, roleId, { id: userId, documentId: String(row.document_id), username: row.username, email: row.email });
  };
}
