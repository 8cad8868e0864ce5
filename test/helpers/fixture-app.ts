// Starts the generated strapi-blog fixture app in-process on an ephemeral port, on a fresh
// SQLite file or a fresh PostgreSQL or MariaDB database, for end-to-end tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type AppDefinition, type RunningApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';
import { migratedDatabase } from './migrated-database';
import { createTempMariadbDatabase, createTempPostgresDatabase, ensurePostgres } from './test-services';

export type TestDatabase = 'sqlite' | 'postgres' | 'mariadb';

export interface FixtureApp extends RunningApp {
  stop(): Promise<void>;
}

export interface FixtureOptions {
  /** Replaces parts of the generated app definition (e.g. its plugins). */
  definition?: Partial<AppDefinition>;
}

/**
 * A fresh database of the given kind: its URL, and how to drop it afterwards. Empty, or with
 * `migratedFor`, holding that app's migrated schema on SQLite and PostgreSQL (migrated-database.ts),
 * so that the app's start migrates nothing.
 */
export async function freshDatabase(database: TestDatabase, migratedFor?: AppDefinition): Promise<{ url: string; drop: () => Promise<void> }> {
  if (migratedFor && database !== 'mariadb') return migratedDatabase(database, migratedFor.appDir);
  if (database === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cms-gen-e2e-'));
    return { url: `file:${join(dir, 'data.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (database === 'postgres') {
    await ensurePostgres();
    return createTempPostgresDatabase();
  }
  return createTempMariadbDatabase();
}

export async function startFixtureApp(database: TestDatabase, options: FixtureOptions = {}): Promise<FixtureApp> {
  const definition = { ...app, ...options.definition };
  const temp = await freshDatabase(database, definition);
  process.env.DATABASE_URL = temp.url;
  const running = await startApp(definition, { port: 0, host: '127.0.0.1', log: () => undefined });
  return {
    ...running,
    stop: async () => {
      await running.close();
      await temp.drop();
    },
  };
}
