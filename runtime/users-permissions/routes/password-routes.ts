// POST /auth/forgot-password, /auth/reset-password, /auth/change-password.
import { Router } from 'express';
import { ApplicationError, ValidationError } from '../../errors';
import { authOf } from '../../http/locals';
import { sendJson } from '../../http/envelope';
import { validateBody } from '../body-validation';
import { codeExpired, expiringCode, sha256 } from '../secrets';
import { UP, type UpServices } from '../services';
import type { StoredUser } from '../users/user-store';
import { updateUser } from '../users/user-writes';
import { sendAuthResponse } from './auth-response';
import { allow } from './permission-middleware';

export function passwordRouter(up: UpServices): Router {
  const router = Router();

  /**
   * Always `{ ok: true }`, answered before any email work: an existing address must not take
   * longer to answer than an unknown one. The code is stored and the email sent afterwards.
   */
  router.post('/auth/forgot-password', allow(`${UP}.auth.forgotPassword`), up.limiter.middleware('forgotPassword'), async (req, res) => {
    const { email } = validateBody(req.body, [{ name: 'email', kind: 'email' }]);
    const [user] = await up.users.byEmail(email);
    sendJson(res, 200, { ok: true });
    if (!user || user.blocked) return;
    const base = up.baseUrl(req);
    void sendResetEmail(up, user, base).catch((err: unknown) => up.log(`users-permissions: reset-password email to user ${user.id} failed: ${(err as Error).message}`));
  });

  router.post('/auth/reset-password', allow(`${UP}.auth.resetPassword`), up.limiter.middleware('resetPassword'), async (req, res) => {
    const { code, password } = validateBody(req.body, [
      { name: 'password', kind: 'password' },
      { name: 'passwordConfirmation', kind: 'confirmation', of: 'password' },
      { name: 'code', kind: 'string' },
    ]);
    const user = await up.users.byField('resetPasswordToken', sha256(code));
    if (!user || codeExpired(code)) {
      if (user) await up.users.setFields(user.id, { resetPasswordToken: null });
      throw new ValidationError('Incorrect code provided');
    }
    await updateUser(up.engine, user.documentId, { password }, up.config.bcryptRounds);
    // The code works once.
    await up.users.setFields(user.id, { resetPasswordToken: null });
    await sendAuthResponse(up, req, res, user, { auth: authOf(res), revokeSessions: true });
  });

  router.post('/auth/change-password', allow(`${UP}.auth.changePassword`), up.limiter.middleware('changePassword'), async (req, res) => {
    const auth = authOf(res);
    if (auth.kind !== 'user' || !auth.user) throw new ApplicationError('You must be authenticated to reset your password');
    const { currentPassword, password } = validateBody(req.body, [
      { name: 'password', kind: 'password' },
      { name: 'passwordConfirmation', kind: 'confirmation', of: 'password' },
      { name: 'currentPassword', kind: 'string' },
    ]);
    const user = await up.users.byId(auth.user.id);
    if (!user) throw new ApplicationError('You must be authenticated to reset your password');
    if (!(await up.passwords.verify(currentPassword, user.password))) throw new ValidationError('The provided current password is invalid');
    if (currentPassword === password) throw new ValidationError('Your new password must be different than your current password');
    await updateUser(up.engine, user.documentId, { password }, up.config.bcryptRounds);
    await sendAuthResponse(up, req, res, user, { auth, revokeSessions: true });
  });

  return router;
}

async function sendResetEmail(up: UpServices, user: StoredUser, base: string): Promise<void> {
  const code = expiringCode(up.config.resetPasswordTokenLifespan);
  await up.users.setFields(user.id, { resetPasswordToken: sha256(code) });
  const settings = await up.settings();
  await up.mailer.send('resetPassword', user.email, {
    USER: { id: user.id, documentId: user.documentId, username: user.username, email: user.email },
    URL: settings.email_reset_password ?? '',
    SERVER_URL: base,
    TOKEN: code,
  });
}
