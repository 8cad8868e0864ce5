// Admin roles and their permissions: Super Admin, Editor and Author are seeded on the first start
// (as Strapi seeds them), custom roles are added through the settings API. A permission is
// Strapi's shape: `{ action, subject, conditions, properties }`.
import type { Db, Row } from '@cms-gen/db/types';
import { ApplicationError, NotFoundError, ValidationError } from '@cms-gen/core/errors';
import { dialectFor } from '@cms-gen/core/sql/dialect';
import { decodeValue } from '@cms-gen/core/sql/codec';
import { deleteRows, insertRow, selectRows, updateRows } from '@cms-gen/users-permissions/internal-tables';
import { ADMIN_PERMISSIONS, ADMIN_ROLES, PERMISSION_ROLE_LINKS, USER_ROLES_LINKS, insertLinks } from './tables';

export const SUPER_ADMIN_CODE = 'strapi-super-admin';
export const EDITOR_CODE = 'strapi-editor';
export const AUTHOR_CODE = 'strapi-author';
export const IS_CREATOR = 'admin::is-creator';

export const CM = 'plugin::content-manager.explorer';
export const CONTENT_ACTIONS = ['create', 'read', 'update', 'delete', 'publish'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** Media library actions (Strapi's upload plugin permissions). */
export const UPLOAD_ACTIONS = ['plugin::upload.read', 'plugin::upload.assets.create', 'plugin::upload.assets.update', 'plugin::upload.assets.delete'] as const;

/** Settings actions the settings API checks (a Super Admin has them all). */
export const SETTINGS_ACTIONS = [
  'admin::users.read',
  'admin::users.create',
  'admin::users.update',
  'admin::users.delete',
  'admin::roles.read',
  'admin::roles.create',
  'admin::roles.update',
  'admin::roles.delete',
  'plugin::users-permissions.roles.read',
  'plugin::users-permissions.roles.update',
  'admin::api-tokens.read',
  'admin::api-tokens.create',
  'admin::api-tokens.delete',
  'plugin::i18n.locale.read',
  'plugin::i18n.locale.create',
  'plugin::i18n.locale.delete',
  'admin::webhooks.read',
] as const;

export interface Permission {
  action: string;
  subject: string | null;
  conditions: string[];
  properties: { locales?: string[] };
}

export interface Role {
  id: number;
  documentId: string;
  code: string;
  name: string;
  description: string | null;
}

const roleOf = (r: Record<string, unknown>): Role => ({
  id: Number(r.id),
  documentId: String(r.documentId),
  code: String(r.code),
  name: String(r.name),
  description: (r.description as string | null) ?? null,
});

export async function listRoles(db: Db): Promise<Role[]> {
  return (await selectRows(db, ADMIN_ROLES, {})).map(roleOf);
}

export async function findRole(db: Db, id: number): Promise<Role | undefined> {
  const [row] = await selectRows(db, ADMIN_ROLES, { id });
  return row ? roleOf(row) : undefined;
}

export async function findRoleByCode(db: Db, code: string): Promise<Role | undefined> {
  const [row] = await selectRows(db, ADMIN_ROLES, { code });
  return row ? roleOf(row) : undefined;
}

/** Users holding each role (row ids), for the roles list. */
export async function roleUserCounts(db: Db): Promise<Map<string, number>> {
  const q = dialectFor(db.dialect).quote;
  const rows = await db.query(`SELECT target_document_id AS d, COUNT(*) AS n FROM ${q(USER_ROLES_LINKS)} GROUP BY target_document_id`);
  return new Map(rows.map((r) => [String(r.d), Number(r.n)]));
}

function permissionOf(db: Db, row: Row): Permission {
  const conditions = decodeValue('json', row.conditions);
  const properties = decodeValue('json', row.properties);
  return {
    action: String(row.action),
    subject: (row.subject as string | null) ?? null,
    conditions: Array.isArray(conditions) ? conditions.map(String) : [],
    properties: properties && typeof properties === 'object' ? (properties as Permission['properties']) : {},
  };
}

/** Permissions of the given roles (row ids), every role's together. */
export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Permission[]> {
  if (roleIds.length === 0) return [];
  const q = dialectFor(db.dialect).quote;
  const rows = await db.query(
    `SELECT p.action, p.subject, p.properties, p.conditions FROM ${q(ADMIN_PERMISSIONS.table)} p JOIN ${q(PERMISSION_ROLE_LINKS)} l ON l.source_id = p.id JOIN ${q(ADMIN_ROLES.table)} r ON r.document_id = l.target_document_id WHERE r.id IN (${roleIds.map(() => '?').join(', ')}) ORDER BY p.id`,
    roleIds,
  );
  return rows.map((row) => permissionOf(db, row));
}

/** Checks a permission list sent by a client: known shapes only. */
export function checkPermissions(input: unknown): Permission[] {
  if (!Array.isArray(input)) throw new ValidationError('permissions must be an array', { errors: [{ path: ['permissions'], message: 'permissions must be an array', name: 'ValidationError' }] });
  return input.map((raw, i) => {
    const p = raw as Partial<Permission> | null;
    const bad = (message: string): never => {
      throw new ValidationError(message, { errors: [{ path: ['permissions', String(i)], message, name: 'ValidationError' }] });
    };
    if (!p || typeof p !== 'object' || typeof p.action !== 'string' || p.action === '') return bad('each permission needs an action');
    if (p.subject !== undefined && p.subject !== null && typeof p.subject !== 'string') return bad('subject must be a string or null');
    const conditions = p.conditions ?? [];
    if (!Array.isArray(conditions) || conditions.some((c) => c !== IS_CREATOR)) return bad(`conditions may only hold "${IS_CREATOR}"`);
    const locales = p.properties?.locales;
    if (locales !== undefined && (!Array.isArray(locales) || locales.some((l) => typeof l !== 'string'))) return bad('properties.locales must be an array of locale codes');
    return { action: p.action, subject: p.subject ?? null, conditions, properties: locales ? { locales } : {} };
  });
}

/** Replaces the role's permissions. */
export async function setRolePermissions(db: Db, role: Role, permissions: Permission[]): Promise<void> {
  const q = dialectFor(db.dialect).quote;
  await db.transaction(async (tx) => {
    await tx.execute(`DELETE FROM ${q(ADMIN_PERMISSIONS.table)} WHERE id IN (SELECT source_id FROM ${q(PERMISSION_ROLE_LINKS)} WHERE target_document_id = ?)`, [role.documentId]);
    for (const p of permissions) {
      const id = await insertRow(tx, ADMIN_PERMISSIONS, { action: p.action, subject: p.subject, conditions: p.conditions, properties: p.properties });
      await insertLinks(tx, PERMISSION_ROLE_LINKS, id, [role.documentId]);
    }
  });
}

function checkRoleInput(input: Record<string, unknown>, creating: boolean): { name?: string; description?: string | null } {
  const errors: { path: string[]; message: string; name: string }[] = [];
  const name = input.name;
  if ((creating || name !== undefined) && (typeof name !== 'string' || name.trim() === '')) errors.push({ path: ['name'], message: 'name is required', name: 'ValidationError' });
  const description = input.description;
  if (description !== undefined && description !== null && typeof description !== 'string') errors.push({ path: ['description'], message: 'description must be a string', name: 'ValidationError' });
  if (errors.length) throw new ValidationError(errors.length === 1 ? errors[0].message : `${errors.length} errors occurred`, { errors });
  return { ...(typeof name === 'string' ? { name: name.trim() } : {}), ...(description !== undefined ? { description: description as string | null } : {}) };
}

async function nameTaken(db: Db, name: string, except?: number): Promise<void> {
  const [other] = await selectRows(db, ADMIN_ROLES, { name });
  if (other && Number(other.id) !== except) {
    throw new ValidationError('A role with this name already exists', { errors: [{ path: ['name'], message: 'A role with this name already exists', name: 'ValidationError' }] });
  }
}

/** Custom roles get a code from their name, as Strapi's (`<slug>-<random>`). */
export async function createRole(db: Db, input: Record<string, unknown>): Promise<Role> {
  const values = checkRoleInput(input, true);
  await nameTaken(db, values.name as string);
  const slug = (values.name as string).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'role';
  const code = `${slug}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const id = await insertRow(db, ADMIN_ROLES, { name: values.name, code, description: values.description ?? null });
  return (await findRole(db, id)) as Role;
}

export async function updateRole(db: Db, id: number, input: Record<string, unknown>): Promise<Role> {
  const role = await findRole(db, id);
  if (!role) throw new NotFoundError('role.notFound');
  const values = checkRoleInput(input, false);
  if (values.name !== undefined) await nameTaken(db, values.name, id);
  if (Object.keys(values).length) await updateRows(db, ADMIN_ROLES, values, { id });
  return (await findRole(db, id)) as Role;
}

export async function deleteRole(db: Db, id: number): Promise<Role> {
  const role = await findRole(db, id);
  if (!role) throw new NotFoundError('role.notFound');
  if (role.code === SUPER_ADMIN_CODE) throw new ApplicationError('The Super Admin role cannot be deleted');
  const holders = (await roleUserCounts(db)).get(role.documentId) ?? 0;
  if (holders > 0) throw new ApplicationError('A role held by users cannot be deleted: give them another role first');
  await setRolePermissions(db, role, []);
  await deleteRows(db, ADMIN_ROLES, { id });
  return role;
}

/**
 * Editor: every content action on every api:: type. Author, as Strapi 5 seeds it: the same on the
 * documents they created, except publish (an Editor publishes what Authors write).
 */
function seededPermissions(contentTypes: string[], author: boolean): Permission[] {
  const out: Permission[] = [];
  for (const subject of contentTypes) {
    for (const action of CONTENT_ACTIONS) {
      if (author && action === 'publish') continue;
      const conditions = author && action !== 'create' ? [IS_CREATOR] : [];
      out.push({ action: `${CM}.${action}`, subject, conditions, properties: {} });
    }
  }
  // As Strapi seeds them: an Author sees and changes only the files they uploaded.
  const media = author
    ? [
        { action: 'plugin::upload.read', conditions: [IS_CREATOR] },
        { action: 'plugin::upload.assets.create', conditions: [] },
        { action: 'plugin::upload.assets.update', conditions: [IS_CREATOR] },
      ]
    : UPLOAD_ACTIONS.map((action) => ({ action, conditions: [] as string[] }));
  for (const { action, conditions } of media) out.push({ action, subject: null, conditions, properties: {} });
  return out;
}

/**
 * Creates whichever of Super Admin, Editor and Author is missing (by code): on every start, and the
 * Super Admin alone from `cms-gen admin create-user` (which knows no content types). Safe on
 * concurrent starts: the unique code lets one instance create each role.
 */
export async function seedRoles(db: Db, contentTypes: string[] | null): Promise<void> {
  const seeds = [
    { code: SUPER_ADMIN_CODE, name: 'Super Admin', description: 'Super Admins can access and manage all features and settings.', permissions: [] as Permission[] },
    ...(contentTypes
      ? [
          { code: EDITOR_CODE, name: 'Editor', description: 'Editors can manage and publish contents including those of other users.', permissions: seededPermissions(contentTypes, false) },
          { code: AUTHOR_CODE, name: 'Author', description: 'Authors can manage the content they have created.', permissions: seededPermissions(contentTypes, true) },
        ]
      : []),
  ];
  for (const seed of seeds) {
    if (await findRoleByCode(db, seed.code)) continue;
    try {
      const id = await insertRow(db, ADMIN_ROLES, { code: seed.code, name: seed.name, description: seed.description });
      await setRolePermissions(db, (await findRole(db, id)) as Role, seed.permissions);
    } catch (err) {
      // Another instance seeded it at the same moment (unique code): theirs stands.
      if (await findRoleByCode(db, seed.code)) continue;
      throw err;
    }
  }
}
