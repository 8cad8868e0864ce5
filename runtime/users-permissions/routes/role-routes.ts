// /users-permissions/roles and /users-permissions/permissions (Strapi's bare shapes):
//   GET    /roles         { roles: [role + nb_users] }
//   GET    /roles/:id     { role: role + permissions tree }      404 Role not found
//   POST   /roles         { ok: true }   name, description, type, permissions tree
//   PUT    /roles/:id     { ok: true }   name, description, permissions tree (the whole set)
//   DELETE /roles/:id     { ok: true }   users move to Public; the Public role stays
//   GET    /permissions   { permissions: tree of every action, none enabled }
import { Router } from 'express';
import { ApplicationError, NotFoundError, ValidationError } from '../../errors';
import { sendJson } from '../../http/envelope';
import { asRecord } from '../body-validation';
import { allActions, enabledActions, permissionTree } from '../permission-catalog';
import { RoleStore, roleTypeFromName } from '../roles/role-store';
import { UP, type UpServices } from '../services';
import { allow } from './permission-middleware';

const PATH = '/users-permissions';

function roleFields(body: Record<string, unknown>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = body[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new ValidationError(`${key} must be a \`string\` type`, { errors: [{ path: [key], message: `${key} must be a \`string\` type`, name: 'ValidationError', value }] });
    out[key] = value;
  }
  return out;
}

export function roleRouter(up: UpServices): Router {
  const router = Router();
  const roles = new RoleStore(up.engine);
  const known = new Set(allActions(up.engine.schema));

  const findRole = async (param: string) => {
    const role = await roles.find(param);
    if (!role) throw new NotFoundError('Role not found');
    return role;
  };

  router.get(`${PATH}/roles`, allow(`${UP}.role.find`), async (_req, res) => {
    sendJson(res, 200, { roles: await roles.list() });
  });

  router.get(`${PATH}/roles/:id`, allow(`${UP}.role.findOne`), async (req, res) => {
    const role = await findRole(String(req.params.id));
    const granted = new Set((await roles.permissionRows(String(role.documentId))).keys());
    sendJson(res, 200, { role: { ...role, permissions: permissionTree(up.engine.schema, granted) } });
  });

  router.post(`${PATH}/roles`, allow(`${UP}.role.createRole`), async (req, res) => {
    const body = asRecord(req.body);
    if (Object.keys(body).length === 0) throw new ValidationError('Request body cannot be empty');
    const fields = roleFields(body, ['name', 'description', 'type']);
    if (!fields.type && fields.name) fields.type = roleTypeFromName(fields.name);
    await roles.create(fields, enabledActions(body.permissions, known));
    up.permissions.invalidate();
    sendJson(res, 200, { ok: true });
  });

  router.put(`${PATH}/roles/:id`, allow(`${UP}.role.updateRole`), async (req, res) => {
    const body = asRecord(req.body);
    if (Object.keys(body).length === 0) throw new ValidationError('Request body cannot be empty');
    const role = await findRole(String(req.params.id));
    // Without a `permissions` tree the grants stay as they are (Strapi would drop them all).
    const actions = body.permissions === undefined ? undefined : enabledActions(body.permissions, known);
    await roles.update(String(role.documentId), roleFields(body, ['name', 'description']), actions);
    up.permissions.invalidate();
    sendJson(res, 200, { ok: true });
  });

  router.delete(`${PATH}/roles/:id`, allow(`${UP}.role.deleteRole`), async (req, res) => {
    const role = await findRole(String(req.params.id));
    const publicRole = await roles.documentIdByType('public');
    if (!publicRole) throw new ApplicationError('Impossible to find the public role');
    if (role.documentId === publicRole) throw new ApplicationError('Cannot delete public role');
    await roles.delete(String(role.documentId), publicRole);
    up.permissions.invalidate();
    sendJson(res, 200, { ok: true });
  });

  router.get(`${PATH}/permissions`, allow(`${UP}.permissions.getPermissions`), (_req, res) => {
    sendJson(res, 200, { permissions: permissionTree(up.engine.schema, new Set()) });
  });

  return router;
}
