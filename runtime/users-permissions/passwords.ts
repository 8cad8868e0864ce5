// Password hashing and checking. A login for an unknown user still runs one bcrypt comparison
// (against a fixed hash of the configured cost), so that the answer takes as long as a wrong
// password for a real account and response times do not reveal which identifiers exist.
import bcrypt from 'bcrypt';

/** bcrypt reads at most 72 bytes; longer passwords would be silently truncated. */
export const MAX_PASSWORD_BYTES = 72;

export function passwordTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
}

export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(readonly rounds: number) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.rounds);
  }

  /**
   * True when `password` matches `hash`. Without a hash (unknown user, or an account created
   * through a provider) it compares against a dummy hash and answers false, in the same time.
   */
  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    if (typeof hash === 'string' && hash.startsWith('$2')) return bcrypt.compare(password, hash);
    this.dummy ??= bcrypt.hash('cms-gen timing-equalizer', this.rounds);
    await bcrypt.compare(password, await this.dummy);
    return false;
  }
}
