// Resolves who is calling from the Authorization header: nobody (the Public role), a user holding
// a JWT, or an API token. A header that is present but not valid is a 401, never a silent
// downgrade to Public. Both kinds of credential travel as `Bearer <value>`: an API key is 256 hex
// characters, anything else is read as a JWT.
import { UnauthorizedError } from '@cms-gen/core/errors';
import type { Db } from '@cms-gen/db/types';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import type { AppConfig } from '@cms-gen/server/config/types';
import { dialectFor } from '@cms-gen/core/sql/dialect';
import type { AuthContext } from '@cms-gen/core/engine/types';
import { JwtService } from './jwt';
import { SessionStore } from './sessions';
import { ACCESS_KEY, ApiTokenVerifier } from './api-tokens/api-tokens';
import { apiTokenSalt } from './api-tokens/salt';
import { PermissionStore, ROLE_UID, USER_UID } from '@cms-gen/server/auth/permission-store';
import type { Authenticate } from '@cms-gen/server/app/plugin';

export interface AuthenticatorOptions {
  db: Db;
  schema: SchemaMeta;
  permissions: PermissionStore;
  jwtSecret: string;
  /** JWT mode and algorithm, session lifetimes, the API token salt. Without it: legacy HS256 JWTs, no API tokens. */
  config?: AppConfig;
}

export type { Authenticate } from '@cms-gen/server/app/plugin';

const INVALID = 'Missing or invalid credentials';

function contextFor(kind: AuthContext['kind'], actions: Set<string>, roleId?: number, user?: AuthContext['user']): AuthContext {
  return { kind, roleId, user, can: (action) => actions.has(action) };
}

/**
 * The Public caller, kept while its role's actions are the ones the permission store caches (the
 * same Set until they expire or are invalidated): an anonymous request, the common case, then
 * costs no query, no promise chain and no new context. A changed role gives a new Set, hence a
 * new context, exactly when the uncached path would have read the new actions.
 */
interface PublicCaller {
  roleId: number;
  actions: Set<string>;
  context: AuthContext;
}

export function createAuthenticator(options: AuthenticatorOptions): Authenticate {
  const q = dialectFor(options.db.dialect).quote;
  const users = options.schema.contentTypes[USER_UID];
  const roles = options.schema.contentTypes[ROLE_UID];
  const roleLink = users.attributes.role;
  if (roleLink.kind !== 'relation') throw new Error('user.role must be a relation');
  const up = options.config?.plugins['users-permissions'];
  const jwt = new JwtService({
    secret: options.jwtSecret,
    algorithm: up?.jwt.algorithm ?? 'HS256',
    mode: up?.jwtManagement ?? 'legacy-support',
    expiresIn: up?.jwt.expiresIn ?? '30d',
    accessTokenLifespan: up?.sessions.accessTokenLifespan ?? 1800,
  });
  const sessions = up?.jwtManagement === 'refresh' ? new SessionStore(options.db, { idle: up.sessions.idleRefreshTokenLifespan, max: up.sessions.maxRefreshTokenLifespan }) : undefined;
  const salt = options.config ? apiTokenSalt(options.config) : null;
  const apiTokens = salt ? new ApiTokenVerifier(options.db, salt) : undefined;
  const userQuery = `SELECT u.id, u.document_id, u.username, u.email, u.blocked, r.id AS role_id FROM ${q(users.table)} u LEFT JOIN ${q(roleLink.linkTable)} l ON l.source_id = u.id LEFT JOIN ${q(roles.table)} r ON r.document_id = l.target_document_id WHERE u.id = ? LIMIT 1`;

  let lastPublic: PublicCaller | undefined;

  function publicContext(): Promise<AuthContext> {
    const roleId = options.permissions.cachedRoleIdByType('public');
    const actions = roleId === undefined ? undefined : options.permissions.cachedActions(roleId);
    if (roleId === undefined || actions === undefined) return readPublicContext();
    if (lastPublic?.roleId !== roleId || lastPublic.actions !== actions) lastPublic = { roleId, actions, context: contextFor('public', actions, roleId) };
    return Promise.resolve(lastPublic.context);
  }

  async function readPublicContext(): Promise<AuthContext> {
    const roleId = await options.permissions.roleIdByType('public');
    const actions = roleId === undefined ? new Set<string>() : await options.permissions.actions(roleId);
    return contextFor('public', actions, roleId);
  }

  async function apiTokenContext(key: string): Promise<AuthContext> {
    const grant = apiTokens ? await apiTokens.verify(key) : null;
    if (!grant) throw new UnauthorizedError(INVALID);
    return { kind: 'api-token', can: grant.can };
  }

  async function userContext(token: string): Promise<AuthContext> {
    const verified = jwt.verify(token);
    if (!verified) throw new UnauthorizedError(INVALID);
    // Refresh mode: an access token dies with its session (logout, reuse of a refresh token).
    if (verified.sessionId !== undefined && !(await sessions?.isActive(verified.sessionId, verified.userId))) throw new UnauthorizedError(INVALID);
    const row = (await options.db.query(userQuery, [verified.userId]))[0];
    if (!row || row.blocked === true || row.blocked === 1) throw new UnauthorizedError(INVALID);
    const roleId = row.role_id === null || row.role_id === undefined ? undefined : Number(row.role_id);
    const actions = roleId === undefined ? new Set<string>() : await options.permissions.actions(roleId);
    return contextFor('user', actions, roleId, { id: verified.userId, documentId: String(row.document_id), username: row.username, email: row.email });
  }

  async function bearerContext(authorization: string): Promise<AuthContext> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw new UnauthorizedError(INVALID);
    return ACCESS_KEY.test(match[1]) ? apiTokenContext(match[1]) : userContext(match[1]);
  }

  // Not async itself: an anonymous request's promise is the one publicContext hands back.
  return (authorization) => (authorization ? bearerContext(authorization) : publicContext());
}
