// POST /auth/forgot-password, /auth/reset-password, /auth/change-password over the operations.
import { Router } from 'express';
import { sendJson } from '@cms-gen/server/http/envelope';
import { changePassword, forgotPassword, resetPassword } from '../operations/password-flows';
import type { UpServices } from '../services';
import { sendAuthResult } from './auth-response';
import { restCaller } from './rest-caller';

export function passwordRouter(up: UpServices): Router {
  const router = Router();
  router.post('/auth/forgot-password', async (req, res) => sendJson(res, 200, await forgotPassword(up, req.body, restCaller(up, req, res))));
  router.post('/auth/reset-password', async (req, res) => sendAuthResult(up, req, res, await resetPassword(up, req.body, restCaller(up, req, res))));
  router.post('/auth/change-password', async (req, res) => sendAuthResult(up, req, res, await changePassword(up, req.body, restCaller(up, req, res))));
  return router;
}
