// DATABASE_URL → DatabaseConfig → Db. Each database's executor is its own package
// (@cms-gen/db-sqlite, db-postgres, db-mysql), required lazily: an app installs the one of its
// database only, and one on SQLite never loads pg or mariadb (and vice versa).
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { DatabaseConfig, Db } from '@cms-gen/db/types';

/**
 * Parses a DATABASE_URL. Unset → the SQLite file `<cwd>/.tmp/data.db` (Strapi's default place).
 * SQLite: `file:/abs.db`, `file:./rel.db`, `file:rel.db`, `sqlite:…` (same forms, also
 * `sqlite:///abs.db`), `file::memory:` / `:memory:`; relative paths resolve against `cwd`.
 * PostgreSQL: `postgres://`, `postgresql://`. MySQL/MariaDB: `mysql://`, `mariadb://`.
 */
export function parseDatabaseUrl(url: string | undefined, cwd: string): DatabaseConfig {
  const text = url?.trim();
  if (!text) return sqliteConfig(resolve(cwd, '.tmp', 'data.db'));
  if (text === ':memory:') return sqliteConfig(':memory:');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'file':
    case 'sqlite':
      return sqliteConfig(sqlitePath(text.slice(scheme.length + 1), cwd));
    case 'postgres':
    case 'postgresql':
      return { dialect: 'postgres', url: text };
    case 'mysql':
    case 'mariadb':
      return { dialect: 'mysql', url: text };
    default:
      throw new Error(
        `DATABASE_URL has an unsupported scheme${scheme ? ` "${scheme}:"` : ''}: expected file:/sqlite: (SQLite), postgres:/postgresql: (PostgreSQL) or mysql:/mariadb: (MySQL/MariaDB)`,
      );
  }
}

function sqliteConfig(filename: string): DatabaseConfig {
  return { dialect: 'sqlite', url: filename, filename };
}

/** The part after `file:` / `sqlite:` → an absolute path (or ':memory:'). */
function sqlitePath(rest: string, cwd: string): string {
  // Prisma-style options (`?connection_limit=1`) do not belong to the file name.
  let path = rest.replace(/\?.*$/, '');
  if (path === ':memory:') return ':memory:';
  // `sqlite:///abs.db` and `file:///abs.db` are URLs with an empty host.
  if (path.startsWith('//')) path = path.replace(/^\/\/(localhost)?/, '');
  if (path === '') throw new Error('DATABASE_URL names no SQLite file');
  path = decodeURIComponent(path);
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** Opens the executor for `config`. For a SQLite file, its directory is created if missing. */
export async function connectDatabase(config: DatabaseConfig): Promise<Db> {
  const pool = config.pool;
  switch (config.dialect) {
    case 'sqlite': {
      const filename = config.filename ?? config.url;
      if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
      const { createSqliteDb }: typeof import('@cms-gen/db-sqlite/sqlite') = driver('@cms-gen/db-sqlite', 'SQLite', () => require('@cms-gen/db-sqlite/sqlite'));
      return createSqliteDb(filename);
    }
    case 'postgres': {
      const { createPostgresDb }: typeof import('@cms-gen/db-postgres/postgres') = driver('@cms-gen/db-postgres', 'PostgreSQL', () => require('@cms-gen/db-postgres/postgres'));
      return createPostgresDb(config.url, { pool });
    }
    case 'mysql': {
      const { createMysqlDb }: typeof import('@cms-gen/db-mysql/mysql') = driver('@cms-gen/db-mysql', 'MySQL/MariaDB', () => require('@cms-gen/db-mysql/mysql'));
      return createMysqlDb(config.url, { pool });
    }
  }
}

/** Loads a driver package; one that is not installed fails with the line that installs it. */
function driver<T>(name: string, database: string, load: () => T): T {
  try {
    return load();
  } catch (err) {
    const error = err as NodeJS.ErrnoException;
    if (error?.code !== 'MODULE_NOT_FOUND' || !String(error.message).includes(`'${name}`)) throw err;
    throw new Error(`DATABASE_URL names ${database}, whose driver ${name} is not installed: npm install ${name} (cms-gen build lists the driver of the DATABASE_URL it finds in .env)`, { cause: err });
  }
}
