import { codeExpired, expiringCode, safeEqual, sha256 } from './secrets';

describe('expiring codes', () => {
  it('are valid until their expiry and carry it in the hashed text', () => {
    const now = 1_800_000_000_000;
    const code = expiringCode(60, now);
    expect(code).toMatch(/^[0-9a-f]{64}\.[0-9a-z]+$/);
    expect(codeExpired(code, now + 59_000)).toBe(false);
    expect(codeExpired(code, now + 60_000)).toBe(true);
  });

  it('treat anything malformed as expired', () => {
    for (const code of ['', 'garbage', `${'a'.repeat(64)}`, `${'g'.repeat(64)}.zz`, `${'a'.repeat(64)}.${'z'.repeat(13)}`]) expect(codeExpired(code)).toBe(true);
  });

  it('change hash when the expiry is edited', () => {
    const code = expiringCode(60);
    const forged = `${code.split('.')[0]}.${(Date.now() + 10 ** 9).toString(36)}`;
    expect(sha256(forged)).not.toBe(sha256(code));
  });
});

describe('safeEqual', () => {
  it('compares without throwing on different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
