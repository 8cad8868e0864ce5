// /admin/api settings: admin users and roles (with their permissions), the API's end users and
// users & permissions roles, API tokens, locales and the app's webhooks. A Super Admin may do
// everything; other admins need the matching permission (roles.ts, SETTINGS_ACTIONS).
import { Router, type Request, type Response } from 'express';
import { ApplicationError, NotFoundError, ValidationError } from '@cms-gen/core/errors';
import { sendJson } from '@cms-gen/server/http/envelope';
import { ApiTokenError, createApiToken, listApiTokens, revokeApiToken, API_TOKEN_TYPES, type ApiTokenType } from '@cms-gen/users-permissions/api-tokens/api-tokens';
import { apiTokenSalt } from '@cms-gen/users-permissions/api-tokens/salt';
import * as upRoles from '@cms-gen/users-permissions/operations/roles';
import type { Caller } from '@cms-gen/users-permissions/operations/caller';
import type { UpServices } from '@cms-gen/users-permissions/services';
import { requireAction } from './access';
import { adminAuth, adminOf, type AdminServices } from './context';
import { createLocale, deleteLocale, listLocales } from './locales';
import { checkPermissions, createRole, deleteRole, findRole, listRoles, permissionsOfRoles, roleUserCounts, setRolePermissions, SUPER_ADMIN_CODE, updateRole } from './roles';
import { createUser, deleteUser, findUser, listUsers, publicUser, updateUser } from './users';
import { deleteUserSessions } from './sessions';

const END_USER = 'plugin::users-permissions.user';

function numericId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError();
  return Number(raw);
}

const bodyOf = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {});

export function settingsRouter(services: AdminServices & { up: () => UpServices | undefined }): Router {
  const router = Router();
  const db = () => services.engine.db;
  const guard = (res: Response, action: string) => {
    const access = adminOf(res);
    requireAction(access, action);
    return access;
  };
  const contentTables = () => Object.values(services.engine.schema.contentTypes).map((ct) => ct.table);

  // ---- admin users ----
  router.get('/users', async (_req, res) => {
    guard(res, 'admin::users.read');
    sendJson(res, 200, { data: (await listUsers(db())).map(publicUser) });
  });
  router.get('/users/:id', async (req, res) => {
    guard(res, 'admin::users.read');
    const user = await findUser(db(), numericId(req.params.id));
    if (!user) throw new NotFoundError('user.notFound');
    sendJson(res, 200, { data: publicUser(user) });
  });
  router.post('/users', async (req, res) => {
    guard(res, 'admin::users.create');
    const body = bodyOf(req);
    const user = await createUser(db(), { ...body, isActive: body.isActive ?? true }, { requirePassword: true });
    sendJson(res, 201, { data: publicUser(user) });
  });
  router.put('/users/:id', async (req, res) => {
    guard(res, 'admin::users.update');
    const id = numericId(req.params.id);
    const user = await updateUser(db(), id, bodyOf(req));
    // A deactivated user is signed out at once.
    if (!user.isActive) await deleteUserSessions(db(), id);
    sendJson(res, 200, { data: publicUser(user) });
  });
  router.delete('/users/:id', async (req, res) => {
    const access = guard(res, 'admin::users.delete');
    const id = numericId(req.params.id);
    if (id === access.user.id) throw new ApplicationError('You cannot delete your own account');
    sendJson(res, 200, { data: publicUser(await deleteUser(db(), id, contentTables())) });
  });

  // ---- admin roles ----
  router.get('/roles', async (_req, res) => {
    guard(res, 'admin::roles.read');
    const counts = await roleUserCounts(db());
    sendJson(res, 200, { data: (await listRoles(db())).map((r) => ({ ...r, usersCount: counts.get(r.documentId) ?? 0 })) });
  });
  router.get('/roles/:id', async (req, res) => {
    guard(res, 'admin::roles.read');
    const role = await findRole(db(), numericId(req.params.id));
    if (!role) throw new NotFoundError('role.notFound');
    sendJson(res, 200, { data: role });
  });
  router.post('/roles', async (req, res) => {
    guard(res, 'admin::roles.create');
    const role = await createRole(db(), bodyOf(req));
    if ('permissions' in bodyOf(req)) await setRolePermissions(db(), role, checkPermissions(bodyOf(req).permissions));
    sendJson(res, 201, { data: role });
  });
  router.put('/roles/:id', async (req, res) => {
    guard(res, 'admin::roles.update');
    sendJson(res, 200, { data: await updateRole(db(), numericId(req.params.id), bodyOf(req)) });
  });
  router.delete('/roles/:id', async (req, res) => {
    guard(res, 'admin::roles.delete');
    sendJson(res, 200, { data: await deleteRole(db(), numericId(req.params.id)) });
  });
  router.get('/roles/:id/permissions', async (req, res) => {
    guard(res, 'admin::roles.read');
    const role = await findRole(db(), numericId(req.params.id));
    if (!role) throw new NotFoundError('role.notFound');
    sendJson(res, 200, { data: await permissionsOfRoles(db(), [role.id]) });
  });
  router.put('/roles/:id/permissions', async (req, res) => {
    guard(res, 'admin::roles.update');
    const role = await findRole(db(), numericId(req.params.id));
    if (!role) throw new NotFoundError('role.notFound');
    if (role.code === SUPER_ADMIN_CODE) throw new ApplicationError('The Super Admin role has every permission; it cannot be edited');
    const permissions = checkPermissions(bodyOf(req).permissions);
    await setRolePermissions(db(), role, permissions);
    sendJson(res, 200, { data: await permissionsOfRoles(db(), [role.id]) });
  });

  // ---- end users (users & permissions) ----
  const endUsers = () => services.engine.documents(END_USER);
  const endUserScope = (res: Response, action: 'read' | 'create' | 'update' | 'delete') => {
    const access = adminOf(res);
    if (access.scope(action, END_USER) === 'none') requireAction(access, `plugin::content-manager.explorer.${action}`);
    return access;
  };
  router.get('/end-users', async (req, res) => {
    endUserScope(res, 'read');
    const page = Math.max(1, parseInt(String(req.query.page ?? '1'), 10) || 1);
    const pageSize = Math.min(100, Math.max(1, parseInt(String(req.query.pageSize ?? '20'), 10) || 20));
    const query = { ...(req.query._q ? { _q: String(req.query._q) } : {}), ...(req.query.filters ? { filters: req.query.filters } : {}) };
    const [data, total] = await Promise.all([
      endUsers().findMany({ ...query, sort: req.query.sort ?? 'id:asc', pagination: { page, pageSize }, populate: { role: { fields: ['name', 'type'] } } }),
      endUsers().count(query),
    ]);
    sendJson(res, 200, { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } });
  });
  router.get('/end-users/:documentId', async (req, res) => {
    endUserScope(res, 'read');
    const user = await endUsers().findOne({ documentId: req.params.documentId, populate: { role: { fields: ['name', 'type'] } } });
    if (!user) throw new NotFoundError();
    sendJson(res, 200, { data: user });
  });
  router.post('/end-users', async (req, res) => {
    const access = endUserScope(res, 'create');
    // Users made here sign in with their password, as the content manager's do in Strapi (provider "local").
    const created = await endUsers().create({ data: { provider: 'local', ...bodyOf(req) }, auth: adminAuth(access), populate: { role: { fields: ['name', 'type'] } } });
    sendJson(res, 201, { data: created });
  });
  router.put('/end-users/:documentId', async (req, res) => {
    const access = endUserScope(res, 'update');
    const updated = await endUsers().update({ documentId: req.params.documentId, data: bodyOf(req), auth: adminAuth(access), populate: { role: { fields: ['name', 'type'] } } });
    if (!updated) throw new NotFoundError();
    sendJson(res, 200, { data: updated });
  });
  router.delete('/end-users/:documentId', async (req, res) => {
    const access = endUserScope(res, 'delete');
    const user = await endUsers().findOne({ documentId: req.params.documentId });
    if (!user) throw new NotFoundError();
    await endUsers().delete({ documentId: req.params.documentId, auth: adminAuth(access) });
    sendJson(res, 200, { data: user });
  });

  // ---- users & permissions roles (the permission tree, custom routes included) ----
  const up = (): UpServices => {
    const found = services.up();
    if (!found) throw new NotFoundError('The users & permissions plugin is disabled');
    return found;
  };
  const caller = (req: Request, res: Response, action: string): Caller => {
    const access = guard(res, action);
    return { auth: adminAuth(access), ip: req.ip ?? 'unknown', baseUrl: up().baseUrl(req), setHeader: (name, value) => res.setHeader(name, value) };
  };
  router.get('/up-roles', async (req, res) => sendJson(res, 200, { data: (await upRoles.listRoles(up(), caller(req, res, 'plugin::users-permissions.roles.read'))).roles }));
  router.get('/up-roles/:id', async (req, res) => sendJson(res, 200, { data: (await upRoles.findRole(up(), req.params.id, caller(req, res, 'plugin::users-permissions.roles.read'))).role }));
  router.post('/up-roles', async (req, res) => {
    await upRoles.createRole(up(), req.body, caller(req, res, 'plugin::users-permissions.roles.update'));
    sendJson(res, 201, { data: { ok: true } });
  });
  router.put('/up-roles/:id', async (req, res) => {
    await upRoles.updateRole(up(), req.params.id, req.body, caller(req, res, 'plugin::users-permissions.roles.update'));
    sendJson(res, 200, { data: (await upRoles.findRole(up(), req.params.id, caller(req, res, 'plugin::users-permissions.roles.read'))).role });
  });
  router.delete('/up-roles/:id', async (req, res) => {
    await upRoles.deleteRole(up(), req.params.id, caller(req, res, 'plugin::users-permissions.roles.update'));
    sendJson(res, 200, { data: { ok: true } });
  });

  // ---- API tokens ----
  router.get('/api-tokens', async (_req, res) => {
    guard(res, 'admin::api-tokens.read');
    sendJson(res, 200, { data: await listApiTokens(db()) });
  });
  router.post('/api-tokens', async (req, res) => {
    guard(res, 'admin::api-tokens.create');
    const body = bodyOf(req);
    const salt = apiTokenSalt(services.config);
    if (!salt) throw new ApplicationError('API_TOKEN_SALT must be set in production to create API tokens');
    if (typeof body.name !== 'string' || body.name.trim() === '') throw new ValidationError('name is required', { errors: [{ path: ['name'], message: 'name is required', name: 'ValidationError' }] });
    if (!(API_TOKEN_TYPES as readonly unknown[]).includes(body.type)) {
      throw new ValidationError(`type must be one of ${API_TOKEN_TYPES.join(', ')}`, { errors: [{ path: ['type'], message: `type must be one of ${API_TOKEN_TYPES.join(', ')}`, name: 'ValidationError' }] });
    }
    const lifespan = body.lifespan;
    if (lifespan !== undefined && lifespan !== null && !(typeof lifespan === 'number' && lifespan > 0)) {
      throw new ValidationError('lifespan must be a number of milliseconds or null', { errors: [{ path: ['lifespan'], message: 'lifespan must be a number of milliseconds or null', name: 'ValidationError' }] });
    }
    try {
      const { token, accessKey } = await createApiToken(db(), salt, {
        name: body.name.trim(),
        description: typeof body.description === 'string' ? body.description : undefined,
        type: body.type as ApiTokenType,
        permissions: Array.isArray(body.permissions) ? body.permissions.map(String) : undefined,
        lifespanMs: typeof lifespan === 'number' ? lifespan : undefined,
      });
      // The secret is shown in this answer only: the database keeps its hash.
      sendJson(res, 201, { data: { ...token, accessKey } });
    } catch (err) {
      if (err instanceof ApiTokenError) throw new ValidationError(err.message);
      throw err;
    }
  });
  router.delete('/api-tokens/:id', async (req, res) => {
    guard(res, 'admin::api-tokens.delete');
    const id = String(numericId(req.params.id));
    const [token] = (await listApiTokens(db())).filter((t) => String(t.id) === id);
    if (!token || !(await revokeApiToken(db(), id))) throw new NotFoundError();
    sendJson(res, 200, { data: token });
  });

  // ---- locales ----
  router.get('/i18n/locales', async (_req, res) => {
    guard(res, 'plugin::i18n.locale.read');
    sendJson(res, 200, { data: await listLocales(services.engine) });
  });
  router.post('/i18n/locales', async (req, res) => {
    guard(res, 'plugin::i18n.locale.create');
    const created = await createLocale(services.engine, bodyOf(req));
    sendJson(res, 201, { data: { id: created.id, documentId: created.documentId, code: created.code, name: created.name, isDefault: false } });
  });
  router.delete('/i18n/locales/:id', async (req, res) => {
    guard(res, 'plugin::i18n.locale.delete');
    const removed = await deleteLocale(services.engine, numericId(req.params.id));
    if (!removed) throw new NotFoundError();
    sendJson(res, 200, { data: removed });
  });

  // ---- webhooks (configuration: config/webhooks) ----
  router.get('/webhooks', (_req, res) => {
    guard(res, 'admin::webhooks.read');
    const hooks = services.config.webhooks.webhooks.map((w, i) => ({ id: i + 1, name: w.name, url: w.url, events: w.events, headers: Object.keys(w.headers), isEnabled: w.enabled }));
    sendJson(res, 200, { data: hooks });
  });
  const readOnly = () => {
    throw new ApplicationError('Webhooks are configuration in this app: edit config/webhooks and restart (the panel lists them)');
  };
  router.post('/webhooks', readOnly);
  router.put('/webhooks/:id', readOnly);
  router.delete('/webhooks/:id', readOnly);

  return router;
}
