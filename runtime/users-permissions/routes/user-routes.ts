// /users, /users/me, /users/count, /users/:id. Bare JSON as Strapi answers (no data envelope):
// a list is an array, count a number, a missing user on GET/DELETE an empty 204 (Strapi sends
// `null`, which Koa turns into 204), on PUT a 404 `User not found`.
//
// Fields that decide privilege or account state (role, confirmed, blocked, provider and the
// codes) are only accepted from privileged callers: API tokens, and users whose role may edit
// roles (they could grant themselves anything anyway). Anyone else sending them gets a 403.
import { Router, type Request } from 'express';
import { ApplicationError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors';
import { authOf, queryOf } from '../../http/locals';
import { sendEmpty, sendJson } from '../../http/envelope';
import { countRows, findDocuments } from '../../engine/read';
import { contentTypeShape } from '../../engine/schema-index';
import type { AuthContext, RawQuery } from '../../engine/types';
import { USER_UID } from '../../auth/permission-store';
import { asRecord } from '../body-validation';
import { RoleStore } from '../roles/role-store';
import { UP, type UpServices } from '../services';
import { createUser, deleteUser, updateUser } from '../users/user-writes';
import { allow } from './permission-middleware';

const SENSITIVE_FIELDS = ['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPrivileged(auth: AuthContext): boolean {
  return auth.kind === 'api-token' || auth.can(`${UP}.role.updateRole`);
}

function refuseSensitive(auth: AuthContext, body: Record<string, unknown>): void {
  const sent = SENSITIVE_FIELDS.filter((f) => f in body);
  if (sent.length && !isPrivileged(auth)) throw new ForbiddenError('Forbidden', { fields: sent });
}

/**
 * Strapi's /users list takes `start`/`limit` (and `pagination`) and, without them, returns every
 * user rather than a page.
 */
function listQuery(raw: RawQuery): RawQuery {
  const query: RawQuery = { ...raw };
  if (query.pagination === undefined && (query.start !== undefined || query.limit !== undefined)) {
    query.pagination = { start: query.start ?? 0, ...(query.limit !== undefined ? { limit: query.limit } : {}) };
  }
  delete query.start;
  delete query.limit;
  return query;
}

function validateUserBody(body: Record<string, unknown>, mode: 'create' | 'update'): void {
  const check = (name: string, value: unknown, required: boolean, email = false) => {
    if (value === undefined) {
      if (required) throw new ValidationError(`${name} is a required field`, { errors: [{ path: [name], message: `${name} is a required field`, name: 'ValidationError' }] });
      return;
    }
    if (typeof value !== 'string' || value.length < 1) throw new ValidationError(`${name} must be at least 1 characters`, { errors: [{ path: [name], message: `${name} must be at least 1 characters`, name: 'ValidationError', value }] });
    if (email && !EMAIL.test(value)) throw new ValidationError(`${name} must be a valid email`, { errors: [{ path: [name], message: `${name} must be a valid email`, name: 'ValidationError', value }] });
  };
  check('email', body.email, mode === 'create', true);
  check('username', body.username, mode === 'create');
  if (mode === 'create') check('password', body.password, true);
}

export function userRouter(up: UpServices): Router {
  const router = Router();
  const roles = new RoleStore(up.engine);
  const shape = contentTypeShape(up.engine.schema, USER_UID);
  const withRole = (auth: AuthContext): RawQuery => (auth.can(`${UP}.role.find`) ? { populate: ['role'] } : {});

  router.get('/users/me', allow(`${UP}.user.me`), async (_req, res) => {
    const auth = authOf(res);
    if (auth.kind !== 'user' || !auth.user) throw new UnauthorizedError();
    const doc = await up.users.userDocument(String(auth.user.documentId), queryOf(res), auth);
    if (!doc) throw new UnauthorizedError();
    sendJson(res, 200, doc);
  });

  router.get('/users/count', allow(`${UP}.user.count`), async (_req, res) => {
    const auth = authOf(res);
    const query = up.engine.parseQuery(USER_UID, { filters: queryOf(res).filters }, auth);
    sendJson(res, 200, await countRows(up.engine.readEnv(), shape, { status: 'published', filters: query.filters }));
  });

  router.get('/users', allow(`${UP}.user.find`), async (_req, res) => {
    const auth = authOf(res);
    const raw = listQuery(queryOf(res));
    const query = up.engine.parseQuery(USER_UID, raw, auth);
    if (raw.pagination === undefined) query.pagination = { mode: 'offset', start: 0, limit: Number.MAX_SAFE_INTEGER, withCount: false };
    else query.pagination = { ...query.pagination, withCount: false };
    const { results } = await findDocuments(up.engine.readEnv(), shape, query);
    sendJson(res, 200, results);
  });

  router.get('/users/:id', allow(`${UP}.user.findOne`), async (req, res) => {
    const user = await up.users.byParam(String(req.params.id));
    const doc = user ? await up.users.userDocument(user.documentId, queryOf(res), authOf(res)) : null;
    if (!doc) sendEmpty(res, 204);
    else sendJson(res, 200, doc);
  });

  router.post('/users', allow(`${UP}.user.create`), async (req, res) => {
    const auth = authOf(res);
    const body = asRecord(req.body);
    refuseSensitive(auth, body);
    validateUserBody(body, 'create');
    const settings = await up.settings();
    const email = String(body.email).toLowerCase();
    if (await up.users.byField('username', String(body.username))) throw new ApplicationError('Username already taken');
    if (settings.unique_email && (await up.users.byEmail(email)).length) throw new ApplicationError('Email already taken');
    const data: Record<string, unknown> = { ...body, email, provider: 'local' };
    if (data.role === undefined || data.role === null) {
      const role = await roles.documentIdByType(settings.default_role);
      if (!role) throw new ApplicationError('Impossible to find the default role');
      data.role = role;
    }
    const key = await createUser(up.engine, data, up.config.bcryptRounds);
    sendJson(res, 201, await up.users.userDocument(key.documentId, withRole(auth), auth));
  });

  router.put('/users/:id', allow(`${UP}.user.update`), async (req: Request, res) => {
    const auth = authOf(res);
    const user = await up.users.byParam(String(req.params.id));
    if (!user) throw new NotFoundError('User not found');
    const body = asRecord(req.body);
    refuseSensitive(auth, body);
    validateUserBody(body, 'update');
    if (user.provider === 'local' && 'password' in body && !body.password) throw new ValidationError('password.notNull');
    const settings = await up.settings();
    if ('username' in body) {
      const other = await up.users.byField('username', String(body.username));
      if (other && other.id !== user.id) throw new ApplicationError('Username already taken');
    }
    const data: Record<string, unknown> = { ...body };
    if ('email' in body) {
      data.email = String(body.email).toLowerCase();
      const others = await up.users.byEmail(String(data.email));
      if (settings.unique_email && others.some((o) => o.id !== user.id)) throw new ApplicationError('Email already taken');
    }
    await updateUser(up.engine, user.documentId, data, up.config.bcryptRounds);
    // A blocked user, or a new password, ends the user's sessions (refresh mode).
    if (up.sessions && (body.blocked === true || 'password' in body)) await up.sessions.revokeUser(user.id);
    sendJson(res, 200, await up.users.userDocument(user.documentId, withRole(auth), auth));
  });

  router.delete('/users/:id', allow(`${UP}.user.destroy`), async (req, res) => {
    const auth = authOf(res);
    const user = await up.users.byParam(String(req.params.id));
    if (!user) {
      sendEmpty(res, 204);
      return;
    }
    const doc = await up.users.userDocument(user.documentId, withRole(auth), auth);
    await deleteUser(up.engine, user.documentId);
    await up.sessions?.revokeUser(user.id);
    await up.sessions?.forgetUser(user.id);
    sendJson(res, 200, doc);
  });

  return router;
}
