// The refresh-token cookie of refresh mode (config `sessions.cookie`): HTTP-only, Secure when the
// request is HTTPS, SameSite as configured. REST uses it on request (config `sessions.httpOnly`,
// or the header `x-strapi-refresh-cookie: httpOnly` as in Strapi); GraphQL always, because
// Strapi's login payload has no field for the refresh token.
import type { Request, Response } from 'express';
import { appendSetCookie, serializeCookie } from './cookies';
import type { UpServices } from './services';

export function wantsCookie(up: UpServices, req: Request): boolean {
  return up.config.sessions.httpOnly || req.get('x-strapi-refresh-cookie') === 'httpOnly';
}

export function refreshCookie(up: UpServices, req: Request, value: string, maxAge: number): string {
  const c = up.config.sessions.cookie;
  return serializeCookie(c.name, value, { httpOnly: true, secure: req.secure, sameSite: c.sameSite, path: c.path, domain: c.domain, maxAge });
}

export function setRefreshCookie(up: UpServices, req: Request, res: Response, refreshToken: string): void {
  appendSetCookie(res, refreshCookie(up, req, refreshToken, up.config.sessions.maxRefreshTokenLifespan));
}
