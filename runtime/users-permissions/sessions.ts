// Refresh-token sessions (jwtManagement: 'refresh'), stored in the database so that every app
// instance sees the same ones. A refresh token is `<sessionId>.<secret>`; the session row keeps
// a hash of the current secret. Refreshing swaps the secret (rotation) with a compare-and-swap,
// so a token works once; presenting an older secret of a live session means it was copied:
// the whole session is revoked (reuse detection), which also kills its access tokens.
import type { Db } from '@cms-gen/db/types';
import { encodeValue, nowIso } from '@cms-gen/core/sql/codec';
import { dialectFor } from '@cms-gen/core/sql/dialect';
import { SESSIONS, deleteRows, insertRow, selectRows, updateRows } from './internal-tables';
import { randomToken, safeEqual, sha256 } from './secrets';

export interface SessionLifespans {
  /** Seconds a refresh token stays usable without being used. */
  idle: number;
  /** Seconds a session lives at most, however often it is refreshed. */
  max: number;
}

export interface IssuedSession {
  sessionId: string;
  userId: number;
  refreshToken: string;
}

export type RotateResult = ({ ok: true } & IssuedSession) | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' | 'expired' | 'reused' };

const TOKEN = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32,128})$/;

const addSeconds = (seconds: number, from = Date.now()) => new Date(from + seconds * 1000).toISOString();

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly lifespans: SessionLifespans,
  ) {}

  async create(userId: number): Promise<IssuedSession> {
    await this.purgeExpired(userId);
    const sessionId = randomToken(18);
    const secret = randomToken(32);
    const absolute = addSeconds(this.lifespans.max);
    await insertRow(this.db, SESSIONS, {
      sessionId,
      userId,
      tokenHash: sha256(secret),
      status: 'active',
      expiresAt: minIso(addSeconds(this.lifespans.idle), absolute),
      absoluteExpiresAt: absolute,
    });
    return { sessionId, userId, refreshToken: `${sessionId}.${secret}` };
  }

  async rotate(refreshToken: string): Promise<RotateResult> {
    const match = TOKEN.exec(refreshToken);
    if (!match) return { ok: false, reason: 'malformed' };
    const [, sessionId, secret] = match;
    const [row] = await selectRows(this.db, SESSIONS, { sessionId }, { limit: 1 });
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.status !== 'active') return { ok: false, reason: 'revoked' };
    const now = nowIso();
    if (String(row.expiresAt) <= now || String(row.absoluteExpiresAt) <= now) {
      await this.revokeSession(sessionId);
      return { ok: false, reason: 'expired' };
    }
    const currentHash = String(row.tokenHash);
    if (!safeEqual(sha256(secret), currentHash)) {
      await this.revokeSession(sessionId);
      return { ok: false, reason: 'reused' };
    }
    const next = randomToken(32);
    const swapped = await updateRows(
      this.db,
      SESSIONS,
      { tokenHash: sha256(next), expiresAt: minIso(addSeconds(this.lifespans.idle), String(row.absoluteExpiresAt)) },
      { sessionId, tokenHash: currentHash, status: 'active' },
    );
    // Another request rotated this very token a moment ago: one of the two is a copy.
    if (swapped !== 1) {
      await this.revokeSession(sessionId);
      return { ok: false, reason: 'reused' };
    }
    return { ok: true, sessionId, userId: Number(row.userId), refreshToken: `${sessionId}.${next}` };
  }

  /** Whether an access token's session may still be used (active and within its lifetime). */
  async isActive(sessionId: string, userId: number): Promise<boolean> {
    const [row] = await selectRows(this.db, SESSIONS, { sessionId, status: 'active' }, { limit: 1 });
    return row !== undefined && Number(row.userId) === userId && String(row.absoluteExpiresAt) > nowIso();
  }

  async revokeSession(sessionId: string): Promise<void> {
    await updateRows(this.db, SESSIONS, { status: 'revoked' }, { sessionId });
  }

  /** Logout, password change or reset, blocking: every session of the user ends. */
  async revokeUser(userId: number): Promise<void> {
    await updateRows(this.db, SESSIONS, { status: 'revoked' }, { userId, status: 'active' });
  }

  /** Sessions past their lifetime are useless (their tokens fail either way): dropped when the user opens a new one. */
  private async purgeExpired(userId: number): Promise<void> {
    const q = dialectFor(this.db.dialect).quote;
    const c = SESSIONS.columns;
    await this.db.execute(`DELETE FROM ${q(SESSIONS.table)} WHERE ${q(c.userId.column)} = ? AND ${q(c.absoluteExpiresAt.column)} < ?`, [userId, encodeValue('datetime', nowIso(), this.db.dialect)]);
  }

  /** Deletes a user's sessions (the user is deleted). */
  async forgetUser(userId: number): Promise<void> {
    await deleteRows(this.db, SESSIONS, { userId });
  }
}

function minIso(a: string, b: string): string {
  return a < b ? a : b;
}
