// Warns at start when the Public role may manage users or roles. Such grants let anyone who can
// reach the app create accounts in any role, edit or delete users and rewrite role permissions
// (the fixture grants them because the conformance suite was recorded that way). The check reads
// the stored permissions, not the bootstrap file, so grants added later through the API count too.
import type { PermissionStore } from './permission-store';

const UP = 'plugin::users-permissions';

/** Actions that hand user or role management to whoever holds them. */
export const MANAGEMENT_ACTIONS: readonly string[] = [
  `${UP}.user.create`,
  `${UP}.user.update`,
  `${UP}.user.destroy`,
  `${UP}.role.createRole`,
  `${UP}.role.updateRole`,
  `${UP}.role.deleteRole`,
];

/** The management actions among a role's grants, in a stable order. */
export function managementGrants(actions: Iterable<string>): string[] {
  const held = new Set(actions);
  return MANAGEMENT_ACTIONS.filter((action) => held.has(action));
}

/** The warning lines to print for the Public role's current grants (none when it is safe). */
export function publicGrantsWarning(actions: Iterable<string>): string[] {
  const risky = managementGrants(actions);
  if (!risky.length) return [];
  return [
    '!!! WARNING: the Public role can manage users or roles. Anyone who reaches this app can create,',
    '!!! change or delete accounts and put them into any role, Authenticated or custom.',
    `!!! Public holds: ${risky.join(', ')}`,
    '!!! Remove these grants from bootstrap.json and from the role (PUT /api/users-permissions/roles/:id)',
    '!!! unless this is a throw-away test server. See README.md, "A safe bootstrap.json".',
  ];
}

export async function warnAboutPublicGrants(permissions: PermissionStore, log: (line: string) => void): Promise<void> {
  const publicId = await permissions.roleIdByType('public');
  if (publicId === undefined) return;
  for (const line of publicGrantsWarning(await permissions.actions(publicId))) log(line);
}
