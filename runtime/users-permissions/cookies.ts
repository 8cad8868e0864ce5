// The few cookies this plugin sets (refresh token, OAuth state), without a cookie library:
// reading a Cookie header and writing a Set-Cookie value.
import type { Request } from 'express';

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  path?: string;
  domain?: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
    parts.push(`Expires=${new Date(Date.now() + Math.max(0, options.maxAge) * 1000).toUTCString()}`);
  }
  if (options.domain) parts.push(`Domain=${options.domain}`);
  parts.push(`Path=${options.path ?? '/'}`);
  if (options.sameSite) parts.push(`SameSite=${options.sameSite.charAt(0).toUpperCase()}${options.sameSite.slice(1)}`);
  // Browsers drop SameSite=None cookies that are not Secure.
  if (options.secure || options.sameSite === 'none') parts.push('Secure');
  if (options.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

/** Adds a Set-Cookie header without dropping ones set before. */
export function appendSetCookie(res: { getHeader(name: string): unknown; setHeader(name: string, value: string[]): unknown }, cookie: string): void {
  const current = res.getHeader('Set-Cookie');
  const list = Array.isArray(current) ? current.map(String) : current === undefined ? [] : [String(current)];
  res.setHeader('Set-Cookie', [...list, cookie]);
}
