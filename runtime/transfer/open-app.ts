// The generated app an import or export works on: its configuration (`.env`, config/, DATABASE_URL,
// as a start resolves them), its database (migrated first, as a start would do) and its schema
// metadata (`src/schema-meta.ts`, or `dist/schema-meta.js` in a built app).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { connectDatabase, loadConfig, loadDotEnv, migrate, parseDatabaseUrl, type AppConfig, type Db, type SchemaMeta } from './runtime-deps';

const PROVIDER_DIR = { sqlite: 'sqlite', postgres: 'postgresql', mysql: 'mysql' } as const;

export class TransferError extends Error {
  constructor(
    message: string,
    /** Exit code of the CLI: 1 for a refusal or bad input. */
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

export interface OpenedApp {
  appDir: string;
  config: AppConfig;
  schema: SchemaMeta;
  db: Db;
  close(): Promise<void>;
}

/** The app's schema metadata, from its sources when TypeScript can be loaded, else from its build. */
export function loadSchemaMeta(appDir: string): SchemaMeta {
  const source = join(appDir, 'src', 'schema-meta.ts');
  const built = join(appDir, 'dist', 'schema-meta.js');
  let canLoadTs = Boolean((require.extensions as Record<string, unknown>)['.ts']) || Boolean(process.env.JEST_WORKER_ID);
  if (!canLoadTs && existsSync(source) && !existsSync(built)) {
    // An installed (compiled) cms-gen in an app that was never built: the app's own tsx loads its sources.
    try {
      createRequire(join(appDir, 'package.json'))('tsx/cjs');
      canLoadTs = true;
    } catch {
      // no tsx in the app: the message below says what to do
    }
  }
  const file = existsSync(source) && canLoadTs ? source : existsSync(built) ? built : undefined;
  if (!file) throw new TransferError(`${appDir} is not a generated app (no src/schema-meta.ts${canLoadTs ? '' : ' loadable and no dist/schema-meta.js: run npm run build'}); pass --app <dir>`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(file) as { schema?: SchemaMeta };
  if (!loaded.schema?.contentTypes) throw new TransferError(`${file} does not export the schema metadata`);
  return loaded.schema;
}

export async function openApp(app: string, options: { schema?: SchemaMeta; log?: (line: string) => void } = {}): Promise<OpenedApp> {
  const appDir = resolve(app);
  loadDotEnv(appDir);
  const config = loadConfig(appDir);
  const database = parseDatabaseUrl(config.database.url, appDir);
  const schemaPath = join(appDir, 'prisma', PROVIDER_DIR[database.dialect], 'schema.prisma');
  if (!existsSync(schemaPath)) throw new TransferError(`${appDir} is not a generated app (no ${join('prisma', PROVIDER_DIR[database.dialect], 'schema.prisma')}); pass --app <dir>`);
  const schema = options.schema ?? loadSchemaMeta(appDir);
  await migrate({ db: database, schema: readFileSync(schemaPath, 'utf8'), allowDataLoss: config.database.allowDataLoss, dataMigrationsDir: join(appDir, 'database', 'migrations'), log: options.log });
  const db = await connectDatabase(database);
  return { appDir, config, schema, db, close: () => db.close() };
}
