// A new database that already holds an app's schema, for suites whose subject is not the first
// migration: the app's start then takes the migration's fast path (the schema text equals the last
// applied one: two small queries, no schema engine) instead of diffing and running some fifty
// CREATE statements. Measured per start of the fixture app on PostgreSQL: about 0.5 CPU-s in the
// worker and 0.55–0.8 in the server for a new database, 0.2 and 0.3–0.5 for a copy; on SQLite
// 0.3–0.4 against 0.15–0.28 (docs/testing.md, "Sixth pass").
//
// A template is made once per schema by the runtime's own `migrate`, with the app's data migrations,
// exactly as a first start runs it; every database handed out is a copy of it:
// - SQLite: a file in .cms-gen-cache/migrated-db/, copied;
// - PostgreSQL: a database `cmsgen_tpl_<key>`, cloned with CREATE DATABASE … TEMPLATE (a file copy
//   in the server).
// MariaDB has no cloning of a database, so its suites get a new empty one and the first start
// migrates it, as before.
//
// The key hashes the schema text, the data migrations and the migration code itself (runtime/core/db
// and the schema engine's version), so a change to any of them makes a new template. The first start
// on a new database stays covered where it is the subject: the migrate suites (runtime/core/db),
// the compiled-app and packaged suites, the newcomer path, and every MariaDB run.
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { parseDatabaseUrl } from '@cms-gen/core/db/connect';
import { migrate } from '@cms-gen/core/db/migrate';
import { ensurePostgres, POSTGRES_ADMIN_URL, type TempDatabase } from './test-services';
import { filesUnder, migrationCodeKey } from './migration-code-key';

const REPO = resolve(__dirname, '..', '..');
const SQLITE_TEMPLATES = join(REPO, '.cms-gen-cache', 'migrated-db');
const PROVIDER_DIR = { sqlite: 'sqlite', postgres: 'postgresql' } as const;
const TEMPLATE_PREFIX = 'cmsgen_tpl_';

type Cloneable = keyof typeof PROVIDER_DIR;

function templateKey(appDir: string, dialect: Cloneable): { key: string; schema: string; dataMigrationsDir: string } {
  const schema = readFileSync(join(appDir, 'prisma', PROVIDER_DIR[dialect], 'schema.prisma'), 'utf8');
  const dataMigrationsDir = join(appDir, 'database', 'migrations');
  const hash = createHash('sha256').update(dialect).update('\0').update(schema);
  for (const file of filesUnder(dataMigrationsDir)) hash.update('\0').update(file.slice(dataMigrationsDir.length)).update('\0').update(readFileSync(file));
  // The code key leads, so that stale templates can be told by their name (dropStaleTemplates drops them).
  return { key: `${migrationCodeKey()}_${hash.digest('hex').slice(0, 16)}`, schema, dataMigrationsDir };
}

async function migrateTo(url: string, appDir: string, schema: string, dataMigrationsDir: string): Promise<void> {
  await migrate({ db: parseDatabaseUrl(url, appDir), schema, dataMigrationsDir, log: () => undefined });
}

const sqliteTemplates = new Map<string, Promise<string>>();

async function sqliteTemplate(appDir: string): Promise<string> {
  const { key, schema, dataMigrationsDir } = templateKey(appDir, 'sqlite');
  const file = join(SQLITE_TEMPLATES, `${key}.db`);
  let made = sqliteTemplates.get(file);
  if (!made) {
    made = (async () => {
      if (existsSync(file)) return file;
      mkdirSync(SQLITE_TEMPLATES, { recursive: true });
      // Files made by other migration code (an older checkout's) go; a copy being read keeps its data.
      for (const name of readdirSync(SQLITE_TEMPLATES)) if (name.endsWith('.db') && !name.startsWith(`${migrationCodeKey()}_`)) rmSync(join(SQLITE_TEMPLATES, name), { force: true });
      const stage = mkdtempSync(join(SQLITE_TEMPLATES, 'stage-'));
      try {
        const database = join(stage, 'data.db');
        await migrateTo(`file:${database}`, appDir, schema, dataMigrationsDir);
        // migrate closes its connection, which checkpoints the write-ahead log into the file.
        const left = readdirSync(stage).filter((name) => name !== 'data.db' && statSync(join(stage, name)).size > 0);
        if (left.length > 0) throw new Error(`the migration left ${left.join(', ')} beside its database`);
        // Workers making it at once each rename a whole file into place; the last one stays.
        renameSync(database, file);
      } finally {
        rmSync(stage, { recursive: true, force: true });
      }
      return file;
    })();
    sqliteTemplates.set(file, made);
  }
  return made;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * Templates made by other migration code (an older checkout's) are dropped when a new one is made,
 * so they do not pile up on a developer's server. One in use (a clone under way) refuses the drop
 * and is left for next time; a run that still needs a dropped one makes it again (see below).
 */
async function dropStaleTemplates(client: Client): Promise<void> {
  const stale = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname NOT LIKE $2', [`${TEMPLATE_PREFIX}%`, `${TEMPLATE_PREFIX}${migrationCodeKey()}_%`]);
  for (const { datname } of stale.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
}

/** The template's name, made under an advisory lock so that workers asking at once make it once. */
function postgresTemplate(appDir: string): Promise<string> {
  const { key, schema, dataMigrationsDir } = templateKey(appDir, 'postgres');
  const name = `${TEMPLATE_PREFIX}${key}`;
  let made = postgresTemplates.get(name);
  if (!made) {
    made = admin(async (client) => {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount) return name;
        await dropStaleTemplates(client);
        // Migrated under a name of its own, then renamed: a template never appears half made.
        const stage = `${name}_${randomBytes(3).toString('hex')}`;
        await client.query(`CREATE DATABASE "${stage}"`);
        try {
          await migrateTo(`postgresql://postgres@127.0.0.1:5432/${stage}`, appDir, schema, dataMigrationsDir);
          await client.query(`ALTER DATABASE "${stage}" RENAME TO "${name}"`);
        } catch (err) {
          await client.query(`DROP DATABASE IF EXISTS "${stage}" WITH (FORCE)`);
          throw err;
        }
        return name;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    });
    postgresTemplates.set(name, made);
  }
  return made;
}

/** Writes the migrated SQLite database of the app in `appDir` to `path` (a new file): a start on `file:<path>` migrates nothing. */
export async function copyMigratedSqlite(appDir: string, path: string): Promise<string> {
  copyFileSync(await sqliteTemplate(appDir), path);
  return path;
}

/**
 * A new database of `dialect` holding the migrated schema of the app in `appDir` (its data
 * migrations applied, nothing else), and how to drop it.
 */
export async function migratedDatabase(dialect: Cloneable, appDir: string): Promise<TempDatabase> {
  const name = `cmsgen_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cms-gen-e2e-'));
    const file = await copyMigratedSqlite(appDir, join(dir, 'data.db'));
    return { name, url: `file:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  await ensurePostgres();
  const clone = async () => admin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  let template = await postgresTemplate(appDir);
  try {
    await clone();
  } catch (err) {
    // 3D000: the template is gone (dropped as stale by a run of other code): make it again, once.
    if ((err as { code?: string }).code !== '3D000') throw err;
    postgresTemplates.delete(template);
    template = await postgresTemplate(appDir);
    await clone();
  }
  return {
    name,
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
