// The MySQL/MariaDB table model the migrator compares: what the Prisma schema asks for
// (mysql-schema-parse.ts) and what information_schema says exists (mysql-schema-introspect.ts)
// are both turned into these shapes, so the diff (mysql-schema-diff.ts) compares like with like.
// Types are kept in one canonical spelling: lowercase, integer display widths dropped
// (`int(11)` → `int`, but `tinyint(1)` stays: it is how booleans are stored), MariaDB's JSON
// alias (LONGTEXT + CHECK json_valid) read back as `json`.
import { createHash } from 'node:crypto';

export type ReferentialAction = 'CASCADE' | 'RESTRICT' | 'NO ACTION' | 'SET NULL' | 'SET DEFAULT';

export interface MysqlColumn {
  name: string;
  /** Canonical type, e.g. `varchar(255)`, `int`, `datetime(3)`, `json`. */
  type: string;
  nullable: boolean;
  autoIncrement: boolean;
}

export interface MysqlIndexColumn {
  name: string;
  /** Prefix length (`col(191)`), for TEXT/BLOB columns that cannot be indexed whole. */
  length?: number;
}

export interface MysqlIndex {
  name: string;
  unique: boolean;
  columns: MysqlIndexColumn[];
}

export interface MysqlForeignKey {
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
}

export interface MysqlTable {
  name: string;
  columns: MysqlColumn[];
  primaryKey: string[];
  /** Secondary indexes (the primary key is not listed here). */
  indexes: MysqlIndex[];
  foreignKeys: MysqlForeignKey[];
}

/** MySQL and MariaDB refuse identifiers longer than 64 characters. */
export const MYSQL_MAX_IDENTIFIER = 64;

/**
 * Prisma's default constraint name, `<table>_<columns>_<suffix>` (`_idx`, `_key`, `_fkey`).
 * Prisma cuts an overlong name to the limit, which can make two names of one table equal; here an
 * overlong name keeps a short hash of the full name instead, so names stay unique.
 */
export function constraintName(table: string, columns: readonly string[], suffix: 'idx' | 'key' | 'fkey'): string {
  const full = `${table}_${columns.join('_')}`;
  const tail = `_${suffix}`;
  if (full.length + tail.length <= MYSQL_MAX_IDENTIFIER) return `${full}${tail}`;
  const hash = createHash('sha1').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MYSQL_MAX_IDENTIFIER - tail.length - hash.length - 1)}_${hash}${tail}`;
}

const INTEGER_WIDTH = /^(tinyint|smallint|mediumint|int|integer|bigint)\(\d+\)/;

/** COLUMN_TYPE as information_schema prints it → canonical spelling (see the file comment). */
export function canonicalType(columnType: string): string {
  const type = columnType.trim().toLowerCase().replace(/\s+/g, ' ').replace(/,\s+/g, ',');
  if (/^tinyint\(1\)/.test(type)) return type;
  return type.replace(INTEGER_WIDTH, (_, base: string) => (base === 'integer' ? 'int' : base));
}

export const quoteMysql = (identifier: string): string => `\`${identifier.replace(/`/g, '``')}\``;
