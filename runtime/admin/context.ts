// What every admin route shares, and the signed-in admin of a request (res.locals.admin).
import type { NextFunction, Request, Response } from 'express';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { AuthContext } from '@cms-gen/core/engine/types';
import type { AppConfig } from '@cms-gen/server/config/types';
import { ForbiddenError, UnauthorizedError } from '@cms-gen/core/errors';
import { safeEqual } from '@cms-gen/users-permissions/secrets';
import type { EmailProvider } from '@cms-gen/users-permissions/email/email-provider';
import type { UploadService } from '@cms-gen/upload/upload-service';
import { accessOf, type AdminAccess } from './access';
import { CSRF_HEADER, csrfCookie, sessionToken } from './cookies';
import { LoginLimiter } from './login-limiter';
import { findSession, type Session } from './sessions';
import { findUser } from './users';

export interface AdminServices {
  engine: Engine;
  config: AppConfig;
  limiter: LoginLimiter;
  /** Counts reset-password emails asked for per email and address (each request counts). */
  resetLimiter: LoginLimiter;
  mailer: EmailProvider;
  /** The upload plugin's service (undefined when upload is off). */
  upload: () => UploadService | undefined;
  appDir: string;
  log(line: string): void;
}

interface SignedIn {
  access: AdminAccess;
  session: Session;
}

/** Requests that need no CSRF header: they start a session (there is no token yet) or never touch one. */
const CSRF_EXEMPT = new Set(['/auth/login', '/auth/register-first', '/auth/forgot-password', '/auth/reset-password']);

/** 403 for a write whose X-CSRF-Token header does not match the CSRF cookie. */
export function csrfGuard(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || CSRF_EXEMPT.has(req.path)) return next();
  const header = req.get(CSRF_HEADER);
  const cookie = csrfCookie(req);
  if (!header || !cookie || !safeEqual(header, cookie)) return next(new ForbiddenError('Missing or invalid CSRF token (send the cmsgen_admin_csrf cookie value as X-CSRF-Token)'));
  next();
}

/** Loads the signed-in admin, if any, onto res.locals (user, roles and permissions read fresh). */
export function loadAdmin(services: AdminServices) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const token = sessionToken(req);
    if (token) {
      const db = services.engine.db;
      const session = await findSession(db, token);
      const user = session && (await findUser(db, session.userId));
      if (session && user && user.isActive && !user.blocked) {
        // The session's own CSRF token must be the one sent (a cookie planted by another site does not do).
        const header = req.get(CSRF_HEADER);
        const write = !(req.method === 'GET' || req.method === 'HEAD' || CSRF_EXEMPT.has(req.path));
        if (write && (!header || !safeEqual(header, session.csrfToken))) return next(new ForbiddenError('Missing or invalid CSRF token (send the cmsgen_admin_csrf cookie value as X-CSRF-Token)'));
        (res.locals as { admin?: SignedIn }).admin = { access: await accessOf(db, user), session };
      }
    }
    next();
  };
}

export function signedIn(res: Response): SignedIn | undefined {
  return (res.locals as { admin?: SignedIn }).admin;
}

/** The signed-in admin's access, or 401. */
export function adminOf(res: Response): AdminAccess {
  const admin = signedIn(res);
  if (!admin) throw new UnauthorizedError('You must be signed in to the admin panel');
  return admin.access;
}

/** The operation layer's caller for an admin: permissions are checked here, creator fields are set there. */
export function adminAuth(access: AdminAccess): AuthContext {
  return { kind: 'admin', adminUserId: access.user.id, can: () => true };
}
