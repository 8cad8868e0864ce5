// `register.allowedFields` (config/plugins) against the user type: which extra fields
// POST /auth/local/register writes. Strapi accepts a listed field the user type does not have and
// drops it; such names are most likely typos, so the app says so when it starts.
import type { SchemaMeta } from '@cms-gen/core/model/types';
import { USER_UID } from '@cms-gen/server/auth/permission-store';

/** The listed fields that are attributes of the user type: registration writes these. */
export function writableRegisterFields(schema: SchemaMeta, allowedFields: readonly string[]): Set<string> {
  const attributes = schema.contentTypes[USER_UID]?.attributes ?? {};
  return new Set(allowedFields.filter((name) => name in attributes));
}

/** A start-up warning naming the listed fields the user type does not have, if any. */
export function allowedFieldsWarning(schema: SchemaMeta, allowedFields: readonly string[]): string | undefined {
  const writable = writableRegisterFields(schema, allowedFields);
  const unknown = allowedFields.filter((name) => !writable.has(name));
  if (unknown.length === 0) return undefined;
  return `users-permissions: register.allowedFields lists ${unknown.map((n) => `"${n}"`).join(', ')}, which ${unknown.length === 1 ? 'is not an attribute' : 'are not attributes'} of ${USER_UID}: registration accepts and ignores ${unknown.length === 1 ? 'it' : 'them'} (declare user attributes in src/extensions/users-permissions/content-types/user/schema.json)`;
}
