// Email confirmation (GET /auth/email-confirmation; GraphQL `emailConfirmation`) and
// POST /auth/send-email-confirmation.
import { ApplicationError, ValidationError } from '@cms-gen/core/errors';
import { validateBody } from '../body-validation';
import { codeExpired, sha256 } from '../secrets';
import { UP, type UpServices } from '../services';
import type { StoredUser } from '../users/user-store';
import { admit } from './admit';
import type { Caller } from './caller';
import { sendConfirmationEmail } from './confirmation-email';

export interface EmailConfirmed {
  user: StoredUser;
  /** Where REST sends the browser (the advanced setting, else `/`); GraphQL answers a token instead. */
  redirectTo: string;
}

/** `input.confirmation` is the emailed code; it works once. */
export async function emailConfirmation(up: UpServices, input: unknown, caller: Caller): Promise<EmailConfirmed> {
  await admit(up, caller, `${UP}.auth.emailConfirmation`);
  const { confirmation } = validateBody(input, [{ name: 'confirmation', kind: 'string' }]);
  const user = await up.users.byField('confirmationToken', sha256(confirmation));
  if (!user || codeExpired(confirmation)) throw new ValidationError('Invalid token');
  await up.users.setFields(user.id, { confirmed: true, confirmationToken: null });
  const settings = await up.settings();
  return { user: { ...user, confirmed: true, confirmationToken: null }, redirectTo: settings.email_confirmation_redirection || '/' };
}

/** Always `{ email, sent: true }` for unknown addresses too (no enumeration). */
export async function sendEmailConfirmation(up: UpServices, body: unknown, caller: Caller): Promise<{ email: string; sent: true }> {
  await admit(up, caller, `${UP}.auth.sendEmailConfirmation`, { route: 'sendEmailConfirmation', path: '/auth/send-email-confirmation', body });
  const { email } = validateBody(body, [{ name: 'email', kind: 'email' }]);
  const [user] = await up.users.byEmail(email);
  if (!user) return { email, sent: true };
  if (user.confirmed) throw new ApplicationError('Already confirmed');
  if (user.blocked) throw new ApplicationError('User blocked');
  await sendConfirmationEmail(up, caller.baseUrl, user);
  return { email: user.email, sent: true };
}
