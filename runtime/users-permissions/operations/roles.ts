// Roles and the permission listing (/users-permissions/roles, /roles/:id, /permissions; GraphQL's
// role mutations). Every write invalidates this instance's permission cache at once (other
// instances follow within the cache's 2 s lifetime, runtime/auth/permission-store.ts).
//   list     { roles: [role + nb_users] }
//   find     role + permissions tree                 404 Role not found
//   create   name, description, type, permissions, and a role extension's own attributes
//   update   name, description, permissions (the whole set)
//   delete   users move to Public; the Public role stays
import type { Document } from '@cms-gen/core/engine/types';
import { ApplicationError, NotFoundError, ValidationError } from '@cms-gen/core/errors';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import { asRecord } from '../body-validation';
import { allActions, enabledActions, permissionTree, type PermissionTree } from '../permission-catalog';
import { RoleStore, roleTypeFromName } from '../roles/role-store';
import { UP, type UpServices } from '../services';
import { admit } from './admit';
import type { Caller } from './caller';
import { ROLE_UID, type PermissionStore } from '@cms-gen/server/auth/permission-store';

/** The plugin's own role attributes: written by the fields above, or never through a role body. */
const PLUGIN_ROLE_ATTRIBUTES = ['name', 'description', 'type', 'permissions', 'users'];

// Per permission store: apps sharing a schema (tests) may differ in their custom routes.
const knownByStore = new WeakMap<PermissionStore, ReadonlySet<string>>();

function knownActions(schema: SchemaMeta, permissions: PermissionStore): ReadonlySet<string> {
  let known = knownByStore.get(permissions);
  if (!known) knownByStore.set(permissions, (known = new Set(allActions(schema, permissions.customActions))));
  return known;
}

function roleFields(body: Record<string, unknown>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new ValidationError(`${key} must be a \`string\` type`, { errors: [{ path: [key], message: `${key} must be a \`string\` type`, name: 'ValidationError', value }] });
    out[key] = value;
  }
  return out;
}

/**
 * The actions a body grants: Strapi's tree (`{ enabled: true }` leaves; unknown actions grant
 * nothing, as in Strapi), or a list of action uids (GraphQL's `permissions: [ID]`), where an
 * unknown uid is refused rather than dropped.
 */
function grantedActions(value: unknown, schema: SchemaMeta, permissions: PermissionStore): string[] {
  const known = knownActions(schema, permissions);
  if (!Array.isArray(value)) return enabledActions(value, known);
  const unknown = value.filter((uid) => typeof uid !== 'string' || !known.has(uid));
  if (unknown.length) {
    const message = `permissions: unknown action ${unknown.map((u) => JSON.stringify(u)).join(', ')}`;
    throw new ValidationError(message, { errors: [{ path: ['permissions'], message, name: 'ValidationError', value: unknown }] });
  }
  return [...new Set(value as string[])];
}

function nonEmpty(body: unknown): Record<string, unknown> {
  const input = asRecord(body);
  if (Object.keys(input).length === 0) throw new ValidationError('Request body cannot be empty');
  return input;
}

async function roleOrThrow(roles: RoleStore, id: string): Promise<Document> {
  const role = await roles.find(id);
  if (!role) throw new NotFoundError('Role not found');
  return role;
}

export async function listRoles(up: UpServices, caller: Caller): Promise<{ roles: Document[] }> {
  await admit(up, caller, `${UP}.role.find`);
  return { roles: await new RoleStore(up.engine).list() };
}

/** A role by numeric id or documentId, with its permission tree. */
export async function findRole(up: UpServices, id: string, caller: Caller): Promise<{ role: Document }> {
  await admit(up, caller, `${UP}.role.findOne`);
  const roles = new RoleStore(up.engine);
  const role = await roleOrThrow(roles, id);
  const granted = new Set((await roles.permissionRows(String(role.documentId))).keys());
  return { role: { ...role, permissions: permissionTree(up.engine.schema, granted, up.permissions.customActions) } };
}

/**
 * A role extension's own attributes in a create body (Strapi's createRole writes every key but
 * users and permissions; its update writes name and description only). Keys the role type does
 * not have are ignored, as before.
 */
function extensionFields(schema: SchemaMeta, body: Record<string, unknown>): Record<string, unknown> {
  const attributes = schema.contentTypes[ROLE_UID]?.attributes ?? {};
  return Object.fromEntries(Object.entries(body).filter(([key]) => key in attributes && !PLUGIN_ROLE_ATTRIBUTES.includes(key)));
}

export async function createRole(up: UpServices, body: unknown, caller: Caller): Promise<{ ok: true }> {
  await admit(up, caller, `${UP}.role.createRole`);
  const input = nonEmpty(body);
  const fields = roleFields(input, ['name', 'description', 'type']);
  if (!fields.type && fields.name) fields.type = roleTypeFromName(fields.name);
  await new RoleStore(up.engine).create({ ...extensionFields(up.engine.schema, input), ...fields }, grantedActions(input.permissions, up.engine.schema, up.permissions));
  up.permissions.invalidate();
  return { ok: true };
}

export async function updateRole(up: UpServices, id: string, body: unknown, caller: Caller): Promise<{ ok: true }> {
  await admit(up, caller, `${UP}.role.updateRole`);
  const input = nonEmpty(body);
  const roles = new RoleStore(up.engine);
  const role = await roleOrThrow(roles, id);
  // Without `permissions` the grants stay as they are (Strapi would drop them all).
  const actions = input.permissions === undefined || input.permissions === null ? undefined : grantedActions(input.permissions, up.engine.schema, up.permissions);
  await roles.update(String(role.documentId), roleFields(input, ['name', 'description']), actions);
  up.permissions.invalidate();
  return { ok: true };
}

export async function deleteRole(up: UpServices, id: string, caller: Caller): Promise<{ ok: true }> {
  await admit(up, caller, `${UP}.role.deleteRole`);
  const roles = new RoleStore(up.engine);
  const role = await roleOrThrow(roles, id);
  const publicRole = await roles.documentIdByType('public');
  if (!publicRole) throw new ApplicationError('Impossible to find the public role');
  if (role.documentId === publicRole) throw new ApplicationError('Cannot delete public role');
  await roles.delete(String(role.documentId), publicRole);
  up.permissions.invalidate();
  return { ok: true };
}

/** Every action of the app, none enabled (Strapi's listing). */
export async function listPermissions(up: UpServices, caller: Caller): Promise<{ permissions: PermissionTree }> {
  await admit(up, caller, `${UP}.permissions.getPermissions`);
  return { permissions: permissionTree(up.engine.schema, new Set(), up.permissions.customActions) };
}
