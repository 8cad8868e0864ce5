// The fixture app's SQLite database as its first start leaves it (schema migrated, bootstrap.json
// applied), for tests of the app process whose subject is not that first start (app-lifecycle's
// binding and stopping). A start on a copy finds its schema applied, as a restart does, and runs no
// migration child (the schema engine's WebAssembly: about half a CPU-second per start). A first
// start on a new database is what the packaged-app, newcomer, multi-instance and cron suites run.
//
// Made once per compiled copy (compiled-app.ts: keyed by the runtime's and the app's sources) and
// schema, by starting the compiled app on a new file and stopping it with SIGTERM, and kept in that
// copy's folder, so it goes when the copy does.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startAppProcess } from './app-process';
import { compiledCopy } from './compiled-app';

const SCHEMA = resolve(__dirname, '..', '..', 'fixtures', 'strapi-blog', 'app', 'prisma', 'sqlite', 'schema.prisma');

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const dir = join(compiledCopy(), 'migrated-sqlite');
  const file = join(dir, `${createHash('sha256').update(readFileSync(SCHEMA)).digest('hex').slice(0, 16)}.db`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const stage = mkdtempSync(join(dir, 'stage-'));
  try {
    const database = join(stage, 'data.db');
    const app = startAppProcess({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', JWT_SECRET: 'migrated-sqlite-template-0123456789abcdef', DATABASE_URL: `file:${database}` });
    try {
      await app.listening();
      app.signal('SIGTERM');
      const exit = await app.exit;
      if (exit.code !== 0) throw new Error(`the app stopped with ${exit.code ?? exit.signal}:\n${app.stderr()}`);
    } finally {
      app.dispose();
    }
    // A clean stop checkpoints the write-ahead log into the file and removes it.
    const left = readdirSync(stage).filter((name) => name !== 'data.db');
    if (left.length > 0) throw new Error(`the stopped app left ${left.join(', ')} beside its database`);
    // Workers making it at once each rename a whole file into place; the last one stays.
    renameSync(database, file);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  return file;
}

/** Writes the migrated database to `path` (a new file): the app started on `file:<path>` migrates nothing. */
export async function copyMigratedSqlite(path: string): Promise<string> {
  template ??= makeTemplate();
  copyFileSync(await template, path);
  return path;
}
