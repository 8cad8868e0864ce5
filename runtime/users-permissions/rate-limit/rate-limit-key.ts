// The key a request is counted under, as Strapi builds it (users-permissions rateLimit
// middleware, after GHSA-7mqx-wwh4-f9fw): `<email>:<path>:<ip>` on routes whose body names an
// email, `noIdentifier:<path>:<ip>` elsewhere, so a caller cannot get a fresh bucket per request
// by varying a field the route does not use.
import { posix } from 'node:path';

const ROUTES_WITHOUT_IDENTIFIER = ['/auth/local', '/auth/reset-password', '/auth/change-password'];

/** POSIX-normalized, lower-cased, no trailing slash: `/api/auth/local/` and `/API/auth/local` share a bucket. */
export function normalizeRatePath(path: string): string {
  const normalized = posix.normalize(path).toLowerCase().replace(/\/+$/, '');
  return normalized === '' || normalized === '.' || normalized === '..' ? '/' : normalized;
}

export function rateLimitKey(path: string, ip: string, body: unknown): string {
  const requestPath = normalizeRatePath(path);
  const usesEmail = !requestPath.includes('/connect/') && !ROUTES_WITHOUT_IDENTIFIER.some((route) => requestPath.endsWith(route));
  if (!usesEmail) return `noIdentifier:${requestPath}:${ip}`;
  const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
  const identifier = typeof email === 'string' && email !== '' ? email.toLowerCase() : 'unknownIdentifier';
  return `${identifier}:${requestPath}:${ip}`;
}
