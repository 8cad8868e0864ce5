// Sends the email-confirmation link (register with confirmation on, send-email-confirmation).
// The link carries a fresh code; only its hash is stored on the user.
import { expiringCode, sha256 } from '../secrets';
import type { UpServices } from '../services';
import type { StoredUser } from '../users/user-store';

export async function sendConfirmationEmail(up: UpServices, baseUrl: string, user: StoredUser): Promise<void> {
  const code = expiringCode(up.config.emailConfirmationTokenLifespan);
  await up.users.setFields(user.id, { confirmationToken: sha256(code) });
  await up.mailer.send('emailConfirmation', user.email, {
    USER: { id: user.id, documentId: user.documentId, username: user.username, email: user.email },
    URL: `${baseUrl}${up.prefix}/auth/email-confirmation`,
    SERVER_URL: baseUrl,
    CODE: code,
  });
}
