// REST's rendering of an auth answer (login, register, reset/change password, provider callbacks):
// `{ jwt, user }`; refresh mode adds `refreshToken`, unless the request wants the refresh token as
// an HTTP-only cookie (then `{ jwt, user }`). Register with email confirmation on: `{ user }`.
import type { Request, Response } from 'express';
import { sendJson } from '@cms-gen/server/http/envelope';
import type { RegisterResult } from '../operations/issue-auth';
import { setRefreshCookie, wantsCookie } from '../refresh-cookie';
import type { UpServices } from '../services';

export function sendAuthResult(up: UpServices, req: Request, res: Response, result: RegisterResult): void {
  if (result.jwt === undefined) return sendJson(res, 200, { user: result.user });
  if (result.refreshToken === undefined) return sendJson(res, 200, { jwt: result.jwt, user: result.user });
  if (wantsCookie(up, req)) {
    setRefreshCookie(up, req, res, result.refreshToken);
    return sendJson(res, 200, { jwt: result.jwt, user: result.user });
  }
  sendJson(res, 200, { jwt: result.jwt, refreshToken: result.refreshToken, user: result.user });
}
