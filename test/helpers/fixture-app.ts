// Starts the generated strapi-blog fixture app in-process on an ephemeral port, on a fresh
// SQLite file or a fresh PostgreSQL database, for end-to-end tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type RunningApp } from '../../runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';
import { createTempPostgresDatabase, ensurePostgres } from '../../runtime/db/test-services';

export type TestDatabase = 'sqlite' | 'postgres';

export interface FixtureApp extends RunningApp {
  stop(): Promise<void>;
}

export async function startFixtureApp(database: TestDatabase): Promise<FixtureApp> {
  let cleanup: () => Promise<void> = async () => undefined;
  if (database === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cms-gen-e2e-'));
    process.env.DATABASE_URL = `file:${join(dir, 'data.db')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    await ensurePostgres();
    const temp = await createTempPostgresDatabase();
    process.env.DATABASE_URL = temp.url;
    cleanup = temp.drop;
  }
  const running = await startApp(app, { port: 0, host: '127.0.0.1', log: () => undefined });
  return {
    ...running,
    stop: async () => {
      await running.close();
      await cleanup();
    },
  };
}
