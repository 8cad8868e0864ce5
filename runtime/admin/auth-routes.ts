// /admin/api/auth/*: first-run registration, sign-in (rate limited), sign-out, `me`, and the
// password reset through the app's email provider.
import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { ApplicationError, ForbiddenError, ValidationError } from '@cms-gen/core/errors';
import { sendJson, sendEmpty } from '@cms-gen/server/http/envelope';
import { sha256 } from '@cms-gen/users-permissions/secrets';
import { publicBaseUrl } from '@cms-gen/users-permissions/public-url';
import { accessOf, superAdminPermissions } from './access';
import { adminOf, signedIn, type AdminServices } from './context';
import { clearSessionCookies, sessionToken, setSessionCookies } from './cookies';
import { SETTINGS_ACTIONS, SUPER_ADMIN_CODE, UPLOAD_ACTIONS, findRoleByCode } from './roles';
import { createSession, deleteSession, deleteUserSessions } from './sessions';
import { countUsers, createUser, findUser, findUserByEmail, findUserByResetToken, passwordIssue, publicUser, setPassword, setResetToken, verifyPassword, type AdminUser } from './users';

/** How long a reset code stays valid. */
export const RESET_LIFESPAN_MS = 3_600_000;

const apiTypes = (services: AdminServices) => Object.keys(services.engine.schema.contentTypes).filter((uid) => uid.startsWith('api::'));

async function meBody(services: AdminServices, res: Response) {
  const access = adminOf(res);
  const permissions = access.superAdmin ? superAdminPermissions(apiTypes(services), [...UPLOAD_ACTIONS, ...SETTINGS_ACTIONS]) : access.permissions;
  return { data: { user: publicUser(access.user), permissions } };
}

async function signIn(services: AdminServices, req: Request, res: Response, user: AdminUser): Promise<void> {
  const session = await createSession(services.engine.db, user.id);
  setSessionCookies(req, res, session);
  // The answer is `me`'s, for the user now signed in.
  (res.locals as { admin?: unknown }).admin = { access: await accessOf(services.engine.db, user), session };
  res.setHeader('Cache-Control', 'no-store');
  sendJson(res, 200, await meBody(services, res));
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export function authRouter(services: AdminServices): Router {
  const router = Router();
  const db = () => services.engine.db;

  router.get('/auth/status', async (_req, res) => {
    sendJson(res, 200, { data: { hasAdmin: (await countUsers(db())) > 0, authenticated: signedIn(res) !== undefined } });
  });

  router.post('/auth/register-first', async (req, res) => {
    if ((await countUsers(db())) > 0) throw new ForbiddenError('An admin already exists: sign in instead');
    const role = await findRoleByCode(db(), SUPER_ADMIN_CODE);
    if (!role) throw new ApplicationError('The Super Admin role is missing');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const user = await createUser(db(), { firstname: body.firstname, lastname: body.lastname, email: body.email, password: body.password, isActive: true }, { roles: [role] });
    await signIn(services, req, res, user);
  });

  router.post('/auth/login', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ip = req.ip ?? 'unknown';
    await services.limiter.check(body.email, ip, (name, value) => res.setHeader(name, value));
    const user = typeof body.email === 'string' ? await findUserByEmail(db(), body.email) : undefined;
    const ok = await verifyPassword(str(body.password), user?.password ?? null);
    if (!user || !ok || !user.isActive || user.blocked) {
      await services.limiter.failed(body.email, ip);
      throw new ValidationError('Invalid credentials');
    }
    await services.limiter.succeeded(body.email, ip);
    await signIn(services, req, res, user);
  });

  router.post('/auth/logout', async (req, res) => {
    const token = sessionToken(req);
    if (token) await deleteSession(db(), token);
    clearSessionCookies(req, res);
    sendEmpty(res, 204);
  });

  router.get('/auth/me', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 200, await meBody(services, res));
  });

  router.post('/auth/forgot-password', async (req, res) => {
    const email = (req.body as Record<string, unknown> | undefined)?.email;
    // Five reset emails per address and client within the window: nobody floods an inbox through the panel.
    const ip = req.ip ?? 'unknown';
    await services.resetLimiter.check(email, ip, (name, value) => res.setHeader(name, value));
    await services.resetLimiter.failed(email, ip);
    // 204 whether or not the address is known: the answer must not tell which accounts exist.
    const user = typeof email === 'string' ? await findUserByEmail(db(), email) : undefined;
    if (user && user.isActive && !user.blocked) {
      const code = `${randomBytes(24).toString('base64url')}.${(Date.now() + RESET_LIFESPAN_MS).toString(36)}`;
      await setResetToken(db(), user.id, sha256(code));
      const link = `${publicBaseUrl(req, services.config.plugins['users-permissions'].publicUrl)}/admin/reset-password?code=${encodeURIComponent(code)}`;
      try {
        await services.mailer.send({
          to: user.email,
          subject: 'Reset your admin password',
          text: `Hello ${user.firstname ?? ''},\n\nTo choose a new password for the admin panel, open:\n${link}\n\nThe link is valid for one hour. If you did not ask for it, ignore this message.`,
          html: `<p>Hello ${escapeHtml(user.firstname ?? '')},</p><p>To choose a new password for the admin panel, open <a href="${escapeHtml(link)}">this link</a>.</p><p>The link is valid for one hour. If you did not ask for it, ignore this message.</p>`,
        });
      } catch (err) {
        services.log(`admin: the reset-password email to ${user.email} could not be sent (${err instanceof Error ? err.message : String(err)})`);
      }
    }
    sendEmpty(res, 204);
  });

  router.post('/auth/reset-password', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const code = str(body.code);
    const expires = parseInt(code.split('.')[1] ?? '', 36);
    const user = code ? await findUserByResetToken(db(), sha256(code)) : undefined;
    if (!user || !(expires > Date.now())) throw new ValidationError('Invalid or expired reset code', { errors: [{ path: ['code'], message: 'Invalid or expired reset code', name: 'ValidationError' }] });
    const problem = passwordIssue(body.password);
    if (problem) throw new ValidationError(problem, { errors: [{ path: ['password'], message: problem, name: 'ValidationError' }] });
    await setPassword(db(), user.id, body.password as string);
    // Every other session of the account ends with the old password.
    await deleteUserSessions(db(), user.id);
    await signIn(services, req, res, (await findUser(db(), user.id)) as AdminUser);
  });

  return router;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
