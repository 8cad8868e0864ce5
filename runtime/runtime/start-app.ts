// Boots a generated app: configuration, database (schema migrated), bootstrap, HTTP server.
// The generated `src/main.ts` passes its schema metadata and paths; everything else is here.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import type { DestinationStream } from 'pino';
import { loadConfig, type AppConfig } from '@cms-gen/server/config/load-config';
import { loadDotEnv } from '@cms-gen/server/config/dot-env';
import { connectDatabase, parseDatabaseUrl } from '@cms-gen/core/db/connect';
import { migrate, type MigrateOptions } from '@cms-gen/core/db/migrate';
import { lastAppliedSchema } from '@cms-gen/core/db/migration-history';
import { compiledMigrateModule, migrateInChildProcess } from '@cms-gen/server/app/migrate-process';
import type { Db } from '@cms-gen/db/types';
import type { SchemaMeta } from '@cms-gen/core/model/types';
import type { QuerySpecs } from '@cms-gen/core/query/spec';
import { Engine } from '@cms-gen/core/documents/operations';
import { applyBootstrap, type BootstrapFile } from '@cms-gen/users-permissions/bootstrap';
import { PermissionStore } from '@cms-gen/server/auth/permission-store';
import { warnAboutPublicGrants } from '@cms-gen/server/auth/public-grants-warning';
import { createAuthenticator } from '@cms-gen/users-permissions/authenticate';
import { createHttpApp, type HttpAppOptions } from '@cms-gen/server/http/create-app';
import { answerClientErrors } from '@cms-gen/server/http/client-errors';
import { createAppServer } from '@cms-gen/server/http/app-server';
import { drainServer } from '@cms-gen/server/http/graceful-close';
import { BUILTIN_PLUGINS } from './builtin-plugins';
import type { PluginContext, RuntimePlugin } from '@cms-gen/server/app/plugin';
import { AppCustomization } from '@cms-gen/server/customize/app-customization';
import type { MiddlewaresConfig } from '@cms-gen/server/customize/middlewares-config';
import type { ContentApi } from '@cms-gen/server/customize/content-api';
import { coreContentApis } from '@cms-gen/server/customize/core-api';
import { openapiRoutes } from '@cms-gen/server/openapi/index';
import { createPinoLogger, lineLogger, pinoAppLogger, type AppLogger } from '@cms-gen/server/app/logger';
import { releaseYoungGeneration } from '@cms-gen/server/app/young-generation';
import { createAppCron } from '@cms-gen/cron/app-cron';

export interface AppDefinition {
  /** Directory of the generated app (holds prisma/, config/, bootstrap.json). */
  appDir: string;
  schema: SchemaMeta;
  /** The compiled query specs; compiled from `schema` at start when absent (as generated apps do). */
  queries?: QuerySpecs;
  /** The REST layer of each content type (core routes, controller, service, query compiler: the generated src/api/<api>/*.ts); the core one of every api:: type when absent. */
  contentApis?: ContentApi[];
  /** The folder of src/main (src/ or dist/): the user files (src/index, src/api/<api>/…) are found there. */
  srcDir?: string;
  /** Path of the bootstrap file applied on start, if any. */
  bootstrapFile?: string;
  /** Extra plugins of this app (after the built-in ones). */
  plugins?: RuntimePlugin[];
}

export interface RunningApp {
  server: Server;
  url: string;
  db: Db;
  engine: Engine;
  config: AppConfig;
  /** The app's logger (config/logger), or the `log` override's lines. */
  logger: AppLogger;
  /**
   * Stops accepting connections and requests, lets requests in flight finish (for at most
   * `drainMs`, default 10 s; then their connections are cut), then runs src/index's `destroy` and
   * closes the plugins and the database (http/graceful-close.ts says what clients see).
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

const DEFAULT_DRAIN_MS = 10_000;

const PROVIDER_DIR = { sqlite: 'sqlite', postgres: 'postgresql', mysql: 'mysql' } as const;

function jwtSecretFor(config: AppConfig, log: (line: string) => void): string {
  const configured = config.plugins['users-permissions'].jwtSecret;
  if (configured) return configured;
  if (config.environment === 'production') throw new Error('JWT_SECRET must be set in production (env JWT_SECRET or plugins.users-permissions.jwtSecret)');
  log('JWT_SECRET is not set: using a random secret for this process (tokens will not survive a restart)');
  return randomBytes(32).toString('hex');
}

export interface StartOverrides {
  port?: number;
  host?: string;
  /** Receives every message as one line instead of the pino logger (tests capture them so). */
  log?: (line: string) => void;
  /** Where the pino logger writes instead of stderr (ignored with `log`). */
  logDestination?: DestinationStream;
}

export async function startApp(definition: AppDefinition, overrides: StartOverrides = {}): Promise<RunningApp> {
  const fromDotEnv = loadDotEnv(definition.appDir);
  const ignoredKeys: string[] = [];
  const config = loadConfig(definition.appDir, process.env, ignoredKeys);
  // The level and format are configuration, so the logger exists once the configuration does.
  const logger = overrides.log ? lineLogger(overrides.log) : pinoAppLogger(createPinoLogger({ config: config.logger, environment: config.environment, destination: overrides.logDestination }));
  const log = logger.line;
  if (fromDotEnv.length) log(`.env: ${fromDotEnv.length} variable(s) set from ${join(definition.appDir, '.env')}`);
  for (const key of ignoredKeys) log(`warning: ${key} is not a setting cms-gen reads; it is ignored`);
  // User files are checked before the database opens: a broken one fails start-up at once.
  const apis = definition.contentApis ?? coreContentApis(definition.schema);
  const customization = AppCustomization.load({ srcDir: definition.srcDir, appDir: definition.appDir, apis, contentTypeUids: new Set(Object.keys(definition.schema.contentTypes)) });
  for (const warning of customization.middlewaresConfig?.warnings ?? []) log(`warning: ${warning}`);
  const databaseConfig = parseDatabaseUrl(config.database.url, definition.appDir);
  const schemaPath = join(definition.appDir, 'prisma', PROVIDER_DIR[databaseConfig.dialect], 'schema.prisma');
  await migrateForStart({
    db: databaseConfig,
    schema: readFileSync(schemaPath, 'utf8'),
    allowDataLoss: config.database.allowDataLoss,
    // Applied SQL is always kept in the database's history; files only when asked for.
    migrationsDir: process.env.CMS_MIGRATIONS_DIR || undefined,
    // The user's data migrations (runtime/db/data-migrations.ts), run after the schema change.
    dataMigrationsDir: join(definition.appDir, 'database', 'migrations'),
    log,
  });
  const db = await connectDatabase(databaseConfig);
  // Each api:: type's queries are parsed by its own filter/populate compiler (src/api/<api>/query.ts).
  const compilers = apis.flatMap((api) => (api.query ? [api.query] : []));
  const engine = new Engine({ db, schema: definition.schema, queries: definition.queries, compilers, rest: config.api.rest });
  const bootstrap: BootstrapFile =
    definition.bootstrapFile && existsSync(definition.bootstrapFile) ? (JSON.parse(readFileSync(definition.bootstrapFile, 'utf8')) as BootstrapFile) : {};
  const report = await applyBootstrap(engine, bootstrap);
  if (report.rolesCreated + report.permissionsCreated + report.localesCreated > 0) {
    log(`bootstrap: ${report.rolesCreated} roles, ${report.permissionsCreated} permissions, ${report.localesCreated} locales created`);
  }
  const permissions = new PermissionStore(db, definition.schema, customization.customActions);
  await warnAboutPublicGrants(permissions, log);
  const jwtSecret = jwtSecretFor(config, log);
  const authenticate = createAuthenticator({ db, schema: definition.schema, permissions, jwtSecret, config });
  const plugins = [...BUILTIN_PLUGINS, ...(definition.plugins ?? [])];
  const pluginContext: PluginContext = { appDir: definition.appDir, config, db, schema: definition.schema, engine, permissions, authenticate, jwtSecret, log };
  // src/index's register() runs before the plugins boot, bootstrap() once routes exist (as in Strapi).
  let content: ReturnType<AppCustomization['routes']>;
  const cron = createAppCron({ db, config: config.server.cron, log: logger, app: () => ({ strapi: pluginContext.strapi }) });
  try {
    // Plugins hand user code (GraphQL's extension service) the same `strapi` as REST's.
    pluginContext.strapi = await customization.start({ engine, config, log, cron: cron.api });
    for (const plugin of plugins) await plugin.bootstrap?.(pluginContext);
    content = customization.routes(definition.schema, log);
  } catch (err) {
    for (const plugin of plugins) await plugin.close?.(pluginContext);
    await db.close();
    throw err;
  }
  const openapi = openapiRoutes({ appDir: definition.appDir, config, routes: { custom: customization.customRoutes, core: customization.coreRouterOptions }, log });
  const routes: HttpAppOptions['routes'] = [...openapi.api, ...plugins.flatMap((p) => p.apiRoutes?.(pluginContext) ?? []), content.router];
  const rootRoutes: Router[] = [...openapi.root, ...plugins.flatMap((p) => p.rootRoutes?.(pluginContext) ?? [])];
  let stopping = false;
  const readiness = { checkDatabase: async () => void (await db.query('SELECT 1')), stopping: () => stopping };
  const app = createHttpApp({
    prefix: config.api.rest.prefix,
    proxy: config.server.proxy,
    readiness,
    routes,
    rootRoutes,
    middlewares: content.middlewares,
    ...httpOptions(customization.middlewaresConfig, logger),
    authenticate: (req) => authenticate(req.headers.authorization),
  });
  const host = overrides.host ?? config.server.host;
  const port = overrides.port ?? config.server.port;
  let server: Server;
  try {
    // As in Strapi: the configured tasks join those added in register(), and the timers run from
    // before bootstrap() (whose strapi.cron.add calls schedule at once).
    cron.start();
    await customization.bootstrap();
    const http = createAppServer(app);
    answerClientErrors(http);
    server = await listen(http, port, host);
    releaseYoungGeneration();
  } catch (err) {
    await cron.close(0);
    await customization.destroy();
    for (const plugin of plugins) await plugin.close?.(pluginContext);
    await db.close();
    throw err;
  }
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    server,
    url,
    db,
    engine,
    config,
    logger,
    close: async (options = {}) => {
      stopping = true;
      const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
      // No cron run starts once stopping; runs in progress get the same time as requests in flight.
      const [{ cut }] = await Promise.all([drainServer(server, drainMs), cron.close(drainMs)]);
      if (cut > 0) logger.warn(`${cut} connection(s) still busy after SHUTDOWN_TIMEOUT_MS (${drainMs} ms) were cut`);
      await customization.destroy();
      for (const plugin of plugins) await plugin.close?.(pluginContext);
      await db.close();
    },
  };
}

/**
 * The start-up migration; in a child process when it needs Prisma's schema engine, whose memory a
 * process never gets back otherwise (migrate-process.ts explains when and why).
 */
async function migrateForStart(options: MigrateOptions): Promise<void> {
  const compiled = compiledMigrateModule();
  const inMemory = options.db.url === ':memory:' || options.db.filename === ':memory:';
  if (compiled && options.db.dialect !== 'mysql' && !inMemory && (await schemaChanged(options))) {
    const { log, ...childOptions } = options;
    await migrateInChildProcess(compiled, childOptions, log);
    return;
  }
  await migrate(options);
}

/** Whether the schema text differs from the last one applied (so migrate would load the engine). */
async function schemaChanged(options: MigrateOptions): Promise<boolean> {
  const db = await connectDatabase(options.db);
  try {
    return (await lastAppliedSchema(db))?.schemaText !== options.schema;
  } finally {
    await db.close();
  }
}

/** The HTTP layer's options from config/middlewares' built-ins (Strapi's defaults when the file is absent), logging through `logger`. */
function httpOptions(middlewares: MiddlewaresConfig | undefined, logger: AppLogger): Pick<HttpAppOptions, 'cors' | 'jsonLimit' | 'security' | 'requestLog' | 'logger'> {
  const requestLines = (middlewares?.requestLog ?? true) && logger.enabled('http');
  return {
    cors: middlewares?.cors,
    jsonLimit: middlewares?.body?.jsonLimit,
    security: { ...middlewares?.security, poweredBy: middlewares?.poweredBy },
    requestLog: requestLines ? (line) => logger.http(`${line.method} ${line.path} ${line.status} (${line.durationMs} ms)`, { ...line }) : undefined,
    logger: { error: (err, request) => logger.error(request ? `${request.method} ${request.path} failed` : 'request failed', { err, ...request }) },
  };
}

/**
 * Binds the server, failing on a bind error. Express 5's `app.listen` hands that error to its
 * callback, which would read as "listening" and leave a process that serves nothing.
 */
function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const fail = (err: NodeJS.ErrnoException) => {
      const what = err.code === 'EADDRINUSE' ? `port ${port} on ${host} is already in use` : err.code === 'EACCES' ? `no permission to listen on port ${port}` : err.message;
      reject(new Error(`cannot start the HTTP server: ${what} (set PORT or server.port to another port)`));
    };
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve(server);
    });
  });
}
