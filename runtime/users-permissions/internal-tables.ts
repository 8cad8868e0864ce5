// The plugin's internal tables (sessions, API tokens, settings). The generator declares them as
// built-in content types (generator/builtins.ts) so that migrations create them, but nothing
// public reads them: no REST route, no place in the permission tree. The runtime talks to them
// with its own SQL because the `cms-gen token` CLI must work without the app's schema metadata;
// internal-tables.test.ts checks these names against what the generator emits.
import type { Db, Row, SqlValue } from '@cms-gen/db/types';
import { decodeValue, encodeValue, nowIso, type ColumnType } from '@cms-gen/core/sql/codec';
import { dialectFor } from '@cms-gen/core/sql/dialect';
import { newDocumentId } from '@cms-gen/core/engine/write/document-writer';
import { SYSTEM_COLUMNS } from '@cms-gen/core/model/types';

export const SESSION_UID = 'plugin::users-permissions.session';
export const API_TOKEN_UID = 'plugin::users-permissions.api-token';
export const SETTING_UID = 'plugin::users-permissions.setting';

interface ColumnSpec {
  column: string;
  type: ColumnType;
}

export interface TableSpec<K extends string> {
  uid: string;
  table: string;
  columns: Record<K, ColumnSpec>;
}

const col = (column: string, type: ColumnType): ColumnSpec => ({ column, type });

export const SESSIONS = {
  uid: SESSION_UID,
  table: 'up_sessions',
  columns: {
    id: col('id', 'id'),
    sessionId: col('session_id', 'string'),
    userId: col('user_id', 'integer'),
    tokenHash: col('token_hash', 'string'),
    status: col('status', 'enumeration'),
    expiresAt: col('expires_at', 'datetime'),
    absoluteExpiresAt: col('absolute_expires_at', 'datetime'),
  },
} satisfies TableSpec<string>;

export const API_TOKENS = {
  uid: API_TOKEN_UID,
  table: 'strapi_api_tokens',
  columns: {
    id: col('id', 'id'),
    name: col('name', 'string'),
    description: col('description', 'string'),
    type: col('type', 'enumeration'),
    accessKey: col('access_key', 'string'),
    permissions: col('permissions', 'json'),
    expiresAt: col('expires_at', 'datetime'),
    lastUsedAt: col('last_used_at', 'datetime'),
    createdAt: col('created_at', 'datetime'),
  },
} satisfies TableSpec<string>;

export const SETTINGS = {
  uid: SETTING_UID,
  table: 'up_settings',
  columns: {
    id: col('id', 'id'),
    key: col('key', 'string'),
    value: col('value', 'json'),
  },
} satisfies TableSpec<string>;

export type Values<K extends string> = Partial<Record<K, unknown>>;

/** A row of `spec` in API form (decoded), keyed by the spec's names. */
export function decodeRow<K extends string>(spec: TableSpec<K>, row: Row): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const [name, c] of Object.entries(spec.columns) as [K, ColumnSpec][]) out[name] = decodeValue(c.type, row[c.column]);
  return out;
}

function encoded<K extends string>(db: Db, spec: TableSpec<K>, values: Values<K>): Map<string, SqlValue> {
  const out = new Map<string, SqlValue>();
  for (const [name, value] of Object.entries(values) as [K, unknown][]) {
    if (value === undefined) continue;
    const c = spec.columns[name];
    out.set(c.column, encodeValue(c.type, value, db.dialect));
  }
  return out;
}

/** Inserts a row with the system columns every content-type table has (these types have no drafts). */
export async function insertRow<K extends string>(db: Db, spec: TableSpec<K>, values: Values<K>): Promise<number> {
  const q = dialectFor(db.dialect).quote;
  const now = nowIso();
  const columns = new Map<string, SqlValue>([
    ['document_id', newDocumentId()],
    ['created_at', encodeValue('datetime', now, db.dialect)],
    ['updated_at', encodeValue('datetime', now, db.dialect)],
    ['published_at', encodeValue('datetime', now, db.dialect)],
    // A published row: the unique indexes cover it (docs/architecture.md, "Storage layout").
    [SYSTEM_COLUMNS.isDraft, false],
  ]);
  for (const [column, value] of encoded(db, spec, values)) columns.set(column, value);
  const names = [...columns.keys()];
  const rows = await db.query(
    `INSERT INTO ${q(spec.table)} (${names.map(q).join(', ')}) VALUES (${names.map(() => '?').join(', ')}) RETURNING id`,
    [...columns.values()],
  );
  return Number(rows[0].id);
}

/**
 * `UPDATE ... SET values WHERE where` (equality on every `where` entry); returns the rows changed,
 * which callers use as a compare-and-swap (e.g. a refresh token is rotated at most once).
 */
export async function updateRows<K extends string>(db: Db, spec: TableSpec<K>, values: Values<K>, where: Values<K>): Promise<number> {
  const q = dialectFor(db.dialect).quote;
  const sets = encoded(db, spec, values);
  sets.set('updated_at', encodeValue('datetime', nowIso(), db.dialect));
  const conditions = encoded(db, spec, where);
  if (conditions.size === 0) throw new Error(`updateRows(${spec.table}): refusing an UPDATE without a condition`);
  const result = await db.execute(
    `UPDATE ${q(spec.table)} SET ${[...sets.keys()].map((c) => `${q(c)} = ?`).join(', ')} WHERE ${[...conditions.keys()].map((c) => `${q(c)} = ?`).join(' AND ')}`,
    [...sets.values(), ...conditions.values()],
  );
  return result.changes;
}

/** Rows of `spec` matching every `where` entry, decoded. */
export async function selectRows<K extends string>(db: Db, spec: TableSpec<K>, where: Values<K>, options: { orderBy?: K; limit?: number } = {}): Promise<Record<K, unknown>[]> {
  const q = dialectFor(db.dialect).quote;
  const conditions = encoded(db, spec, where);
  const columns = Object.values<ColumnSpec>(spec.columns).map((c) => q(c.column));
  let text = `SELECT ${columns.join(', ')} FROM ${q(spec.table)}`;
  if (conditions.size) text += ` WHERE ${[...conditions.keys()].map((c) => `${q(c)} = ?`).join(' AND ')}`;
  text += ` ORDER BY ${q(spec.columns[options.orderBy ?? ('id' as K)].column)}`;
  if (options.limit !== undefined) text += ` LIMIT ${Math.max(0, Math.floor(options.limit))}`;
  const rows = await db.query(text, [...conditions.values()]);
  return rows.map((row) => decodeRow(spec, row));
}

export async function deleteRows<K extends string>(db: Db, spec: TableSpec<K>, where: Values<K>): Promise<number> {
  const q = dialectFor(db.dialect).quote;
  const conditions = encoded(db, spec, where);
  if (conditions.size === 0) throw new Error(`deleteRows(${spec.table}): refusing a DELETE without a condition`);
  const result = await db.execute(`DELETE FROM ${q(spec.table)} WHERE ${[...conditions.keys()].map((c) => `${q(c)} = ?`).join(' AND ')}`, [...conditions.values()]);
  return result.changes;
}
