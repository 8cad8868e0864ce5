// Users (/users, /users/me, /users/count, /users/:id; GraphQL's user mutations), with the REST
// permission of each action and Strapi's messages. Reads go through the engine's read path, which
// never selects private fields and applies the caller's populate rights.
import { countRows, findDocuments } from '@cms-gen/core/engine/read';
import { contentTypeShape } from '@cms-gen/core/model/schema-index';
import type { AuthContext, Document, RawQuery } from '@cms-gen/core/engine/types';
import { ApplicationError, NotFoundError, UnauthorizedError, ValidationError } from '@cms-gen/core/errors';
import { USER_UID } from '@cms-gen/server/auth/permission-store';
import { asRecord } from '../body-validation';
import { UP, type UpServices } from '../services';
import { createUser as insertUser, deleteUser as removeUser, updateUser as writeUser } from '../users/user-writes';
import { admit } from './admit';
import type { Caller } from './caller';
import { refuseSensitive, validateUserBody } from './user-input';

/** Write answers show the role to callers who may read roles. */
const withRole = (auth: AuthContext): RawQuery => (auth.can(`${UP}.role.find`) ? { populate: ['role'] } : {});

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

export async function me(up: UpServices, query: RawQuery, caller: Caller): Promise<Document> {
  await admit(up, caller, `${UP}.user.me`);
  const { auth } = caller;
  if (auth.kind !== 'user' || !auth.user) throw new UnauthorizedError();
  const doc = await up.users.userDocument(String(auth.user.documentId), query, auth);
  if (!doc) throw new UnauthorizedError();
  return doc;
}

export async function countUsers(up: UpServices, query: RawQuery, caller: Caller): Promise<number> {
  await admit(up, caller, `${UP}.user.count`);
  const parsed = up.engine.parseQuery(USER_UID, { filters: query.filters }, caller.auth);
  return countRows(up.engine.readEnv(), contentTypeShape(up.engine.schema, USER_UID), { status: 'published', filters: parsed.filters });
}

export async function findUsers(up: UpServices, query: RawQuery, caller: Caller): Promise<Document[]> {
  await admit(up, caller, `${UP}.user.find`);
  const raw = listQuery(query);
  const parsed = up.engine.parseQuery(USER_UID, raw, caller.auth);
  if (raw.pagination === undefined) parsed.pagination = { mode: 'offset', start: 0, limit: Number.MAX_SAFE_INTEGER, withCount: false };
  else parsed.pagination = { ...parsed.pagination, withCount: false };
  return (await findDocuments(up.engine.readEnv(), contentTypeShape(up.engine.schema, USER_UID), parsed)).results;
}

/** A user by numeric id (Strapi 5's parameter) or documentId; null when there is none. */
export async function findUser(up: UpServices, id: string, query: RawQuery, caller: Caller): Promise<Document | null> {
  await admit(up, caller, `${UP}.user.findOne`);
  const user = await up.users.byParam(id);
  return user ? up.users.userDocument(user.documentId, query, caller.auth) : null;
}

export async function createUser(up: UpServices, body: unknown, caller: Caller): Promise<Document> {
  await admit(up, caller, `${UP}.user.create`);
  const { auth } = caller;
  const input = asRecord(body);
  refuseSensitive(auth, input);
  validateUserBody(input, 'create');
  const settings = await up.settings();
  const email = String(input.email).toLowerCase();
  if (await up.users.byField('username', String(input.username))) throw new ApplicationError('Username already taken');
  if (settings.unique_email && (await up.users.byEmail(email)).length) throw new ApplicationError('Email already taken');
  const data: Record<string, unknown> = { ...input, email, provider: 'local' };
  // The same checks inside the creating transaction, for requests racing with one name.
  const key = await insertUser(up.engine, data, up.config.bcryptRounds, async (tx) => {
    if (await up.users.byField('username', String(input.username), tx)) throw new ApplicationError('Username already taken');
    if (settings.unique_email && (await up.users.byEmail(email, tx)).length) throw new ApplicationError('Email already taken');
  }).catch((err: unknown) => {
    // Strapi's create answers what the write refused as an ApplicationError with its message
    // alone (`job must be defined.`, details {}); updates keep the ValidationError.
    throw err instanceof ApplicationError ? new ApplicationError(err.message) : err;
  });
  return answer(up, key.documentId, auth);
}

export async function updateUser(up: UpServices, id: string, body: unknown, caller: Caller): Promise<Document> {
  await admit(up, caller, `${UP}.user.update`);
  const { auth } = caller;
  const user = await up.users.byParam(id);
  if (!user) throw new NotFoundError('User not found');
  const input = asRecord(body);
  refuseSensitive(auth, input);
  validateUserBody(input, 'update');
  if (user.provider === 'local' && 'password' in input && !input.password) throw new ValidationError('password.notNull');
  const settings = await up.settings();
  if ('username' in input) {
    const other = await up.users.byField('username', String(input.username));
    if (other && other.id !== user.id) throw new ApplicationError('Username already taken');
  }
  const data: Record<string, unknown> = { ...input };
  if ('email' in input) {
    data.email = String(input.email).toLowerCase();
    const others = await up.users.byEmail(String(data.email));
    if (settings.unique_email && others.some((o) => o.id !== user.id)) throw new ApplicationError('Email already taken');
  }
  await writeUser(up.engine, user.documentId, data, up.config.bcryptRounds);
  // A blocked user, or a new password, ends the user's sessions (refresh mode).
  if (up.sessions && (input.blocked === true || 'password' in input)) await up.sessions.revokeUser(user.id);
  return answer(up, user.documentId, auth);
}

/** The deleted user as it was, or null when there was none. */
export async function deleteUser(up: UpServices, id: string, caller: Caller): Promise<Document | null> {
  await admit(up, caller, `${UP}.user.destroy`);
  const user = await up.users.byParam(id);
  if (!user) return null;
  // Strapi 5.54 answers the deleted user without its role (create and update populate it).
  const doc = await up.users.userDocument(user.documentId, {}, caller.auth);
  if (!doc) return null;
  await removeUser(up.engine, user.documentId);
  await up.sessions?.revokeUser(user.id);
  await up.sessions?.forgetUser(user.id);
  return doc;
}

async function answer(up: UpServices, documentId: string, auth: AuthContext): Promise<Document> {
  const doc = await up.users.userDocument(documentId, withRole(auth), auth);
  if (!doc) throw new Error(`user ${documentId} vanished while answering`);
  return doc;
}
