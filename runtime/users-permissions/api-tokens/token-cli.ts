// `cms-gen token create|list|revoke`: API tokens managed from the command line, on the database
// of a generated app (`--app <dir>`, default the working directory; DATABASE_URL and the app's
// config/ apply as when the app starts). The schema is migrated first, as a start would do, so
// a token can be made before the app ever ran.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig, type AppConfig } from '@cms-gen/server/config/load-config';
import { connectDatabase, parseDatabaseUrl } from '@cms-gen/core/db/connect';
import { migrate } from '@cms-gen/core/db/migrate';
import type { Db } from '@cms-gen/db/types';
import { API_TOKEN_TYPES, ApiTokenError, createApiToken, listApiTokens, revokeApiToken, type ApiTokenType } from './api-tokens';
import { parseDuration } from './duration';
import { apiTokenSalt } from './salt';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const PROVIDER_DIR = { sqlite: 'sqlite', postgres: 'postgresql', mysql: 'mysql' } as const;

export class CliError extends Error {}

/** Runs `fn` on the migrated database of the app in `app` (also used by `cms-gen admin`). */
export async function withAppDatabase<T>(app: string, fn: (db: Db, config: AppConfig) => Promise<T>): Promise<T> {
  const appDir = resolve(app);
  const config = loadConfig(appDir);
  const database = parseDatabaseUrl(config.database.url, appDir);
  const schemaPath = join(appDir, 'prisma', PROVIDER_DIR[database.dialect], 'schema.prisma');
  if (!existsSync(schemaPath)) throw new CliError(`${appDir} is not a generated app (no ${join('prisma', PROVIDER_DIR[database.dialect], 'schema.prisma')}); pass --app <dir>`);
  await migrate({ db: database, schema: readFileSync(schemaPath, 'utf8'), allowDataLoss: config.database.allowDataLoss, dataMigrationsDir: join(appDir, 'database', 'migrations') });
  const db = await connectDatabase(database);
  try {
    return await fn(db, config);
  } finally {
    await db.close();
  }
}

async function run(io: CliIo, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (err) {
    if (err instanceof ApiTokenError || err instanceof CliError) {
      io.err(`cms-gen token: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

export interface CreateOptions {
  app: string;
  name: string;
  type: string;
  permission?: string[];
  expires?: string;
  description?: string;
  json?: boolean;
}

export function tokenCreate(options: CreateOptions, io: CliIo): Promise<number> {
  return run(io, async () => {
    if (!(API_TOKEN_TYPES as readonly string[]).includes(options.type)) throw new CliError(`--type must be one of ${API_TOKEN_TYPES.join(', ')}`);
    const lifespanMs = options.expires === undefined ? undefined : parseDuration(options.expires);
    if (lifespanMs === null) throw new CliError(`--expires must be a duration such as 7d, 30d, 90d, 12h or "never" (got ${JSON.stringify(options.expires)})`);
    await withAppDatabase(options.app, async (db, config) => {
      const salt = apiTokenSalt(config);
      if (!salt) throw new CliError('API_TOKEN_SALT must be set in production (the app refuses API tokens without it)');
      const { token, accessKey } = await createApiToken(db, salt, {
        name: options.name,
        description: options.description,
        type: options.type as ApiTokenType,
        permissions: options.permission,
        lifespanMs,
      });
      if (options.json) {
        io.out(JSON.stringify({ ...token, accessKey }));
        return;
      }
      io.out(accessKey);
      io.err(`created ${token.type} token "${token.name}" (id ${token.id}${token.expiresAt ? `, expires ${token.expiresAt}` : ', never expires'}). It is shown this once: only its hash is stored.`);
    });
  });
}

export function tokenList(options: { app: string; json?: boolean }, io: CliIo): Promise<number> {
  return run(io, async () => {
    await withAppDatabase(options.app, async (db) => {
      const tokens = await listApiTokens(db);
      if (options.json) {
        io.out(JSON.stringify(tokens));
        return;
      }
      if (tokens.length === 0) {
        io.err('no API tokens');
        return;
      }
      for (const t of tokens) {
        const scope = t.type === 'custom' ? ` [${t.permissions.join(', ')}]` : '';
        io.out(`${t.id}\t${t.name}\t${t.type}${scope}\texpires ${t.expiresAt ?? 'never'}\tlast used ${t.lastUsedAt ?? 'never'}`);
      }
    });
  });
}

export function tokenRevoke(options: { app: string; token: string }, io: CliIo): Promise<number> {
  return run(io, async () => {
    await withAppDatabase(options.app, async (db) => {
      if (!(await revokeApiToken(db, options.token))) throw new CliError(`no API token with id or name ${JSON.stringify(options.token)}`);
      io.err(`revoked API token ${options.token}`);
    });
  });
}
