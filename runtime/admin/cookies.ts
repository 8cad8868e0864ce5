// The admin panel's two cookies: the session token (httpOnly) and the CSRF token the SPA copies
// into the X-CSRF-Token header of every write (readable by scripts of the same origin only).
import type { Request, Response } from 'express';
import { appendSetCookie, readCookie, serializeCookie } from '@cms-gen/users-permissions/cookies';

export const SESSION_COOKIE = 'cmsgen_admin_session';
export const CSRF_COOKIE = 'cmsgen_admin_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const PATH = '/admin';

export const sessionToken = (req: Request): string | undefined => readCookie(req, SESSION_COOKIE);
export const csrfCookie = (req: Request): string | undefined => readCookie(req, CSRF_COOKIE);

export function setSessionCookies(req: Request, res: Response, session: { token: string; csrfToken: string }): void {
  const secure = req.secure;
  appendSetCookie(res, serializeCookie(SESSION_COOKIE, session.token, { httpOnly: true, sameSite: 'strict', secure, path: PATH }));
  appendSetCookie(res, serializeCookie(CSRF_COOKIE, session.csrfToken, { httpOnly: false, sameSite: 'strict', secure, path: PATH }));
}

export function clearSessionCookies(req: Request, res: Response): void {
  for (const [name, httpOnly] of [[SESSION_COOKIE, true], [CSRF_COOKIE, false]] as const) {
    appendSetCookie(res, serializeCookie(name, '', { httpOnly, sameSite: 'strict', secure: req.secure, path: PATH, maxAge: 0 }));
  }
}
