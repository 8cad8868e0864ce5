// The strapi-blog fixture app in a folder of its own (prisma/, config/ and src/schema-meta.ts copied, so its uploads go
// to <dir>/public/uploads), on a fresh SQLite file or a fresh PostgreSQL or MariaDB database named
// transfer_*, for the import and export tests; started in-process on demand.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createConnection } from 'mariadb';
import { startApp, type RunningApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';
import { ensureMariadb, ensurePostgres, MARIADB_ADMIN, POSTGRES_ADMIN_URL } from './test-services';
import type { TestDatabase } from './fixture-app';

export const FIXTURE_APP = join(__dirname, '..', '..', 'fixtures', 'strapi-blog', 'app');

export interface TransferApp {
  dir: string;
  databaseUrl: string;
  /** Starts the app on an ephemeral port (DATABASE_URL set to this app's database). */
  start(): Promise<RunningApp>;
  remove(): Promise<void>;
}

async function createDatabase(database: TestDatabase, dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `transfer_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (database === 'sqlite') return { url: `file:${join(dir, 'data.db')}`, drop: async () => undefined };
  if (database === 'postgres') {
    await ensurePostgres();
    const admin = async (sql: string) => {
      const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE "${name}"`);
    return { url: `postgresql://postgres@127.0.0.1:5432/${name}`, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  await ensureMariadb();
  const admin = async (sql: string) => {
    const conn = await createConnection(MARIADB_ADMIN);
    try {
      await conn.query(sql);
    } finally {
      await conn.end();
    }
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return { url: `mariadb://root@127.0.0.1:3306/${name}`, drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``) };
}

export async function createTransferApp(database: TestDatabase): Promise<TransferApp> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-transfer-'));
  for (const part of ['prisma', 'config', join('src', 'schema-meta.ts')]) cpSync(join(FIXTURE_APP, part), join(dir, part), { recursive: true });
  const db = await createDatabase(database, dir);
  return {
    dir,
    databaseUrl: db.url,
    start: async () => {
      process.env.DATABASE_URL = db.url;
      return startApp({ ...app, appDir: dir, bootstrapFile: join(FIXTURE_APP, 'bootstrap.json') }, { port: 0, host: '127.0.0.1', log: () => undefined });
    },
    remove: async () => {
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
