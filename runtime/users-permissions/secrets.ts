// Random secrets and their stored forms. Reset and confirmation codes are stored hashed
// (SHA-256): someone reading the database cannot use them. Codes carry their own expiry, covered
// by the hash, so no extra column is needed and a forged expiry does not match any row.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A code valid until `now + lifespanSeconds`: `<random hex>.<expiry ms base36>`. */
export function expiringCode(lifespanSeconds: number, now = Date.now()): string {
  return `${randomBytes(32).toString('hex')}.${(now + lifespanSeconds * 1000).toString(36)}`;
}

/** Whether a code made by expiringCode is past its expiry (malformed codes count as expired). */
export function codeExpired(code: string, now = Date.now()): boolean {
  const match = /^[0-9a-f]{64}\.([0-9a-z]{1,12})$/.exec(code);
  if (!match) return true;
  return parseInt(match[1], 36) <= now;
}
