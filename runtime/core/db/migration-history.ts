// The migration history kept in the database itself: one row per applied schema, holding the
// full schema text it brought the database to. The next start diffs from that text, so the
// database (not a folder that may be missing on a server) is the source of truth.
import type { Db, DialectName } from '@cms-gen/db/types';

export const HISTORY_TABLE = '_cms_migrations';

export interface MigrationRecord {
  id: number;
  name: string;
  appliedAt: string;
  schemaText: string;
  sqlText: string;
}

const CREATE_TABLE: Record<DialectName, string> = {
  sqlite: `CREATE TABLE IF NOT EXISTS "${HISTORY_TABLE}" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "applied_at" TEXT NOT NULL, "schema_text" TEXT NOT NULL, "sql_text" TEXT NOT NULL)`,
  postgres: `CREATE TABLE IF NOT EXISTS "${HISTORY_TABLE}" ("id" SERIAL PRIMARY KEY, "name" TEXT NOT NULL, "applied_at" TIMESTAMPTZ(3) NOT NULL, "schema_text" TEXT NOT NULL, "sql_text" TEXT NOT NULL)`,
  // utf8mb4 whatever the database default: schema texts may hold any Unicode (display names in comments).
  mysql: `CREATE TABLE IF NOT EXISTS \`${HISTORY_TABLE}\` (\`id\` INT AUTO_INCREMENT PRIMARY KEY, \`name\` VARCHAR(255) NOT NULL, \`applied_at\` DATETIME(3) NOT NULL, \`schema_text\` LONGTEXT NOT NULL, \`sql_text\` LONGTEXT NOT NULL) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
};

const EXISTS: Record<DialectName, string> = {
  sqlite: `SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?`,
  postgres: `SELECT 1 AS x FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?`,
  mysql: `SELECT 1 AS x FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?`,
};

function q(db: Db, name: string): string {
  return db.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

/** History name of a migration: `<yyyymmddHHMMSS>_<n>` (UTC). */
export function migrationName(count: number, now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}_${count}`;
}

export async function historyTableExists(db: Db): Promise<boolean> {
  return (await db.query(EXISTS[db.dialect], [HISTORY_TABLE])).length > 0;
}

export async function ensureHistoryTable(db: Db): Promise<void> {
  await db.execute(CREATE_TABLE[db.dialect]);
}

/** The schema text of the last applied migration, and how many there are; undefined when none. */
export async function lastAppliedSchema(db: Db): Promise<{ schemaText: string; count: number } | undefined> {
  if (!(await historyTableExists(db))) return undefined;
  const t = q(db, HISTORY_TABLE);
  const rows = await db.query(`SELECT ${q(db, 'schema_text')} AS schema_text, (SELECT COUNT(*) FROM ${t}) AS n FROM ${t} ORDER BY ${q(db, 'id')} DESC LIMIT 1`);
  if (rows.length === 0) return undefined;
  return { schemaText: String(rows[0].schema_text), count: Number(rows[0].n) };
}

export async function recordMigration(db: Db, record: Omit<MigrationRecord, 'id'>): Promise<void> {
  // MySQL DATETIME takes no zone suffix; the value is UTC either way.
  const appliedAt = db.dialect === 'mysql' ? record.appliedAt.replace('T', ' ').replace('Z', '') : record.appliedAt;
  await db.execute(
    `INSERT INTO ${q(db, HISTORY_TABLE)} (${['name', 'applied_at', 'schema_text', 'sql_text'].map((c) => q(db, c)).join(', ')}) VALUES (?, ?, ?, ?)`,
    [record.name, appliedAt, record.schemaText, record.sqlText],
  );
}

export async function listMigrations(db: Db): Promise<MigrationRecord[]> {
  if (!(await historyTableExists(db))) return [];
  const rows = await db.query(
    `SELECT ${q(db, 'id')} AS id, ${q(db, 'name')} AS name, ${q(db, 'applied_at')} AS applied_at, ${q(db, 'schema_text')} AS schema_text, ${q(db, 'sql_text')} AS sql_text FROM ${q(db, HISTORY_TABLE)} ORDER BY ${q(db, 'id')}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    appliedAt: String(r.applied_at),
    schemaText: String(r.schema_text),
    sqlText: String(r.sql_text),
  }));
}
