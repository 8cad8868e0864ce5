// Forgot, reset and change password (POST /auth/forgot-password, /auth/reset-password,
// /auth/change-password; the GraphQL mutations of the same names).
import { ApplicationError, ValidationError } from '@cms-gen/core/errors';
import { validateBody } from '../body-validation';
import { codeExpired, expiringCode, sha256 } from '../secrets';
import { UP, type UpServices } from '../services';
import type { StoredUser } from '../users/user-store';
import { updateUser } from '../users/user-writes';
import { admit } from './admit';
import type { Caller } from './caller';
import { issueAuth, type AuthResult } from './issue-auth';

/**
 * Always `{ ok: true }`, answered before any email work: an existing address must not take longer
 * to answer than an unknown one. The code is stored and the email sent afterwards.
 */
export async function forgotPassword(up: UpServices, body: unknown, caller: Caller): Promise<{ ok: true }> {
  await admit(up, caller, `${UP}.auth.forgotPassword`, { route: 'forgotPassword', path: '/auth/forgot-password', body });
  const { email } = validateBody(body, [{ name: 'email', kind: 'email' }]);
  const [user] = await up.users.byEmail(email);
  if (user && !user.blocked) {
    // After the answer has gone out (setImmediate runs once the caller has sent it).
    setImmediate(() => {
      sendResetEmail(up, user, caller.baseUrl).catch((err: unknown) => up.log(`error: users-permissions: reset-password email to user ${user.id} failed: ${(err as Error).message}`));
    });
  }
  return { ok: true };
}

export async function resetPassword(up: UpServices, body: unknown, caller: Caller): Promise<AuthResult> {
  await admit(up, caller, `${UP}.auth.resetPassword`, { route: 'resetPassword', path: '/auth/reset-password', body });
  const { code, password } = validateBody(body, [
    { name: 'password', kind: 'password' },
    { name: 'passwordConfirmation', kind: 'confirmation', of: 'password' },
    { name: 'code', kind: 'string' },
  ]);
  const hash = sha256(code);
  const user = await up.users.byField('resetPasswordToken', hash);
  if (!user || codeExpired(code)) {
    if (user) await up.users.setFields(user.id, { resetPasswordToken: null });
    throw new ValidationError('Incorrect code provided');
  }
  // The code works once: it is taken (cleared where it still matches) before the password
  // changes, so requests racing with the same code find it gone.
  if (!(await up.users.consumeResetCode(user.id, hash))) throw new ValidationError('Incorrect code provided');
  await updateUser(up.engine, user.documentId, { password }, up.config.bcryptRounds);
  return issueAuth(up, user, caller.auth, { revokeSessions: true });
}

/** The caller changes their own password. */
export async function changePassword(up: UpServices, body: unknown, caller: Caller): Promise<AuthResult> {
  await admit(up, caller, `${UP}.auth.changePassword`, { route: 'changePassword', path: '/auth/change-password', body });
  const { auth } = caller;
  if (auth.kind !== 'user' || !auth.user) throw new ApplicationError('You must be authenticated to reset your password');
  const { currentPassword, password } = validateBody(body, [
    { name: 'password', kind: 'password' },
    { name: 'passwordConfirmation', kind: 'confirmation', of: 'password' },
    { name: 'currentPassword', kind: 'string' },
  ]);
  const user = await up.users.byId(auth.user.id);
  if (!user) throw new ApplicationError('You must be authenticated to reset your password');
  if (!(await up.passwords.verify(currentPassword, user.password))) throw new ValidationError('The provided current password is invalid');
  if (currentPassword === password) throw new ValidationError('Your new password must be different than your current password');
  await updateUser(up.engine, user.documentId, { password }, up.config.bcryptRounds);
  return issueAuth(up, user, auth, { revokeSessions: true });
}

async function sendResetEmail(up: UpServices, user: StoredUser, baseUrl: string): Promise<void> {
  const code = expiringCode(up.config.resetPasswordTokenLifespan);
  await up.users.setFields(user.id, { resetPasswordToken: sha256(code) });
  const settings = await up.settings();
  await up.mailer.send('resetPassword', user.email, {
    USER: { id: user.id, documentId: user.documentId, username: user.username, email: user.email },
    URL: settings.email_reset_password ?? '',
    SERVER_URL: baseUrl,
    TOKEN: code,
  });
}
