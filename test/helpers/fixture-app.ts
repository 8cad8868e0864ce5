// Starts the generated strapi-blog fixture app in-process on an ephemeral port, on a fresh
// SQLite file or a fresh PostgreSQL or MariaDB database, for end-to-end tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type AppDefinition, type RunningApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';
import { createTempMariadbDatabase, createTempPostgresDatabase, ensurePostgres } from './test-services';

export type TestDatabase = 'sqlite' | 'postgres' | 'mariadb';

export interface FixtureApp extends RunningApp {
  stop(): Promise<void>;
}

export interface FixtureOptions {
  /** Replaces parts of the generated app definition (e.g. its plugins). */
  definition?: Partial<AppDefinition>;
}

/** A fresh, empty database of the given kind: its URL, and how to drop it afterwards. */
export async function freshDatabase(database: TestDatabase): Promise<{ url: string; drop: () => Promise<void> }> {
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
  const temp = await freshDatabase(database);
  process.env.DATABASE_URL = temp.url;
  const running = await startApp({ ...app, ...options.definition }, { port: 0, host: '127.0.0.1', log: () => undefined });
  return {
    ...running,
    stop: async () => {
      await running.close();
      await temp.drop();
    },
  };
}
