// Admin sessions, one row each in admin_sessions (so several instances share them). The cookie
// carries a random token; the row holds its SHA-256, the session's CSRF token, and two expiries:
// idle (pushed forward as the session is used) and absolute.
import { randomBytes } from 'node:crypto';
import type { Db } from '@cms-gen/db/types';
import { deleteRows, insertRow, selectRows, updateRows } from '@cms-gen/users-permissions/internal-tables';
import { sha256 } from '@cms-gen/users-permissions/secrets';
import { ADMIN_SESSIONS } from './tables';

export const IDLE_MS = 2 * 3_600_000;
export const ABSOLUTE_MS = 7 * 24 * 3_600_000;
/** A used session's idle expiry is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

export interface Session {
  id: number;
  userId: number;
  csrfToken: string;
}

const token = () => randomBytes(32).toString('base64url');

export async function createSession(db: Db, userId: number, now = Date.now()): Promise<{ token: string; csrfToken: string }> {
  const session = { token: token(), csrfToken: token() };
  await insertRow(db, ADMIN_SESSIONS, {
    tokenHash: sha256(session.token),
    csrfToken: session.csrfToken,
    userId,
    expiresAt: new Date(now + IDLE_MS).toISOString(),
    absoluteExpiresAt: new Date(now + ABSOLUTE_MS).toISOString(),
  });
  return session;
}

/** The live session of a cookie token, its idle expiry moved forward; undefined when unknown or expired (expired rows are removed). */
export async function findSession(db: Db, cookieToken: string, now = Date.now()): Promise<Session | undefined> {
  const tokenHash = sha256(cookieToken);
  const [row] = await selectRows(db, ADMIN_SESSIONS, { tokenHash });
  if (!row) return undefined;
  const expires = Date.parse(String(row.expiresAt));
  const absolute = Date.parse(String(row.absoluteExpiresAt));
  if (!(expires > now) || !(absolute > now)) {
    await deleteRows(db, ADMIN_SESSIONS, { tokenHash });
    return undefined;
  }
  if (expires - now < IDLE_MS - TOUCH_EVERY_MS) await updateRows(db, ADMIN_SESSIONS, { expiresAt: new Date(Math.min(now + IDLE_MS, absolute)).toISOString() }, { tokenHash });
  return { id: Number(row.id), userId: Number(row.userId), csrfToken: String(row.csrfToken) };
}

export async function deleteSession(db: Db, cookieToken: string): Promise<void> {
  await deleteRows(db, ADMIN_SESSIONS, { tokenHash: sha256(cookieToken) });
}

/** Signs a user out everywhere (password reset, deactivation). */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await deleteRows(db, ADMIN_SESSIONS, { userId });
}
