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

  it('compares an unknown user against a hash of the configured cost, so it costs what a wrong password costs', async () => {
    // bcrypt's time is set by the cost (rounds) in the hash it compares against: equal rounds, equal work.
    const slow = new PasswordHasher(8);
    const hash = await slow.hash('Passw0rd!');
    const compare = jest.spyOn(bcrypt, 'compare');
    try {
      await slow.verify('wrong', hash);
      await slow.verify('wrong', null);
      await slow.verify('wrong', 'not-a-bcrypt-hash');
      const rounds = compare.mock.calls.map(([, against]) => bcrypt.getRounds(String(against)));
      expect(rounds).toEqual([8, 8, 8]);
    } finally {
      compare.mockRestore();
    }
  });
});

describe('passwordTooLong', () => {
  it('counts bytes, not characters (bcrypt reads 72 bytes)', () => {
    expect(passwordTooLong('a'.repeat(72))).toBe(false);
    expect(passwordTooLong('a'.repeat(73))).toBe(true);
    expect(passwordTooLong('é'.repeat(37))).toBe(true);
  });
});
