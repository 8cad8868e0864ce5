// What a migration is asked to do and what a dialect's migration did: shared by migrate.ts and the
// MySQL migration it hands off to (mysql-migrate.ts).
import type { DataLoss } from './data-loss';
import type { DatabaseConfig, Db } from '@cms-gen/db/types';

export interface MigrateOptions {
  db: DatabaseConfig;
  /** The provider's generated schema.prisma text. */
  schema: string;
  /** Apply even when dropped tables/columns hold data (env CMS_ALLOW_DATA_LOSS=1). */
  allowDataLoss?: boolean;
  /** When set, each applied migration is also written to `<dir>/<provider>/<name>/migration.sql`. */
  migrationsDir?: string;
  /** The user's data migrations (`<app>/database/migrations`), run after the schema change. */
  dataMigrationsDir?: string;
  log?: (line: string) => void;
  /**
   * An open root Db (not a transaction) for `db` to migrate through; it is left open. Needed for
   * SQLite ':memory:', which exists only on its own connection. Default: open and close one.
   */
  connection?: Db;
}

/** What a dialect's migration did, before timing, logging and the migration file. */
export interface PlannedMigration {
  /**
   * 'up-to-date': schema text unchanged (engine not loaded). 'recorded': the text changed but
   * needs no SQL (comments, formatting); only the history row was added. 'applied': SQL ran.
   */
  status: 'up-to-date' | 'recorded' | 'applied';
  /**
   * 'up-to-date' only: the schema was behind when this start looked, and another instance
   * starting at the same moment migrated it while this one waited for the migration lock.
   */
  migratedByAnother?: boolean;
  /** History name, `<yyyymmddHHMMSS>_<n>`. */
  name?: string;
  /** The script as the engine (or the MySQL differ) printed it. */
  sql?: string;
  /** Statements executed. */
  statements: number;
  /** Data deleted with the caller's consent (allowDataLoss). */
  dataLoss: DataLoss[];
}
