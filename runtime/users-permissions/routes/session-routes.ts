// POST /auth/refresh and POST /auth/logout (jwtManagement: 'refresh'; 404 in legacy mode, as in
// Strapi, because the routes do not exist there).
import { Router } from 'express';
import { UnauthorizedError, ValidationError } from '@cms-gen/core/errors';
import { authOf } from '@cms-gen/server/http/locals';
import { sendJson } from '@cms-gen/server/http/envelope';
import { asRecord } from '../body-validation';
import { UP, type UpServices } from '../services';
import { appendSetCookie, readCookie } from '../cookies';
import { refreshCookie, wantsCookie } from '../refresh-cookie';
import { allow } from './permission-middleware';

export function sessionRouter(up: UpServices): Router {
  const router = Router();
  const sessions = up.sessions;
  if (!sessions) return router;
  const cookieName = up.config.sessions.cookie.name;

  router.post('/auth/refresh', allow(`${UP}.auth.refresh`), async (req, res) => {
    // The cookie first (httpOnly mode), then the body, as Strapi reads them.
    const token = readCookie(req, cookieName) ?? asRecord(req.body).refreshToken;
    if (typeof token !== 'string' || token === '') throw new ValidationError('Missing refresh token');
    const rotated = await sessions.rotate(token);
    if (!rotated.ok) {
      if (rotated.reason === 'reused') up.log('warning: users-permissions: a rotated refresh token was presented again; its session is revoked');
      throw new UnauthorizedError('Invalid refresh token');
    }
    const user = await up.users.byId(rotated.userId);
    if (!user || user.blocked) {
      await sessions.revokeSession(rotated.sessionId);
      throw new UnauthorizedError('Invalid refresh token');
    }
    const jwt = up.jwt.issueAccess(user.id, rotated.sessionId);
    if (wantsCookie(up, req)) {
      appendSetCookie(res, refreshCookie(up, req, rotated.refreshToken, up.config.sessions.maxRefreshTokenLifespan));
      sendJson(res, 200, { jwt });
      return;
    }
    sendJson(res, 200, { jwt, refreshToken: rotated.refreshToken });
  });

  /** Ends every session of the caller: their refresh tokens and access tokens stop working at once. */
  router.post('/auth/logout', allow(`${UP}.auth.logout`), async (req, res) => {
    const auth = authOf(res);
    if (auth.kind !== 'user' || !auth.user) throw new UnauthorizedError('Missing authentication');
    await sessions.revokeUser(auth.user.id);
    if (wantsCookie(up, req) || readCookie(req, cookieName) !== undefined) appendSetCookie(res, refreshCookie(up, req, '', 0));
    sendJson(res, 200, { ok: true });
  });

  return router;
}
