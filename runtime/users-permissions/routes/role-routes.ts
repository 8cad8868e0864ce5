// /users-permissions/roles, /roles/:id and /permissions over the operations (bare JSON).
import { Router } from 'express';
import { sendJson } from '@cms-gen/server/http/envelope';
import { createRole, deleteRole, findRole, listPermissions, listRoles, updateRole } from '../operations/roles';
import type { UpServices } from '../services';
import { restCaller } from './rest-caller';

const PATH = '/users-permissions';

export function roleRouter(up: UpServices): Router {
  const router = Router();
  router.get(`${PATH}/roles`, async (req, res) => sendJson(res, 200, await listRoles(up, restCaller(up, req, res))));
  router.get(`${PATH}/roles/:id`, async (req, res) => sendJson(res, 200, await findRole(up, String(req.params.id), restCaller(up, req, res))));
  router.post(`${PATH}/roles`, async (req, res) => sendJson(res, 200, await createRole(up, req.body, restCaller(up, req, res))));
  router.put(`${PATH}/roles/:id`, async (req, res) => sendJson(res, 200, await updateRole(up, String(req.params.id), req.body, restCaller(up, req, res))));
  router.delete(`${PATH}/roles/:id`, async (req, res) => sendJson(res, 200, await deleteRole(up, String(req.params.id), restCaller(up, req, res))));
  router.get(`${PATH}/permissions`, async (req, res) => sendJson(res, 200, await listPermissions(up, restCaller(up, req, res))));
  return router;
}
