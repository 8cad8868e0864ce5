// GET /auth/email-confirmation?confirmation=<code> (302 to the configured page) and
// POST /auth/send-email-confirmation over the operations.
import { Router } from 'express';
import { sendJson } from '@cms-gen/server/http/envelope';
import { queryOf } from '@cms-gen/server/http/locals';
import { emailConfirmation, sendEmailConfirmation } from '../operations/email-confirmation';
import type { UpServices } from '../services';
import { restCaller } from './rest-caller';

export function emailConfirmationRouter(up: UpServices): Router {
  const router = Router();
  router.get('/auth/email-confirmation', async (req, res) => {
    const confirmed = await emailConfirmation(up, queryOf(res), restCaller(up, req, res));
    res.redirect(302, confirmed.redirectTo);
  });
  router.post('/auth/send-email-confirmation', async (req, res) => sendJson(res, 200, await sendEmailConfirmation(up, req.body, restCaller(up, req, res))));
  return router;
}
