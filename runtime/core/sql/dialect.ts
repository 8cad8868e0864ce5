// What differs between SQLite, PostgreSQL and MySQL/MariaDB in the SQL the runtime writes.
// Every method returns SQL text for trusted identifiers and `?` placeholders for values.
import type { DialectName } from '@cms-gen/db/types';
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
  /** Case-sensitive membership of a string column in a non-empty list (`$in`). */
  equalsAny(column: string, values: readonly string[]): Sql;
  /** How a bigint column is selected so that the driver returns it exactly. */
  selectBigint(column: string): string;
  /** A column of any type as text, for matching numbers like strings (`_q`). */
  asText(column: string): string;
}

export type LikeMode = 'contains' | 'startsWith' | 'endsWith';

/** Escapes LIKE wildcards so user input only ever matches literally (`\` is the escape char). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function inList(column: string, values: readonly string[]): Sql {
  return sql(`${column} IN (${values.map(() => '?').join(', ')})`, [...values]);
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
  // LIKE already ignores case, and with the same (ASCII-only) folding as SQLite's LOWER(): wrapping
  // both sides in LOWER() matched the same rows while copying every value it read, which made a
  // `_q` search or `$containsi` over a 100k-row table 1.5-2x slower.
  ilike: (column, value, mode) => sql(`${column} LIKE ? ESCAPE '\\'`, [likePattern(value, mode, escapeLike)]),
  equals: (column, value) => sql(`${column} = ?`, [value]),
  equalsInsensitive: (column, value) => sql(`LOWER(${column}) = LOWER(?)`, [value]),
  equalsAny: inList,
  selectBigint: (column) => `CAST(${column} AS TEXT)`,
  asText: (column) => `CAST(${column} AS TEXT)`,
};

export const postgresDialect: Dialect = {
  name: 'postgres',
  quote: doubleQuote,
  like: (column, value, mode) => sql(`${column} LIKE ? ESCAPE '\\'`, [likePattern(value, mode, escapeLike)]),
  // ILIKE folds case with the database's Unicode rules.
  ilike: (column, value, mode) => sql(`${column} ILIKE ? ESCAPE '\\'`, [likePattern(value, mode, escapeLike)]),
  equals: (column, value) => sql(`${column} = ?`, [value]),
  equalsInsensitive: (column, value) => sql(`LOWER(${column}) = LOWER(?)`, [value]),
  equalsAny: inList,
  selectBigint: (column) => column,
  asText: (column) => `CAST(${column} AS TEXT)`,
};

/*
 * MySQL/MariaDB text columns use utf8mb4_unicode_ci (docs/database.md), which ignores case and
 * accents ('cafe' = 'CAFÉ') and trailing spaces ('abc' = 'abc '), also under COLLATE utf8mb4_bin
 * (PAD SPACE). To match SQLite and PostgreSQL exactly:
 * - equality compares bytes (`CAST(col AS BINARY) = ?`); measured on MariaDB 10.11;
 * - the plain collation comparison is kept in front of it: it holds whenever the bytes are equal,
 *   and it is what lets the column's index be used (a binary comparison alone scans the index);
 * - LIKE has no PAD SPACE, so a binary collation is enough there; case-insensitive matches lower
 *   both sides and compare them in binary collation, so accents still count ('café' ≠ 'cafe').
 * `ESCAPE '\\\\'` in the template literals below is the SQL text `ESCAPE '\\'`: one backslash,
 * as long as NO_BACKSLASH_ESCAPES is off.
 */
export const mysqlDialect: Dialect = {
  name: 'mysql',
  quote: (id) => `\`${id.replace(/`/g, '``')}\``,
  like: (column, value, mode) => sql(`${column} COLLATE utf8mb4_bin LIKE ? ESCAPE '\\\\'`, [likePattern(value, mode, escapeLike)]),
  ilike: (column, value, mode) => sql(`LOWER(${column}) COLLATE utf8mb4_bin LIKE LOWER(?) ESCAPE '\\\\'`, [likePattern(value, mode, escapeLike)]),
  equals: (column, value) => sql(`(${column} = ? AND CAST(${column} AS BINARY) = ?)`, [value, value]),
  equalsInsensitive: (column, value) => sql(`(${column} = ? AND CAST(LOWER(${column}) AS BINARY) = LOWER(?))`, [value, value]),
  equalsAny: (column, values) => {
    const list = values.map(() => '?').join(', ');
    return sql(`(${column} IN (${list}) AND CAST(${column} AS BINARY) IN (${list}))`, [...values, ...values]);
  },
  selectBigint: (column) => column,
  asText: (column) => `CAST(${column} AS CHAR)`,
};

export function dialectFor(name: DialectName): Dialect {
  if (name === 'sqlite') return sqliteDialect;
  return name === 'postgres' ? postgresDialect : mysqlDialect;
}
