// Brings the database to the generated Prisma schema on every start, offline.
//
// History lives in the database (`_cms_migrations`, see migration-history.ts). A start whose
// schema text equals the last applied one costs two small queries and never loads the schema
// engine. Otherwise the engine diffs old text → new text (schema-engine.ts), the script is
// checked for data loss against the live data (destructive-changes.ts, data-loss.ts), and applied
// in one transaction together with its history row.
//
// Not handled: a database that already has the tables but no history (created by
// `prisma db push` or by hand). The first migration then tries to create existing tables and
// fails, changing nothing; see docs/database.md for how to adopt such a database.
//
// MySQL/MariaDB: the schema engine's offline build has no MySQL, so mysql-migrate.ts plans the DDL
// itself from the live tables; same history, fast path and data-loss contract, but DDL is not
// transactional there (see that file).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectDatabase } from './connect';
import { DataLossError, findDataLoss, type DataLoss } from './data-loss';
import { findDestructiveChanges } from './destructive-changes';
import { ensureHistoryTable, lastAppliedSchema, migrationName, recordMigration } from './migration-history';
import { runDataMigrations, pendingDataMigrations } from './data-migrations';
import { applyMysqlMigration, planMysqlMigration } from './mysql-migrate';
import { applyRenamesToSchema, pendingRenames, renameStatements, type ColumnRename } from './renames';
import { openSchemaEngine, type EngineProvider, type OpenEngine } from './schema-engine';
import { splitSqlScript, stripComments } from './sql-script';
import { duplicateHint, fillDraftFlags } from './version-state';
import type { Db, DialectName } from '@cms-gen/db/types';
import type { MigrateOptions, PlannedMigration } from './migrate-options';

export type { MigrateOptions, PlannedMigration } from './migrate-options';

/** What a migration did: the dialect's plan (PlannedMigration, whose fields say what each status means), then what the run added. */
export interface MigrationReport extends PlannedMigration {
  /** The migration.sql written under migrationsDir. */
  file?: string;
  /** Data migrations applied by this run, in order. */
  dataMigrations: string[];
  durationMs: number;
}

/** What `cms-gen migrate plan` shows: what a start would do, computed without changing anything. */
export interface MigrationPlan {
  status: 'up-to-date' | 'pending';
  /** Whether the schema text differs from the last applied one. */
  schemaChanged: boolean;
  /** The statements the schema change would run, in order (renames first). */
  statements: string[];
  renames: ColumnRename[];
  /** Data the change would delete; applying it needs allowDataLoss. */
  dataLoss: DataLoss[];
  /** Reasons the change cannot be applied to the current data (MySQL's pre-checks). */
  blockers: string[];
  /** Data migration files not applied yet, in run order. */
  dataMigrations: string[];
}

const PROVIDER: Record<DialectName, string> = { sqlite: 'sqlite', postgres: 'postgresql', mysql: 'mysql' };

/** pg_advisory_xact_lock key: serializes concurrent starts of several app instances (the tests hold it too). */
export const PG_LOCK_KEY = 0x636d73676e; // "cmsgn"

function schemaProvider(schema: string): string | undefined {
  const datasource = /datasource\s+\w+\s*\{([^}]*)\}/.exec(schema);
  return datasource ? /provider\s*=\s*"([^"]+)"/.exec(datasource[1])?.[1] : undefined;
}

function checkProvider(dialect: DialectName, schema: string): void {
  const provider = schemaProvider(schema);
  const expected = PROVIDER[dialect];
  const matches = provider === expected || (dialect === 'postgres' && provider === 'postgres');
  if (!matches) {
    throw new Error(`The Prisma schema is for provider "${provider ?? '(none)'}" but the database is ${expected}: pass prisma/${expected}/schema.prisma`);
  }
}

/** SQLite: statements that switch foreign keys, which the migration handles around its transaction. */
const FOREIGN_KEY_PRAGMA = /^PRAGMA\s+(defer_)?foreign_keys\s*=/i;

const CREATE_SCHEMA = /^CREATE\s+SCHEMA\s+IF\s+NOT\s+EXISTS\s+"((?:[^"]|"")+)"$/i;

/**
 * Statements of the script that are not run: SQLite's foreign-key pragmas (handled around the
 * transaction, see withForeignKeysOff), and PostgreSQL's `CREATE SCHEMA IF NOT EXISTS "public"`
 * when the schema exists, because PostgreSQL checks the CREATE privilege on the database before
 * it checks existence, and an app's database user often lacks it.
 */
async function isRedundant(tx: Db, statement: string): Promise<boolean> {
  if (tx.dialect === 'sqlite') return FOREIGN_KEY_PRAGMA.test(statement);
  const schema = CREATE_SCHEMA.exec(statement);
  if (!schema) return false;
  return (await tx.query('SELECT 1 AS x FROM pg_namespace WHERE nspname = ?', [schema[1].replace(/""/g, '"')])).length > 0;
}

/** SQLite/PostgreSQL: what the change from `previous` to `schema` runs, read-only. */
interface EnginePlan {
  renames: ColumnRename[];
  /** Renames first, then the engine's statements (redundant ones left out). */
  statements: string[];
  /** The script as recorded in the history. */
  script: string;
  dataLoss: DataLoss[];
}

async function planWithEngine(db: Db, engine: OpenEngine, schema: string, previous: string | undefined): Promise<EnginePlan> {
  // Renamed columns: diff from the previous text as if they always had their new names (renames.ts).
  const renames = pendingRenames(schema, previous);
  const from = previous !== undefined && renames.length > 0 ? applyRenamesToSchema(previous, renames) : previous ?? null;
  const diff = await engine.diff(from, schema);
  const renameSql = previous !== undefined ? renameStatements(db.dialect, renames, previous) : [];
  const statements: string[] = [...renameSql];
  if (!diff.empty) {
    for (const statement of splitSqlScript(diff.script)) {
      if (!(await isRedundant(db, stripComments(statement).trim()))) statements.push(statement);
    }
  }
  const dataLoss = await findDataLoss(db, findDestructiveChanges(statements.slice(renameSql.length)));
  const script = [...renameSql.map((s) => `-- Renamed (pluginOptions["cms-gen"].renamedFrom)\n${s};\n`), diff.empty ? '' : diff.script].join(renameSql.length ? '\n' : '');
  return { renames, statements, script, dataLoss };
}

/** Runs inside the migration transaction: re-reads history (another instance may have won), diffs, checks, applies. */
async function applyInTransaction(tx: Db, engine: OpenEngine, opts: MigrateOptions): Promise<PlannedMigration> {
  if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(?)', [PG_LOCK_KEY]);
  await ensureHistoryTable(tx);
  const last = await lastAppliedSchema(tx);
  // The fast path (migrateSchema) found the schema behind: another instance got the lock first.
  if (last?.schemaText === opts.schema) return { status: 'up-to-date', migratedByAnother: true, statements: 0, dataLoss: [] };
  const plan = await planWithEngine(tx, engine, opts.schema, last?.schemaText);
  const name = migrationName((last?.count ?? 0) + 1, new Date());
  const record = { name, appliedAt: new Date().toISOString(), schemaText: opts.schema };
  if (plan.statements.length === 0) {
    await fillDraftFlags(tx, opts.schema);
    await recordMigration(tx, { ...record, sqlText: '' });
    return { status: 'recorded', name, statements: 0, dataLoss: [] };
  }
  const { statements, dataLoss } = plan;
  if (dataLoss.length > 0 && !opts.allowDataLoss) throw new DataLossError(dataLoss);
  for (const statement of statements) {
    try {
      await tx.execute(statement);
    } catch (err) {
      throw statementError(err, statement, last === undefined);
    }
  }
  if (tx.dialect === 'sqlite') {
    // Foreign keys were off while tables were rebuilt; verify them before committing.
    const violations = await tx.query('PRAGMA foreign_key_check');
    if (violations.length > 0) {
      const tables = [...new Set(violations.map((v) => String(v.table)))].join(', ');
      throw new Error(`Migration ${name} would leave rows with dangling foreign keys in: ${tables}. Nothing was changed.`);
    }
  }
  // Rows from before is_draft existed get it now, in the same transaction (version-state.ts).
  await fillDraftFlags(tx, opts.schema);
  await recordMigration(tx, { ...record, sqlText: plan.script });
  return { status: 'applied', name, sql: plan.script, statements: statements.length, dataLoss };
}

function statementError(err: unknown, statement: string, firstMigration: boolean): Error {
  const message = err instanceof Error ? err.message : String(err);
  const hint = firstMigration
    ? '\nThe database has no migration history: if its tables were created by `prisma db push` or by hand, see docs/database.md ("Adopting an existing database").'
    : duplicateHint(err);
  return new Error(`Migration failed, nothing was changed: ${message}\nStatement: ${statement}${hint}`);
}

/**
 * SQLite: `PRAGMA foreign_keys` is a no-op inside a transaction, and with foreign keys on,
 * the table rebuilds (DROP TABLE "t") would fire ON DELETE CASCADE on every child row. So keys
 * are switched off around the transaction (SQLite's documented 12-step ALTER procedure) and
 * checked with foreign_key_check before commit.
 */
async function withForeignKeysOff<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'sqlite') return fn();
  const [row] = await db.query('PRAGMA foreign_keys');
  const wasOn = Number(row?.foreign_keys ?? 0) === 1;
  await db.execute('PRAGMA foreign_keys = OFF');
  try {
    return await fn();
  } finally {
    if (wasOn) await db.execute('PRAGMA foreign_keys = ON');
  }
}

function writeMigrationFile(dir: string, dialect: DialectName, name: string, sql: string, log: (line: string) => void): string | undefined {
  const folder = join(dir, PROVIDER[dialect], name);
  try {
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'migration.sql');
    writeFileSync(file, sql);
    return file;
  } catch (err) {
    // The database is migrated already; the file is only the user's copy of the history.
    log(`warning: migration ${name} was applied but ${folder}/migration.sql could not be written: ${String(err)}`);
    return undefined;
  }
}

/** SQLite and PostgreSQL: Prisma's schema engine diffs the schema texts; one transaction applies the script. */
async function applyWithSchemaEngine(db: Db, opts: MigrateOptions): Promise<PlannedMigration> {
  const engine = await openSchemaEngine(PROVIDER[db.dialect] as EngineProvider, db.dialect === 'postgres' ? opts.db.url : undefined);
  try {
    return await withForeignKeysOff(db, () => db.transaction((tx) => applyInTransaction(tx, engine, opts)));
  } finally {
    await engine.close();
  }
}

async function migrateOpen(db: Db, opts: MigrateOptions, log: (line: string) => void, started: number): Promise<MigrationReport> {
  const report = await migrateSchema(db, opts, log, started);
  // After the schema change, so the columns a data migration fills exist (data-migrations.ts).
  report.dataMigrations = await runDataMigrations(db, opts.dataMigrationsDir, log);
  return report;
}

async function migrateSchema(db: Db, opts: MigrateOptions, log: (line: string) => void, started: number): Promise<MigrationReport> {
  const last = await lastAppliedSchema(db);
  if (last?.schemaText === opts.schema) {
    return { status: 'up-to-date', statements: 0, dataLoss: [], dataMigrations: [], durationMs: performance.now() - started };
  }
  const planned = db.dialect === 'mysql' ? await applyMysqlMigration(db, opts, log) : await applyWithSchemaEngine(db, opts);
  const report: MigrationReport = { ...planned, dataMigrations: [], durationMs: performance.now() - started };
  if (planned.status === 'applied' && planned.name && planned.sql) {
    for (const loss of planned.dataLoss) log(`warning: data deleted (allowed): ${loss.column ? `${loss.table}.${loss.column}` : loss.table}: ${loss.reason}`);
    if (opts.migrationsDir) report.file = writeMigrationFile(opts.migrationsDir, db.dialect, planned.name, planned.sql, log);
    log(`database: migration ${planned.name} applied (${planned.statements} statements, ${Math.round(report.durationMs)} ms)`);
  } else if (planned.status === 'recorded') {
    log(`database: schema ${planned.name} recorded (no SQL needed)`);
  } else if (planned.migratedByAnother) {
    // Several instances started together: this one waited for the lock of the one that migrated.
    log(`database: schema migrated by another instance meanwhile (this start waited for its lock; ${Math.round(report.durationMs)} ms in all)`);
  }
  return report;
}

export async function migrate(opts: MigrateOptions): Promise<MigrationReport> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  checkProvider(opts.db.dialect, opts.schema);
  if (opts.connection) return migrateOpen(opts.connection, opts, log, started);
  const db = await connectDatabase(opts.db);
  try {
    return await migrateOpen(db, opts, log, started);
  } finally {
    await db.close();
  }
}

/** What a start would change (`cms-gen migrate plan`), computed without writing to the database. */
export async function planMigration(opts: MigrateOptions): Promise<MigrationPlan> {
  checkProvider(opts.db.dialect, opts.schema);
  const db = opts.connection ?? (await connectDatabase(opts.db));
  try {
    const dataMigrations = (await pendingDataMigrations(db, opts.dataMigrationsDir)).map((f) => f.name);
    const last = await lastAppliedSchema(db);
    const none = { statements: [], renames: [], dataLoss: [], blockers: [] };
    if (last?.schemaText === opts.schema) return { status: dataMigrations.length ? 'pending' : 'up-to-date', schemaChanged: false, ...none, dataMigrations };
    if (db.dialect === 'mysql') {
      const plan = await planMysqlMigration(db, opts, opts.log ?? (() => undefined));
      return { status: 'pending', schemaChanged: true, ...plan, dataMigrations };
    }
    const engine = await openSchemaEngine(PROVIDER[db.dialect] as EngineProvider, db.dialect === 'postgres' ? opts.db.url : undefined);
    try {
      const plan = await planWithEngine(db, engine, opts.schema, last?.schemaText);
      return { status: 'pending', schemaChanged: true, statements: plan.statements, renames: plan.renames, dataLoss: plan.dataLoss, blockers: [], dataMigrations };
    } finally {
      await engine.close();
    }
  } finally {
    if (!opts.connection) await db.close();
  }
}
