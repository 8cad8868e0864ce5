// `cms-gen migrate plan|apply|status`: the migration a start would run, on the database of a
// generated app (`--app <dir>`, default the working directory; DATABASE_URL, `.env` and config/
// apply as when the app starts).
// - plan: the SQL, renames, data-loss warnings and pending data migrations; writes nothing.
// - apply: what a start does (schema change, then data migrations), then exits. Refuses data loss
//   unless `--allow-data-loss` (or CMS_ALLOW_DATA_LOSS=1).
// - status: the applied history and what is pending.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config/load-config';
import { loadDotEnv } from '../config/dot-env';
import { connectDatabase, parseDatabaseUrl } from '@cms-gen/core/db/connect';
import { DataLossError, type DataLoss } from '@cms-gen/core/db/data-loss';
import { appliedDataMigrations, DataMigrationError, listDataMigrationFiles } from '@cms-gen/core/db/data-migrations';
import { migrate, planMigration, type MigrateOptions } from '@cms-gen/core/db/migrate';
import { listMigrations } from '@cms-gen/core/db/migration-history';

export interface MigrateCliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface MigrateCliFlags {
  app: string;
  json?: boolean;
  allowDataLoss?: boolean;
}

const PROVIDER_DIR = { sqlite: 'sqlite', postgres: 'postgresql', mysql: 'mysql' } as const;

class CliError extends Error {}

/** The app's migrate options, resolved as startApp resolves them. */
function appOptions(flags: MigrateCliFlags, log: (line: string) => void): MigrateOptions {
  const appDir = resolve(flags.app);
  loadDotEnv(appDir);
  const config = loadConfig(appDir);
  const db = parseDatabaseUrl(config.database.url, appDir);
  const schemaPath = join(appDir, 'prisma', PROVIDER_DIR[db.dialect], 'schema.prisma');
  if (!existsSync(schemaPath)) throw new CliError(`${appDir} is not a generated app (no ${join('prisma', PROVIDER_DIR[db.dialect], 'schema.prisma')}); pass --app <dir>`);
  return {
    db,
    schema: readFileSync(schemaPath, 'utf8'),
    allowDataLoss: flags.allowDataLoss || config.database.allowDataLoss,
    migrationsDir: process.env.CMS_MIGRATIONS_DIR || undefined,
    dataMigrationsDir: join(appDir, 'database', 'migrations'),
    log,
  };
}

const lossLine = (loss: DataLoss): string => `${loss.column ? `${loss.table}.${loss.column}` : loss.table}: ${loss.reason}`;

async function run(io: MigrateCliIo, body: () => Promise<number | void>): Promise<number> {
  try {
    return (await body()) ?? 0;
  } catch (err) {
    if (err instanceof CliError || err instanceof DataLossError || err instanceof DataMigrationError) {
      io.err(`cms-gen migrate: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

export function migratePlan(flags: MigrateCliFlags, io: MigrateCliIo): Promise<number> {
  return run(io, async () => {
    const plan = await planMigration(appOptions(flags, io.err));
    if (flags.json) {
      io.out(JSON.stringify(plan));
      return;
    }
    if (plan.status === 'up-to-date') {
      io.err('The database is up to date: no schema change and no data migration pending.');
      return;
    }
    if (plan.schemaChanged && plan.statements.length === 0) io.err('The schema text changed but needs no SQL; apply records it.');
    for (const r of plan.renames) io.err(`rename: ${r.table}.${r.from} → ${r.to} (data kept)`);
    // The SQL on stdout, everything else on stderr, so `plan > migration.sql` keeps only SQL.
    for (const statement of plan.statements) io.out(`${statement.trim().replace(/;$/, '')};`);
    for (const loss of plan.dataLoss) io.err(`warning: data loss: ${lossLine(loss)}${flags.allowDataLoss ? '' : ' (apply refuses this without --allow-data-loss)'}`);
    for (const blocker of plan.blockers) io.err(`blocked: ${blocker}`);
    for (const name of plan.dataMigrations) io.err(`data migration pending: ${name}`);
  });
}

export function migrateApply(flags: MigrateCliFlags, io: MigrateCliIo): Promise<number> {
  return run(io, async () => {
    const report = await migrate(appOptions(flags, io.err));
    if (flags.json) {
      io.out(JSON.stringify(report));
      return;
    }
    if (report.status === 'up-to-date' && report.dataMigrations.length === 0) io.err('The database is up to date.');
  });
}

export function migrateStatus(flags: MigrateCliFlags, io: MigrateCliIo): Promise<number> {
  return run(io, async () => {
    const options = appOptions(flags, io.err);
    const db = await connectDatabase(options.db);
    let history;
    let applied;
    try {
      history = await listMigrations(db);
      applied = await appliedDataMigrations(db);
    } finally {
      await db.close();
    }
    const schemaPending = history.length === 0 || history[history.length - 1].schemaText !== options.schema;
    const done = new Set(applied.map((a) => a.name));
    const files = listDataMigrationFiles(options.dataMigrationsDir);
    const pendingData = files.filter((f) => !done.has(f.name)).map((f) => f.name);
    if (flags.json) {
      io.out(
        JSON.stringify({
          schema: history.map((h) => ({ name: h.name, appliedAt: h.appliedAt, statements: h.sqlText ? h.sqlText.split(';').filter((s) => s.trim()).length : 0 })),
          schemaPending,
          dataMigrations: applied,
          dataMigrationsPending: pendingData,
        }),
      );
      return;
    }
    for (const h of history) io.out(`applied  schema  ${h.name}  ${h.appliedAt}`);
    for (const a of applied) io.out(`applied  data    ${a.name}  ${a.appliedAt}`);
    if (schemaPending) io.out("pending  schema  (the app's schema.prisma differs from the last applied one; see `cms-gen migrate plan`)");
    for (const name of pendingData) io.out(`pending  data    ${name}`);
  });
}
