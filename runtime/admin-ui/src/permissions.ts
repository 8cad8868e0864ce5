// What the signed-in admin may do, from the permissions /auth/me answers. The server enforces
// every one of them; the UI only hides what would be refused.
export interface Permission {
  action: string;
  subject: string | null;
  conditions: string[];
  properties: { locales?: string[] };
}

export type CrudAction = 'create' | 'read' | 'update' | 'delete' | 'publish';

export interface Grants {
  permissions: Permission[];
  isSuperAdmin: boolean;
  userId?: number | string;
}

const actionName = (action: CrudAction) => `plugin::content-manager.explorer.${action}`;

function find(grants: Grants | undefined, action: CrudAction, uid: string): Permission | undefined {
  return grants?.permissions.find((p) => p.action === actionName(action) && (p.subject === uid || p.subject === null));
}

/** Whether `action` on `uid` is granted at all (in `locale`, when given and the grant names locales). */
export function can(grants: Grants | undefined, action: CrudAction, uid: string, locale?: string): boolean {
  if (!grants) return false;
  if (grants.isSuperAdmin) return true;
  const permission = find(grants, action, uid);
  if (!permission) return false;
  const locales = permission.properties?.locales;
  if (locale && Array.isArray(locales) && !locales.includes(locale)) return false;
  return true;
}

/** Whether `action` on this document is granted: "only entries I created" compares createdBy. */
export function canOnDocument(grants: Grants | undefined, action: CrudAction, uid: string, doc: Record<string, unknown> | undefined, locale?: string): boolean {
  if (!can(grants, action, uid, locale)) return false;
  if (grants?.isSuperAdmin) return true;
  const permission = find(grants, action, uid);
  if (permission?.conditions?.includes('admin::is-creator')) {
    const creator = (doc?.createdBy as { id?: unknown } | null | undefined)?.id;
    return creator !== undefined && creator === grants?.userId;
  }
  return true;
}

export const isSettingsAllowed = (grants: Grants | undefined, prefix: string): boolean =>
  !!grants && (grants.isSuperAdmin || grants.permissions.some((p) => p.action.startsWith(prefix)));
