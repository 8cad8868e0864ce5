// The `{ jwt, user }` answer of login, register, reset/change password and provider callbacks.
// Refresh mode opens a session: `{ jwt, refreshToken, user }`, or with httpOnly cookies (config
// `sessions.httpOnly`, or the request header `x-strapi-refresh-cookie: httpOnly` as in Strapi)
// the refresh token goes into an HTTP-only cookie and the body is `{ jwt, user }`.
import type { Request, Response } from 'express';
import type { AuthContext, Document } from '../../engine/types';
import { sendJson } from '../../http/envelope';
import { appendSetCookie, serializeCookie } from '../cookies';
import type { UpServices } from '../services';

export interface AuthResponseOptions {
  auth: AuthContext;
  /** Register shows the role (Strapi populates it there, not on login). */
  populateRole?: boolean;
  /** Password change/reset: end every other session first. */
  revokeSessions?: boolean;
}

export function wantsCookie(up: UpServices, req: Request): boolean {
  return up.config.sessions.httpOnly || req.get('x-strapi-refresh-cookie') === 'httpOnly';
}

export function refreshCookie(up: UpServices, req: Request, value: string, maxAge: number): string {
  const c = up.config.sessions.cookie;
  return serializeCookie(c.name, value, { httpOnly: true, secure: req.secure, sameSite: c.sameSite, path: c.path, domain: c.domain, maxAge });
}

export async function userDocumentOrThrow(up: UpServices, documentId: string, auth: AuthContext, populateRole: boolean): Promise<Document> {
  const doc = await up.users.userDocument(documentId, populateRole ? { populate: ['role'] } : {}, auth);
  if (!doc) throw new Error(`user ${documentId} vanished while answering`);
  return doc;
}

export async function sendAuthResponse(up: UpServices, req: Request, res: Response, user: { id: number; documentId: string }, options: AuthResponseOptions): Promise<void> {
  const doc = await userDocumentOrThrow(up, user.documentId, options.auth, options.populateRole === true);
  if (!up.sessions) {
    sendJson(res, 200, { jwt: up.jwt.issueLegacy(user.id), user: doc });
    return;
  }
  if (options.revokeSessions) await up.sessions.revokeUser(user.id);
  const session = await up.sessions.create(user.id);
  const jwt = up.jwt.issueAccess(user.id, session.sessionId);
  if (wantsCookie(up, req)) {
    appendSetCookie(res, refreshCookie(up, req, session.refreshToken, up.config.sessions.maxRefreshTokenLifespan));
    sendJson(res, 200, { jwt, user: doc });
    return;
  }
  sendJson(res, 200, { jwt, refreshToken: session.refreshToken, user: doc });
}
