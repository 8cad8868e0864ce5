// What a signed-in admin may do, read fresh from the database on every request (a role change
// applies to sessions already open). Content actions are Strapi's content-manager permissions:
// per content type, per locale (`properties.locales`; none = every locale), and Author's
// `admin::is-creator` condition ("only documents I created").
import type { Db } from '@cms-gen/db/types';
import { ForbiddenError } from '@cms-gen/core/errors';
import { CM, permissionsOfRoles, type ContentAction, type Permission } from './roles';
import { isSuperAdmin, type AdminUser } from './users';

/** 'all': any document; 'own': only documents the user created; 'none': refused. */
export type Scope = 'all' | 'own' | 'none';

export interface AdminAccess {
  user: AdminUser;
  superAdmin: boolean;
  /** The user's permissions (every one of each role); a Super Admin's list is empty and `can` answers true. */
  permissions: Permission[];
  /** A permission without subject (settings, media), or with one when `subject` is given; conditions are not looked at. */
  can(action: string, subject?: string | null): boolean;
  /** How far a content action on `uid` reaches, in `locale` when the type is localized. */
  scope(action: ContentAction, uid: string, locale?: string): Scope;
  /** How far a media action (`plugin::upload.*`, no subject) reaches: Author's files are their own. */
  mediaScope(action: string): Scope;
}

/** 'none' without a permission, 'all' when one holds no condition, else 'own' (admin::is-creator). */
const scopeOf = (matching: Permission[]): Scope => (matching.length === 0 ? 'none' : matching.some((p) => p.conditions.length === 0) ? 'all' : 'own');

export async function accessOf(db: Db, user: AdminUser): Promise<AdminAccess> {
  const superAdmin = isSuperAdmin(user);
  const permissions = superAdmin ? [] : await permissionsOfRoles(db, user.roles.map((r) => r.id));
  return {
    user,
    superAdmin,
    permissions,
    can: (action, subject) => superAdmin || permissions.some((p) => p.action === action && (subject === undefined || p.subject === subject)),
    scope(action, uid, locale) {
      if (superAdmin) return 'all';
      const matching = permissions.filter(
        (p) => p.action === `${CM}.${action}` && p.subject === uid && (locale === undefined || p.properties.locales === undefined || p.properties.locales.includes(locale)),
      );
      return scopeOf(matching);
    },
    mediaScope: (action) => (superAdmin ? 'all' : scopeOf(permissions.filter((p) => p.action === action))),
  };
}

/** Throws 403 unless the user may run `action` (settings and media actions). */
export function requireAction(access: AdminAccess, action: string): void {
  if (!access.can(action)) throw new ForbiddenError('You do not have the permission to do this');
}

/** Every permission a Super Admin holds, for `me` (so the UI shows everything). */
export function superAdminPermissions(contentTypes: string[], extra: readonly string[]): Permission[] {
  const out: Permission[] = [];
  for (const subject of contentTypes) for (const action of ['create', 'read', 'update', 'delete', 'publish']) out.push({ action: `${CM}.${action}`, subject, conditions: [], properties: {} });
  for (const action of extra) out.push({ action, subject: null, conditions: [], properties: {} });
  return out;
}
