// The plugin's "advanced settings" (Strapi: admin → Users & Permissions → Advanced settings):
// registration on/off, email confirmation, the default role, redirection URLs. There is no admin
// panel, so bootstrap.json's `usersPermissions.advanced` seeds them; they live in the database
// (up_settings) so every instance reads the same values and a change needs no restart.
import type { Db } from '@cms-gen/db/types';
import { lockedTransaction } from '@cms-gen/core/db/database-lock';
import { SETTINGS, insertRow, selectRows, updateRows } from './internal-tables';

export interface AdvancedSettings {
  /** One account per email across providers. */
  unique_email: boolean;
  allow_register: boolean;
  /** New local accounts must confirm their email before logging in. */
  email_confirmation: boolean;
  /** Where GET /auth/email-confirmation redirects after confirming. */
  email_confirmation_redirection: string | null;
  /** The front-end page that takes `?code=` to reset a password (the reset email links to it). */
  email_reset_password: string | null;
  /** Type of the role given to new users. */
  default_role: string;
}

/** Strapi's defaults (users-permissions bootstrap). */
export const DEFAULT_ADVANCED_SETTINGS: AdvancedSettings = {
  unique_email: true,
  allow_register: true,
  email_confirmation: false,
  email_confirmation_redirection: null,
  email_reset_password: null,
  default_role: 'authenticated',
};

const KEY = 'plugin_users-permissions_advanced';

function sanitize(value: unknown): Partial<AdvancedSettings> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const v = value as Record<string, unknown>;
  const out: Partial<AdvancedSettings> = {};
  for (const key of ['unique_email', 'allow_register', 'email_confirmation'] as const) if (typeof v[key] === 'boolean') out[key] = v[key];
  for (const key of ['email_confirmation_redirection', 'email_reset_password'] as const) {
    if (typeof v[key] === 'string' && v[key] !== '') out[key] = v[key];
    else if (v[key] === null) out[key] = null;
  }
  if (typeof v.default_role === 'string' && v.default_role !== '') out.default_role = v.default_role;
  return out;
}

/** The stored settings over the defaults (a key missing from the store keeps its default). */
export async function readAdvancedSettings(db: Db): Promise<AdvancedSettings> {
  const [row] = await selectRows(db, SETTINGS, { key: KEY }, { limit: 1 });
  return { ...DEFAULT_ADVANCED_SETTINGS, ...sanitize(row?.value) };
}

/**
 * Replaces stored keys with `changes` (others kept). The row is read, merged and written under
 * the "bootstrap" database lock (the one the start-up seed runs under), so writes from several
 * instances neither insert a second row nor lose each other's keys. `db` is the root Db.
 */
export async function writeAdvancedSettings(db: Db, changes: Partial<AdvancedSettings>): Promise<AdvancedSettings> {
  return lockedTransaction(db, 'bootstrap', async (tx) => {
    const [row] = await selectRows(tx, SETTINGS, { key: KEY }, { limit: 1 });
    const next = { ...DEFAULT_ADVANCED_SETTINGS, ...sanitize(row?.value), ...sanitize(changes) };
    if (row) await updateRows(tx, SETTINGS, { value: next }, { key: KEY });
    else await insertRow(tx, SETTINGS, { key: KEY, value: next });
    return next;
  });
}

/**
 * Bootstrap: stores the file's settings for keys the store does not hold yet, so a first start
 * applies bootstrap.json and later starts never undo a change made since. Returns whether it wrote.
 * `db` is the bootstrap's transaction, which holds the "bootstrap" database lock: a check-then-insert
 * outside it would let two instances starting together both insert the row.
 */
export async function seedAdvancedSettings(db: Db, fromFile: unknown): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await selectRows(tx, SETTINGS, { key: KEY }, { limit: 1 });
    const stored = sanitize(row?.value);
    const wanted = { ...DEFAULT_ADVANCED_SETTINGS, ...sanitize(fromFile) };
    const missing = (Object.keys(wanted) as (keyof AdvancedSettings)[]).filter((k) => !(k in stored));
    if (row && missing.length === 0) return false;
    const next = { ...wanted, ...stored };
    if (row) await updateRows(tx, SETTINGS, { value: next }, { key: KEY });
    else await insertRow(tx, SETTINGS, { key: KEY, value: next });
    return true;
  });
}
