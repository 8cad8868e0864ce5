// What differs between SQLite, PostgreSQL and MySQL/MariaDB in the SQL the runtime writes.
// Every method returns SQL text for trusted identifiers and `?` placeholders for values.
import type { DialectName } from '../db/types';
import { sql, type Sql } from './fragment';

export interface Dialect {
  readonly name: DialectName;
  quote(identifier: string): string;
  /** Case-sensitive substring match: `mode` says where the value must occur. */
  like(column: string, value: string, mode: LikeMode): Sql;
  /** Case-insensitive substring match. */
  ilike(column: string, value: string, mode: LikeMode): Sql;
  /** Case-sensitive string equality. */
  equals(column: string, value: string): Sql;
  /** Case-insensitive string equality. */
  equalsInsensitive(column: string, value: string): Sql;
  /** How a bigint column is selected so that the driver returns it exactly. */
  selectBigint(column: string): string;
}

export type LikeMode = 'contains' | 'startsWith' | 'endsWith';

/** Escapes LIKE wildcards so user input only ever matches literally (`\` is the escape char). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likePattern(value: string, mode: LikeMode, escape: (v: string) => string): string {
  const v = escape(value);
  if (mode === 'contains') return `%${v}%`;
  return mode === 'startsWith' ? `${v}%` : `%${v}`;
}

/** GLOB is SQLite's case-sensitive pattern match; `*`, `?` and `[` are escaped as one-char classes. */
function escapeGlob(value: string): string {
  return value.replace(/[*?[]/g, (c) => `[${c}]`);
}

function globPattern(value: string, mode: LikeMode): string {
  const v = escapeGlob(value);
  if (mode === 'contains') return `*${v}*`;
  return mode === 'startsWith' ? `${v}*` : `*${v}`;
}

const doubleQuote = (id: string) => `"${id.replace(/"/g, '""')}"`;

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  quote: doubleQuote,
  // SQLite's LIKE ignores ASCII case, so case-sensitive matching uses GLOB.
  like: (column, value, mode) => sql(`${column} GLOB ?`, [globPattern(value, mode)]),
  ilike: (column, value, mode) => sql(`LOWER(${column}) LIKE LOWER(?) ESCAPE '\\'`, [likePattern(value, mode, escapeLike)]),
  equals: (column, value) => sql(`${column} = ?`, [value]),
  equalsInsensitive: (column, value) => sql(`LOWER(${column}) = LOWER(?)`, [value]),
  selectBigint: (column) => `CAST(${column} AS TEXT)`,
};

export const postgresDialect: Dialect = {
  name: 'postgres',
  quote: doubleQuote,
  like: (column, value, mode) => sql(`${column} LIKE ? ESCAPE '\\'`, [likePattern(value, mode, escapeLike)]),
  // ILIKE folds case with the database's Unicode rules.
  ilike: (column, value, mode) => sql(`${column} ILIKE ? ESCAPE '\\'`, [likePattern(value, mode, escapeLike)]),
  equals: (column, value) => sql(`${column} = ?`, [value]),
  equalsInsensitive: (column, value) => sql(`LOWER(${column}) = LOWER(?)`, [value]),
  selectBigint: (column) => column,
};

export const mysqlDialect: Dialect = {
  name: 'mysql',
  quote: (id) => `\`${id.replace(/`/g, '``')}\``,
  // Default collations ignore case; a binary collation makes the comparison exact.
  like: (column, value, mode) => sql(`${column} COLLATE utf8mb4_bin LIKE ? ESCAPE '\\\\'`, [likePattern(value, mode, escapeLike)]),
  ilike: (column, value, mode) => sql(`LOWER(${column}) LIKE LOWER(?) ESCAPE '\\\\'`, [likePattern(value, mode, escapeLike)]),
  equals: (column, value) => sql(`${column} COLLATE utf8mb4_bin = ?`, [value]),
  equalsInsensitive: (column, value) => sql(`LOWER(${column}) = LOWER(?)`, [value]),
  selectBigint: (column) => column,
};

export function dialectFor(name: DialectName): Dialect {
  if (name === 'sqlite') return sqliteDialect;
  return name === 'postgres' ? postgresDialect : mysqlDialect;
}
