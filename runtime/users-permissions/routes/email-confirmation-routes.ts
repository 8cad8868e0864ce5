// GET /auth/email-confirmation?confirmation=<code> and POST /auth/send-email-confirmation.
import { Router } from 'express';
import { ApplicationError, ValidationError } from '../../errors';
import { queryOf } from '../../http/locals';
import { sendJson } from '../../http/envelope';
import { validateBody } from '../body-validation';
import { codeExpired, sha256 } from '../secrets';
import { UP, type UpServices } from '../services';
import { sendConfirmationEmail } from './confirmation-email';
import { allow } from './permission-middleware';

export function emailConfirmationRouter(up: UpServices): Router {
  const router = Router();

  router.get('/auth/email-confirmation', allow(`${UP}.auth.emailConfirmation`), async (_req, res) => {
    const { confirmation } = validateBody(queryOf(res), [{ name: 'confirmation', kind: 'string' }]);
    const user = await up.users.byField('confirmationToken', sha256(confirmation));
    if (!user || codeExpired(confirmation)) throw new ValidationError('Invalid token');
    await up.users.setFields(user.id, { confirmed: true, confirmationToken: null });
    const settings = await up.settings();
    res.redirect(302, settings.email_confirmation_redirection || '/');
  });

  router.post('/auth/send-email-confirmation', allow(`${UP}.auth.sendEmailConfirmation`), up.limiter.middleware('sendEmailConfirmation'), async (req, res) => {
    const { email } = validateBody(req.body, [{ name: 'email', kind: 'email' }]);
    const [user] = await up.users.byEmail(email);
    if (!user) {
      sendJson(res, 200, { email, sent: true });
      return;
    }
    if (user.confirmed) throw new ApplicationError('Already confirmed');
    if (user.blocked) throw new ApplicationError('User blocked');
    await sendConfirmationEmail(up, req, user);
    sendJson(res, 200, { email: user.email, sent: true });
  });

  return router;
}
