import jwt from 'jsonwebtoken';
import { JwtService, type JwtOptions } from './jwt';

const base: JwtOptions = { secret: 'secret-one', algorithm: 'HS256', mode: 'legacy-support', expiresIn: '30d', accessTokenLifespan: 60 };

/** An unsigned token: header {alg: none}. */
function unsigned(payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

describe('JwtService', () => {
  it('signs { id } in legacy mode with HS256 and the configured lifetime', () => {
    const service = new JwtService(base);
    const token = service.issueLegacy(7);
    const decoded = jwt.decode(token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
    const payload = decoded?.payload as jwt.JwtPayload;
    expect(payload.id).toBe(7);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(30 * 24 * 3600);
    expect(service.verify(token)).toEqual({ userId: 7 });
  });

  it('rejects alg none, another key, another algorithm, expired and malformed tokens', () => {
    const service = new JwtService(base);
    expect(service.verify(unsigned({ id: 1 }))).toBeNull();
    expect(service.verify(jwt.sign({ id: 1 }, 'another-key'))).toBeNull();
    expect(service.verify(jwt.sign({ id: 1 }, 'secret-one', { algorithm: 'HS512' }))).toBeNull();
    expect(service.verify(jwt.sign({ id: 1, exp: Math.floor(Date.now() / 1000) - 10 }, 'secret-one'))).toBeNull();
    expect(service.verify('not.a.jwt')).toBeNull();
    expect(service.verify(jwt.sign({ id: 'x' }, 'secret-one'))).toBeNull();
    expect(service.verify(jwt.sign({ id: -3 }, 'secret-one'))).toBeNull();
  });

  it('in refresh mode accepts only access tokens of a session', () => {
    const service = new JwtService({ ...base, mode: 'refresh' });
    const access = service.issueAccess(3, 'sess-1');
    expect(service.verify(access)).toEqual({ userId: 3, sessionId: 'sess-1' });
    const payload = jwt.decode(access) as jwt.JwtPayload;
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);
    // A legacy token cannot be revoked by logout: refused in refresh mode, and vice versa.
    expect(service.verify(new JwtService(base).issueLegacy(3))).toBeNull();
    expect(new JwtService(base).verify(access)).toBeNull();
  });

  it('uses the configured HMAC algorithm for both signing and checking', () => {
    const service = new JwtService({ ...base, algorithm: 'HS512' });
    const token = service.issueLegacy(1);
    expect(jwt.decode(token, { complete: true })?.header.alg).toBe('HS512');
    expect(service.verify(token)).toEqual({ userId: 1 });
    expect(service.verify(jwt.sign({ id: 1 }, 'secret-one'))).toBeNull();
  });
});
