// Starts the generated strapi-blog fixture app with a config/plugins.json of the test's choosing:
// a temporary app directory holds the config and links the fixture's prisma/ folder, so the
// app boots exactly as a deployed one would read its configuration. Several apps may share one
// database (instances behind a load balancer).
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type RunningApp } from '@cms-gen/runtime';
import { app as fixtureApp, appDir as fixtureAppDir } from '../../fixtures/strapi-blog/app/src/main';
import { freshDatabase, type TestDatabase } from './fixture-app';

export type TestDb = Awaited<ReturnType<typeof freshDatabase>>;

/** A fresh database of the given kind holding the fixture app's schema (on SQLite and PostgreSQL; migrated-database.ts): the configured apps share its prisma/ folder. */
export const createTestDatabase = (database: TestDatabase): Promise<TestDb> => freshDatabase(database, fixtureApp);

export interface ConfiguredApp extends RunningApp {
  appDir: string;
  logs: string[];
  stop(): Promise<void>;
}

/** `plugins` is written as config/plugins.json, `others` as config/<name>.json (e.g. `{ api: {...} }`), `dotEnv` as .env. */
export async function startConfiguredApp(databaseUrl: string, plugins: Record<string, unknown>, others: Record<string, unknown> = {}, dotEnv?: string): Promise<ConfiguredApp> {
  const appDir = mkdtempSync(join(tmpdir(), 'cms-gen-up-app-'));
  symlinkSync(join(fixtureAppDir, 'prisma'), join(appDir, 'prisma'), 'dir');
  mkdirSync(join(appDir, 'config'));
  writeFileSync(join(appDir, 'config', 'plugins.json'), JSON.stringify(plugins, null, 2));
  for (const [name, content] of Object.entries(others)) writeFileSync(join(appDir, 'config', `${name}.json`), JSON.stringify(content, null, 2));
  if (dotEnv !== undefined) writeFileSync(join(appDir, '.env'), dotEnv);
  process.env.DATABASE_URL = databaseUrl;
  const logs: string[] = [];
  const running = await startApp({ ...fixtureApp, appDir }, { port: 0, host: '127.0.0.1', log: (line) => logs.push(line) });
  return {
    ...running,
    appDir,
    logs,
    stop: async () => {
      await running.close();
      rmSync(appDir, { recursive: true, force: true });
    },
  };
}
