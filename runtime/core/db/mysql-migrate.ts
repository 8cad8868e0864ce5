// MySQL/MariaDB migrations without Prisma's schema engine (its offline build has no MySQL):
// the desired tables come from the mysql schema.prisma (mysql-schema-parse.ts), the existing ones
// from information_schema (mysql-schema-introspect.ts), and the difference is planned as DDL
// (mysql-schema-diff.ts), checked against the data (mysql-data-loss.ts) and run.
//
// Same contract as SQLite/PostgreSQL (migrate.ts): `_cms_migrations` history, fast path on an
// unchanged schema text, data loss refused unless allowed. What differs: MySQL commits every DDL
// statement on its own, so a migration is not one transaction. Everything that can be checked is
// checked before the first statement (data loss, NULLs in a column that becomes required,
// values that cannot be converted); statements are ordered so every intermediate state is valid
// (mysql-schema-diff.ts); and because the plan comes from the live tables, a run that fails
// half-way is completed by the next one. The history row is written only after the last statement.
import { DataLossError } from './data-loss';
import type { DataLoss } from './data-loss';
import type { MigrateOptions, PlannedMigration } from './migrate-options';
import { pendingRenames, renameStatements, type ColumnRename } from './renames';
import { duplicateHint, fillDraftFlags } from './version-state';
import { ensureHistoryTable, lastAppliedSchema, migrationName, recordMigration } from './migration-history';
import { checkMysqlRisks } from './mysql-data-loss';
import { diffMysqlSchema, planScript, type MysqlPlan, type PlannedStatement } from './mysql-schema-diff';
import type { MysqlTable } from './mysql-schema-model';
import { introspectMysql } from './mysql-schema-introspect';
import { parseMysqlSchema } from './mysql-schema-parse';
import type { Db } from '@cms-gen/db/types';

/** How long a start waits for another instance's migration (GET_LOCK timeout, seconds). */
const LOCK_TIMEOUT_S = 120;

/**
 * GET_LOCK is server-wide and held by one connection, so parallel app instances on the same
 * database migrate one after the other (PostgreSQL uses pg_advisory_xact_lock for the same).
 * Lock names are limited to 64 characters: the database name is hashed.
 */
async function withMigrationLock<T>(conn: Db, fn: () => Promise<T>): Promise<T> {
  const name = "CONCAT('cms-gen-migrate:', LEFT(SHA1(DATABASE()), 24))";
  const [row] = await conn.query(`SELECT GET_LOCK(${name}, ?) AS ok`, [LOCK_TIMEOUT_S]);
  if (Number(row?.ok) !== 1) throw new Error(`Could not get the migration lock within ${LOCK_TIMEOUT_S} s: another instance is migrating this database`);
  try {
    return await fn();
  } finally {
    await conn.query(`SELECT RELEASE_LOCK(${name}) AS released`);
  }
}

/** Tables of the previously applied schema: only these may be dropped when they leave the schema. */
function managedTables(previous: string | undefined, log: (line: string) => void): Set<string> {
  if (previous === undefined) return new Set();
  try {
    return new Set(parseMysqlSchema(previous).map((t) => t.name));
  } catch (err) {
    log(`warning: the previously applied schema cannot be read (${String(err)}); tables removed from the schema are kept`);
    return new Set();
  }
}

function statementError(err: unknown, statements: readonly PlannedStatement[], failed: number): Error {
  const message = err instanceof Error ? err.message : String(err);
  const done =
    failed === 0
      ? 'Nothing was changed.'
      : `The ${failed} statement(s) before it stay applied (MySQL commits DDL statement by statement); no history row was written, so the next start plans again from the live tables and finishes the migration.`;
  return new Error(`Migration failed at statement ${failed + 1} of ${statements.length}: ${message}\nStatement: ${statements[failed].sql}\n${done}${duplicateHint(err)}`);
}

/** Renames whose old column is still in the live table (and the new one is not). */
function liveRenames(schema: string, previous: string | undefined, live: ReadonlyMap<string, MysqlTable>): ColumnRename[] {
  return pendingRenames(schema, previous).filter((r) => {
    const columns = live.get(r.table)?.columns.map((c) => c.name) ?? [];
    return columns.includes(r.from) && !columns.includes(r.to);
  });
}

/** The live tables as they will be once the renames ran (for a plan that runs nothing). */
function renamedLive(live: ReadonlyMap<string, MysqlTable>, renames: readonly ColumnRename[]): Map<string, MysqlTable> {
  const out = new Map(live);
  for (const r of renames) {
    const table = out.get(r.table);
    if (!table) continue;
    const name = (c: string): string => (c === r.from ? r.to : c);
    out.set(r.table, {
      ...table,
      columns: table.columns.map((c) => ({ ...c, name: name(c.name) })),
      primaryKey: table.primaryKey.map(name),
      indexes: table.indexes.map((i) => ({ ...i, columns: i.columns.map((c) => ({ ...c, name: name(c.name) })) })),
      foreignKeys: table.foreignKeys.map((f) => ({ ...f, columns: f.columns.map(name) })),
    });
  }
  return out;
}

/** `cms-gen migrate plan` on MySQL: the renames and DDL a start would run, and what blocks it; runs nothing. */
export async function planMysqlMigration(conn: Db, opts: MigrateOptions, log: (line: string) => void): Promise<{ statements: string[]; renames: ColumnRename[]; dataLoss: DataLoss[]; blockers: string[] }> {
  const last = await lastAppliedSchema(conn);
  const desired = parseMysqlSchema(opts.schema);
  const before = await introspectMysql(conn);
  const renames = liveRenames(opts.schema, last?.schemaText, before);
  const live = renamedLive(before, renames);
  const plan: MysqlPlan = diffMysqlSchema(desired, live, managedTables(last?.schemaText, log));
  const { losses, blockers } = await checkMysqlRisks(conn, plan.risks, before);
  const renameSql = last ? renameStatements('mysql', renames, last.schemaText) : [];
  return { statements: [...renameSql, ...plan.statements.map((st) => st.sql)], renames, dataLoss: losses, blockers };
}

async function migrateLocked(conn: Db, opts: MigrateOptions, log: (line: string) => void): Promise<PlannedMigration> {
  await ensureHistoryTable(conn);
  const last = await lastAppliedSchema(conn);
  // The fast path (migrate.ts) found the schema behind: another instance held the lock and migrated.
  if (last?.schemaText === opts.schema) return { status: 'up-to-date', migratedByAnother: true, statements: 0, dataLoss: [] };
  const desired = parseMysqlSchema(opts.schema);
  let live = await introspectMysql(conn);
  // Renamed columns keep their data: renamed in place first, then planned from the live tables.
  const renames = liveRenames(opts.schema, last?.schemaText, live);
  const renameSql = last ? renameStatements('mysql', renames, last.schemaText) : [];
  if (renameSql.length > 0) {
    // A rename loses nothing and is undone by renaming back, so it runs before the checks below;
    // if they refuse the rest, the next start finds the column renamed and plans from there.
    for (const sql of renameSql) await conn.execute(sql);
    for (const r of renames) log(`database: column ${r.table}.${r.from} renamed to ${r.to}`);
    live = await introspectMysql(conn);
  }
  const plan = diffMysqlSchema(desired, live, managedTables(last?.schemaText, log));
  const name = migrationName((last?.count ?? 0) + 1, new Date());
  const record = { name, appliedAt: new Date().toISOString(), schemaText: opts.schema };
  if (plan.statements.length === 0) {
    await fillDraftFlags(conn, opts.schema);
    await recordMigration(conn, { ...record, sqlText: renameSql.map((s) => `${s};\n`).join('') });
    if (renameSql.length > 0) return { status: 'applied', name, sql: renameSql.map((s) => `${s};\n`).join(''), statements: renameSql.length, dataLoss: [] };
    return { status: 'recorded', name, statements: 0, dataLoss: [] };
  }
  const { losses, blockers } = await checkMysqlRisks(conn, plan.risks, live);
  if (blockers.length > 0) {
    throw new Error(['Refusing to migrate the database: the schema change cannot be applied to the current data.', ...blockers.map((b) => `  - ${b}`), renameSql.length ? 'Only the renamed columns were renamed.' : 'Nothing was changed.'].join('\n'));
  }
  if (losses.length > 0 && !opts.allowDataLoss) throw new DataLossError(losses);
  for (let i = 0; i < plan.statements.length; i++) {
    try {
      await conn.execute(plan.statements[i].sql);
    } catch (err) {
      throw statementError(err, plan.statements, i);
    }
  }
  // Not atomic on MySQL: if this fails (duplicates), no history row is written and the next
  // start, which plans no DDL, runs it again.
  await fillDraftFlags(conn, opts.schema);
  const script = renameSql.map((s) => `${s};\n`).join('') + planScript(plan);
  await recordMigration(conn, { ...record, sqlText: script });
  return { status: 'applied', name, sql: script, statements: renameSql.length + plan.statements.length, dataLoss: losses };
}

/**
 * Plans and applies a MySQL migration on one pinned connection (`transaction()` is used for the
 * connection and the lock, not for atomicity: DDL commits implicitly).
 */
export function applyMysqlMigration(db: Db, opts: MigrateOptions, log: (line: string) => void): Promise<PlannedMigration> {
  // Parse before touching the database, so a schema the migrator cannot read changes nothing.
  parseMysqlSchema(opts.schema);
  return db.transaction((conn) => withMigrationLock(conn, () => migrateLocked(conn, opts, log)));
}
