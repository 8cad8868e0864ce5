import { memoryApp, type MemoryApp } from './__fixtures__/memory-app';
import { SessionStore } from './sessions';

describe('SessionStore', () => {
  let app: MemoryApp;
  let store: SessionStore;
  beforeAll(async () => {
    app = await memoryApp();
    store = new SessionStore(app.db, { idle: 3600, max: 7200 });
  });
  afterAll(() => app.close());

  it('rotates a refresh token once; the old one then revokes the session (reuse detection)', async () => {
    const session = await store.create(11);
    expect(await store.isActive(session.sessionId, 11)).toBe(true);
    const first = await store.rotate(session.refreshToken);
    expect(first).toMatchObject({ ok: true, sessionId: session.sessionId, userId: 11 });
    if (!first.ok) throw new Error('unreachable');
    expect(first.refreshToken).not.toBe(session.refreshToken);
    expect(await store.rotate(session.refreshToken)).toEqual({ ok: false, reason: 'reused' });
    // The whole session is gone: the newest token and the access tokens of the session too.
    expect(await store.rotate(first.refreshToken)).toEqual({ ok: false, reason: 'revoked' });
    expect(await store.isActive(session.sessionId, 11)).toBe(false);
  });

  it('lets one of two concurrent refreshes with the same token win', async () => {
    const session = await store.create(12);
    const results = await Promise.all([store.rotate(session.refreshToken), store.rotate(session.refreshToken)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('refuses malformed, unknown and expired tokens', async () => {
    expect(await store.rotate('nope')).toEqual({ ok: false, reason: 'malformed' });
    expect(await store.rotate(`${'a'.repeat(24)}.${'b'.repeat(43)}`)).toEqual({ ok: false, reason: 'unknown' });
    const short = new SessionStore(app.db, { idle: -1, max: 3600 });
    const session = await short.create(13);
    expect(await short.rotate(session.refreshToken)).toEqual({ ok: false, reason: 'expired' });
  });

  it('revokes every session of a user', async () => {
    const a = await store.create(14);
    const b = await store.create(14);
    const other = await store.create(15);
    await store.revokeUser(14);
    expect(await store.isActive(a.sessionId, 14)).toBe(false);
    expect(await store.isActive(b.sessionId, 14)).toBe(false);
    expect(await store.isActive(other.sessionId, 15)).toBe(true);
    expect(await store.isActive(other.sessionId, 14)).toBe(false);
  });

  it('stores only a hash of the refresh secret', async () => {
    const session = await store.create(16);
    const secret = session.refreshToken.split('.')[1];
    const rows = await app.db.query('SELECT * FROM up_sessions WHERE session_id = ?', [session.sessionId]);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });
});

describe('SessionStore housekeeping', () => {
  it('drops the expired sessions of a user when they open a new one', async () => {
    const app = await memoryApp();
    try {
      const expired = new SessionStore(app.db, { idle: 60, max: -1 });
      await expired.create(21);
      await expired.create(22);
      await new SessionStore(app.db, { idle: 60, max: 3600 }).create(21);
      const rows = await app.db.query('SELECT user_id FROM up_sessions ORDER BY id');
      expect(rows.map((r) => Number(r.user_id))).toEqual([22, 21]);
    } finally {
      await app.close();
    }
  });
});
