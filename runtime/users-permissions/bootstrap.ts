// Applies the declarative bootstrap (locales, default roles, role permissions, the
// users-permissions advanced settings) on start: whatever
// is missing is added, nothing that exists is changed, so it is safe on every start.
//
// Several instances starting at once on one database each run it. Reading what exists and
// inserting what is missing is a check-then-insert, which READ COMMITTED lets two transactions
// both pass (measured: a duplicate locale failed the start, roles had no unique key to stop them).
// So the whole of it is one transaction under the database lock "bootstrap" (database-lock.ts):
// the second instance waits, then finds everything and writes nothing.
import type { Engine } from '@cms-gen/core/documents/operations';
import { buildWritePlan } from '@cms-gen/core/engine/write/plan';
import { createDocument } from '@cms-gen/core/engine/write/document-writer';
import { contentTypeShape } from '@cms-gen/core/model/schema-index';
import { PERMISSION_UID, ROLE_UID } from '@cms-gen/server/auth/permission-store';
import { seedAdvancedSettings } from './advanced-settings';
import { SETTING_UID } from './internal-tables';
import { lockedTransaction } from '@cms-gen/core/db/database-lock';

export const LOCALE_UID = 'plugin::i18n.locale';

export interface BootstrapFile {
  locales?: { default?: string; available?: { code: string; name: string }[] };
  usersPermissions?: { advanced?: Record<string, unknown> };
  /** role type → Strapi action uids */
  roles?: Record<string, string[]>;
}

const DEFAULT_ROLES: Record<string, { name: string; description: string }> = {
  authenticated: { name: 'Authenticated', description: 'Default role given to authenticated user.' },
  public: { name: 'Public', description: 'Default role given to unauthenticated user.' },
};

/** Permissions every app grants by default, as Strapi's users-permissions plugin does on first boot. */
const DEFAULT_GRANTS: Record<string, string[]> = {
  public: [
    'plugin::users-permissions.auth.callback',
    'plugin::users-permissions.auth.connect',
    'plugin::users-permissions.auth.forgotPassword',
    'plugin::users-permissions.auth.resetPassword',
    'plugin::users-permissions.auth.register',
    'plugin::users-permissions.auth.emailConfirmation',
    'plugin::users-permissions.auth.sendEmailConfirmation',
    'plugin::users-permissions.auth.refresh',
  ],
  authenticated: [
    'plugin::users-permissions.user.me',
    'plugin::users-permissions.auth.changePassword',
    'plugin::users-permissions.auth.logout',
    // Strapi grants refresh to Public only; a client that still sends its (valid) access token
    // when refreshing would then be refused, so Authenticated gets it too.
    'plugin::users-permissions.auth.refresh',
  ],
};

export interface BootstrapReport {
  rolesCreated: number;
  permissionsCreated: number;
  localesCreated: number;
  /** The locale table's default after the bootstrap (none when the schema has no locales). */
  defaultLocale?: string;
  /** The users-permissions advanced settings were stored (first start, or new keys). */
  settingsStored?: boolean;
}

export async function applyBootstrap(engine: Engine, file: BootstrapFile): Promise<BootstrapReport> {
  const report: BootstrapReport = { rolesCreated: 0, permissionsCreated: 0, localesCreated: 0 };
  const q = engine.dialect.quote;
  const schema = engine.schema;
  const roleMeta = schema.contentTypes[ROLE_UID];
  const permissionMeta = schema.contentTypes[PERMISSION_UID];
  const localeMeta = schema.contentTypes[LOCALE_UID];
  const planOptions = { schema, dialect: engine.dialect.name, mode: 'create' as const, bcryptRounds: engine.bcryptRounds };

  await lockedTransaction(engine.db, 'bootstrap', async (tx) => {
    const env = engine.writeEnv(tx);
    if (localeMeta) {
      const defaultCode = file.locales?.default ?? engine.defaultLocale;
      const available = file.locales?.available ?? [{ code: defaultCode, name: defaultCode }];
      const existing = new Set((await tx.query(`SELECT code FROM ${q(localeMeta.table)}`)).map((r) => String(r.code)));
      for (const locale of available) {
        if (existing.has(locale.code)) continue;
        const plan = await buildWritePlan({ code: locale.code, name: locale.name, isDefault: locale.code === defaultCode }, contentTypeShape(schema, LOCALE_UID), planOptions);
        await createDocument(env, localeMeta, plan, { status: 'published' });
        report.localesCreated++;
      }
    }
    const roleTypes = new Set([...Object.keys(DEFAULT_ROLES), ...Object.keys(file.roles ?? {})]);
    const roleDocs = new Map<string, string>();
    for (const row of await tx.query(`SELECT document_id, type FROM ${q(roleMeta.table)}`)) roleDocs.set(String(row.type), String(row.document_id));
    for (const type of roleTypes) {
      if (roleDocs.has(type)) continue;
      const defaults = DEFAULT_ROLES[type] ?? { name: type.charAt(0).toUpperCase() + type.slice(1), description: '' };
      const plan = await buildWritePlan({ ...defaults, type }, contentTypeShape(schema, ROLE_UID), planOptions);
      const key = await createDocument(env, roleMeta, plan, { status: 'published' });
      roleDocs.set(type, key.documentId);
      report.rolesCreated++;
    }
    const link = permissionMeta.attributes.role;
    if (link.kind !== 'relation') throw new Error('permission.role must be a relation');
    for (const type of roleTypes) {
      const roleDocumentId = roleDocs.get(type) as string;
      const wanted = [...(DEFAULT_GRANTS[type] ?? []), ...(file.roles?.[type] ?? [])];
      const granted = new Set(
        (
          await tx.query(`SELECT p.action FROM ${q(permissionMeta.table)} p JOIN ${q(link.linkTable)} l ON l.source_id = p.id WHERE l.target_document_id = ?`, [roleDocumentId])
        ).map((r) => String(r.action)),
      );
      for (const action of wanted) {
        if (granted.has(action)) continue;
        granted.add(action);
        const plan = await buildWritePlan({ action, role: roleDocumentId }, contentTypeShape(schema, PERMISSION_UID), planOptions);
        await createDocument(env, permissionMeta, plan, { status: 'published' });
        report.permissionsCreated++;
      }
    }
    // Apps generated before the settings table existed simply keep Strapi's defaults.
    if (schema.contentTypes[SETTING_UID]) report.settingsStored = await seedAdvancedSettings(tx, file.usersPermissions?.advanced);
    const isDefault = localeMeta?.attributes.isDefault;
    if (localeMeta && isDefault?.kind === 'scalar') {
      // Read whole (a handful of rows): each driver returns a boolean column its own way (true, 1).
      const rows = await tx.query(`SELECT code, ${q(isDefault.column)} AS is_default FROM ${q(localeMeta.table)} ORDER BY id`);
      const marked = rows.find((row) => row.is_default === true || Number(row.is_default) === 1);
      report.defaultLocale = marked ? String(marked.code) : file.locales?.default;
    }
  });
  // Every request after this one reads and writes the project's default locale when it names none.
  if (report.defaultLocale) engine.useDefaultLocale(report.defaultLocale);
  return report;
}
