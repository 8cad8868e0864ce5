// /users, /users/me, /users/count, /users/:id over the operations. Bare JSON as Strapi answers
// (no data envelope): a list is an array, count a number, a missing user on GET/DELETE an empty
// 204 (Strapi sends `null`, which Koa turns into 204), on PUT a 404 `User not found`.
import { Router, type Response } from 'express';
import { sendEmpty, sendJson } from '@cms-gen/server/http/envelope';
import { queryOf } from '@cms-gen/server/http/locals';
import type { Document } from '@cms-gen/core/engine/types';
import { countUsers, createUser, deleteUser, findUser, findUsers, me, updateUser } from '../operations/users';
import type { UpServices } from '../services';
import { restCaller } from './rest-caller';

function sendUserOrEmpty(res: Response, doc: Document | null): void {
  if (doc) sendJson(res, 200, doc);
  else sendEmpty(res, 204);
}

export function userRouter(up: UpServices): Router {
  const router = Router();
  router.get('/users/me', async (req, res) => sendJson(res, 200, await me(up, queryOf(res), restCaller(up, req, res))));
  router.get('/users/count', async (req, res) => sendJson(res, 200, await countUsers(up, queryOf(res), restCaller(up, req, res))));
  router.get('/users', async (req, res) => sendJson(res, 200, await findUsers(up, queryOf(res), restCaller(up, req, res))));
  router.get('/users/:id', async (req, res) => sendUserOrEmpty(res, await findUser(up, String(req.params.id), queryOf(res), restCaller(up, req, res))));
  router.post('/users', async (req, res) => sendJson(res, 201, await createUser(up, req.body, restCaller(up, req, res))));
  router.put('/users/:id', async (req, res) => sendJson(res, 200, await updateUser(up, String(req.params.id), req.body, restCaller(up, req, res))));
  router.delete('/users/:id', async (req, res) => sendUserOrEmpty(res, await deleteUser(up, String(req.params.id), restCaller(up, req, res))));
  return router;
}
