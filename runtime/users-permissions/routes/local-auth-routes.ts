// POST /auth/local (login) and POST /auth/local/register over the operations.
import { Router } from 'express';
import { login, register } from '../operations/local-auth';
import type { UpServices } from '../services';
import { sendAuthResult } from './auth-response';
import { restCaller } from './rest-caller';

export function localAuthRouter(up: UpServices): Router {
  const router = Router();
  router.post('/auth/local', async (req, res) => sendAuthResult(up, req, res, await login(up, req.body, restCaller(up, req, res))));
  router.post('/auth/local/register', async (req, res) => sendAuthResult(up, req, res, await register(up, req.body, restCaller(up, req, res))));
  return router;
}
