// Data migrations the user writes: `<app>/database/migrations/<name>.{js,cjs,mjs,ts}` (Strapi's
// folder), each exporting `up(db)`. They run in file-name order, once each, after the schema
// migration of the same start (so the columns they fill exist), each in its own transaction
// together with its history row in `_cms_data_migrations`: a file that throws changes nothing and
// stops the start, naming the file, and runs again next time.
//
// `db` is the runtime's Db (`query`/`execute` with `?` placeholders on every dialect, `dialect`).
// Moving data out of a column that the same build removes takes two builds (add the new
// attribute and the migration; then remove the old attribute), because the schema change runs
// first; see docs/database.md.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constraintViolation } from './constraint-violation';
import { lockedTransaction } from './database-lock';
import type { Db, DialectName } from '@cms-gen/db/types';

export const DATA_HISTORY_TABLE = '_cms_data_migrations';

const FILE = /^[^.].*\.(js|cjs|mjs|ts|mts|cts)$/;

export interface DataMigrationFile {
  name: string;
  path: string;
}

export interface DataMigrationModule {
  up(db: Db): unknown;
}

const CREATE_TABLE: Record<DialectName, string> = {
  sqlite: `CREATE TABLE IF NOT EXISTS "${DATA_HISTORY_TABLE}" ("name" TEXT PRIMARY KEY, "applied_at" TEXT NOT NULL)`,
  postgres: `CREATE TABLE IF NOT EXISTS "${DATA_HISTORY_TABLE}" ("name" TEXT PRIMARY KEY, "applied_at" TIMESTAMPTZ(3) NOT NULL)`,
  mysql: `CREATE TABLE IF NOT EXISTS \`${DATA_HISTORY_TABLE}\` (\`name\` VARCHAR(255) PRIMARY KEY, \`applied_at\` DATETIME(3) NOT NULL) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
};

const EXISTS: Record<DialectName, string> = {
  sqlite: `SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?`,
  postgres: `SELECT 1 AS x FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?`,
  mysql: `SELECT 1 AS x FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?`,
};

const q = (db: Db, name: string): string => (db.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);

/** The migration files of a folder, in the order they run (by name: prefix them with a date or a number). */
export function listDataMigrationFiles(dir: string | undefined): DataMigrationFile[] {
  if (!dir || !existsSync(dir)) return [];
  const files = readdirSync(dir).filter((f) => FILE.test(f) && !/\.d\.[cm]?ts$/.test(f));
  const names = new Map<string, string>();
  for (const file of files.sort()) {
    const name = file.replace(/\.[^.]+$/, '');
    // `1-fill.ts` beside its compiled `1-fill.js` is one migration; run the first found.
    if (!names.has(name)) names.set(name, file);
  }
  return [...names].map(([name, file]) => ({ name, path: join(dir, file) }));
}

export interface DataMigrationRecord {
  name: string;
  appliedAt: string;
}

export async function appliedDataMigrations(db: Db): Promise<DataMigrationRecord[]> {
  if ((await db.query(EXISTS[db.dialect], [DATA_HISTORY_TABLE])).length === 0) return [];
  const rows = await db.query(`SELECT ${q(db, 'name')} AS name, ${q(db, 'applied_at')} AS applied_at FROM ${q(db, DATA_HISTORY_TABLE)} ORDER BY ${q(db, 'name')}`);
  return rows.map((r) => ({ name: String(r.name), appliedAt: r.applied_at instanceof Date ? r.applied_at.toISOString() : String(r.applied_at) }));
}

/** Files not yet applied, in run order. */
export async function pendingDataMigrations(db: Db, dir: string | undefined): Promise<DataMigrationFile[]> {
  const files = listDataMigrationFiles(dir);
  if (files.length === 0) return [];
  const applied = new Set((await appliedDataMigrations(db)).map((r) => r.name));
  return files.filter((f) => !applied.has(f.name));
}

export class DataMigrationError extends Error {}

async function loadMigration(file: DataMigrationFile): Promise<DataMigrationModule> {
  let loaded: unknown;
  try {
    loaded = await import(pathToFileURL(file.path).href);
  } catch (err) {
    const hint = /\.[cm]?ts$/.test(file.path) ? ' (a .ts migration needs a TypeScript loader such as tsx; compile it to .js for `node`)' : '';
    throw new DataMigrationError(`Data migration ${file.path} could not be loaded${hint}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const mod = loaded as { up?: unknown; default?: { up?: unknown } };
  const up = typeof mod.up === 'function' ? mod.up : typeof mod.default?.up === 'function' ? mod.default.up : undefined;
  if (typeof up !== 'function') throw new DataMigrationError(`Data migration ${file.path} exports no up(db) function`);
  return { up: up as DataMigrationModule['up'] };
}

/**
 * Runs the pending files in order; returns the names applied. `db` is a root Db (not a
 * transaction). Instances starting together take turns under the "data-migrations" database lock
 * (database-lock.ts), taken by the history table's creation and by each file's transaction:
 * without it, two concurrent `CREATE TABLE IF NOT EXISTS` of the history table failed one
 * PostgreSQL start (`pg_type_typname_nsp_index`, measured). An instance that waited finds the file
 * applied and skips it. The lock lives inside each transaction (PostgreSQL), so a waiting instance
 * holds one connection and no more, also through PgBouncer with a small server pool.
 */
export async function runDataMigrations(db: Db, dir: string | undefined, log: (line: string) => void): Promise<string[]> {
  const pending = await pendingDataMigrations(db, dir);
  if (pending.length === 0) return [];
  // Load every file before running any, so a broken file stops the start before data changes.
  const modules = await Promise.all(pending.map(loadMigration));
  await lockedTransaction(db, 'data-migrations', (tx) => tx.execute(CREATE_TABLE[tx.dialect]));
  const applied: string[] = [];
  for (let i = 0; i < pending.length; i++) {
    const file = pending[i];
    const started = performance.now();
    const ran = await lockedTransaction(db, 'data-migrations', async (tx) => {
      if ((await tx.query(`SELECT 1 AS x FROM ${q(tx, DATA_HISTORY_TABLE)} WHERE ${q(tx, 'name')} = ?`, [file.name])).length > 0) return false;
      // The history row is written first: it claims the file, also against a process that runs
      // the file without the lock (an older version of cms-gen), which waits on that row's unique
      // key and then finds it taken, so each file runs once.
      const now = new Date().toISOString();
      try {
        await tx.execute(`INSERT INTO ${q(tx, DATA_HISTORY_TABLE)} (${q(tx, 'name')}, ${q(tx, 'applied_at')}) VALUES (?, ?)`, [
          file.name,
          tx.dialect === 'mysql' ? now.replace('T', ' ').replace('Z', '') : now,
        ]);
      } catch (err) {
        if (constraintViolation(err)?.kind === 'unique') return false;
        throw err;
      }
      try {
        await modules[i].up(tx);
      } catch (err) {
        throw new DataMigrationError(`Data migration ${file.name} failed, its changes were rolled back: ${err instanceof Error ? err.message : String(err)}`);
      }
      return true;
    });
    if (!ran) continue;
    applied.push(file.name);
    log(`database: data migration ${file.name} applied (${Math.round(performance.now() - started)} ms)`);
  }
  return applied;
}
