import bcrypt from 'bcrypt';
import { PasswordHasher, passwordTooLong } from './passwords';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(4);

  it('hashes with the configured cost and verifies', async () => {
    const hash = await hasher.hash('Passw0rd!');
    expect(bcrypt.getRounds(hash)).toBe(4);
    expect(await hasher.verify('Passw0rd!', hash)).toBe(true);
    expect(await hasher.verify('wrong', hash)).toBe(false);
  });

  it('runs a comparison even without a hash (unknown user, provider account)', async () => {
    const compare = jest.spyOn(bcrypt, 'compare');
    try {
      expect(await hasher.verify('anything', null)).toBe(false);
      expect(await hasher.verify('anything', undefined)).toBe(false);
      expect(await hasher.verify('anything', 'not-a-bcrypt-hash')).toBe(false);
      expect(compare).toHaveBeenCalledTimes(3);
    } finally {
      compare.mockRestore();
    }
  });

  it('takes comparable time for unknown users and wrong passwords', async () => {
    const slow = new PasswordHasher(8);
    const hash = await slow.hash('Passw0rd!');
    await slow.verify('warm-up', null);
    const time = async (fn: () => Promise<unknown>) => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < 5; i++) await fn();
      return Number(process.hrtime.bigint() - started) / 5e6;
    };
    const wrong = await time(() => slow.verify('wrong', hash));
    const unknown = await time(() => slow.verify('wrong', null));
    expect(unknown / wrong).toBeGreaterThan(0.5);
    expect(unknown / wrong).toBeLessThan(2);
  });
});

describe('passwordTooLong', () => {
  it('counts bytes, not characters (bcrypt reads 72 bytes)', () => {
    expect(passwordTooLong('a'.repeat(72))).toBe(false);
    expect(passwordTooLong('a'.repeat(73))).toBe(true);
    expect(passwordTooLong('é'.repeat(37))).toBe(true);
  });
});
