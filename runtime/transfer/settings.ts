// The archive's configuration stage: Strapi's core store and webhooks. What the app keeps:
// - `plugin_users-permissions_{advanced,email,grant}` → the app's users & permissions settings
//   (up_settings, under the same keys);
// - `plugin_i18n_default_locale` → the default locale (i18n_locale.is_default).
// Webhooks are configuration files in a cms-gen app (config/webhooks): reported, not written.
// Everything else in the core store is Strapi's admin panel state.
import { dialectFor, encodeValue, newDocumentId, type ConfigurationRecord, type Db, type SchemaMeta, type SqlValue } from './runtime-deps';

export const USERS_PERMISSIONS_KEYS = ['plugin_users-permissions_advanced', 'plugin_users-permissions_email', 'plugin_users-permissions_grant'] as const;
export const DEFAULT_LOCALE_KEY = 'plugin_i18n_default_locale';
const SETTINGS_TABLE = 'up_settings';
const LOCALES_TABLE = 'i18n_locale';

export interface ConfigurationCounts {
  settings: number;
  defaultLocale?: string;
  webhooks: { name: string; url: string; events: string[] }[];
  ignored: number;
}

export function emptyConfigurationCounts(): ConfigurationCounts {
  return { settings: 0, webhooks: [], ignored: 0 };
}

/** Applies one configuration record (db undefined: only counts, as a dry run does). */
export async function applyConfiguration(db: Db | undefined, schema: SchemaMeta, record: ConfigurationRecord, counts: ConfigurationCounts): Promise<void> {
  if (record.type === 'webhook') {
    counts.webhooks.push({ name: record.value.name, url: record.value.url, events: record.value.events });
    return;
  }
  if (record.type !== 'core-store') {
    counts.ignored += 1;
    return;
  }
  const { key, value } = record.value;
  if ((USERS_PERMISSIONS_KEYS as readonly string[]).includes(key) && schema.contentTypes['plugin::users-permissions.setting']) {
    if (db) {
      const q = dialectFor(db.dialect).quote;
      const now = encodeValue('datetime', new Date().toISOString(), db.dialect);
      await db.execute(`DELETE FROM ${q(SETTINGS_TABLE)} WHERE ${q('key')} = ?`, [key]);
      const row = new Map<string, SqlValue>([
        ['document_id', newDocumentId()],
        ['key', key],
        ['value', encodeValue('json', value, db.dialect)],
        ['created_at', now],
        ['updated_at', now],
        ['published_at', now],
        ['is_draft', encodeValue('boolean', false, db.dialect)],
      ]);
      await db.execute(`INSERT INTO ${q(SETTINGS_TABLE)} (${[...row.keys()].map(q).join(', ')}) VALUES (${[...row.keys()].map(() => '?').join(', ')})`, [...row.values()]);
    }
    counts.settings += 1;
    return;
  }
  if (key === DEFAULT_LOCALE_KEY && typeof value === 'string' && schema.contentTypes['plugin::i18n.locale']?.attributes.isDefault) {
    if (db) {
      const q = dialectFor(db.dialect).quote;
      await db.execute(`UPDATE ${q(LOCALES_TABLE)} SET is_default = ? WHERE code = ?`, [encodeValue('boolean', true, db.dialect), value]);
      await db.execute(`UPDATE ${q(LOCALES_TABLE)} SET is_default = ? WHERE code <> ? OR code IS NULL`, [encodeValue('boolean', false, db.dialect), value]);
    }
    counts.defaultLocale = value;
    return;
  }
  counts.ignored += 1;
}
