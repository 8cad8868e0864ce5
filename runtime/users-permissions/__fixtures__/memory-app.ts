// Test helper: the strapi-blog fixture's schema migrated into an in-memory SQLite database, with
// the bootstrap applied, for unit tests that need real tables (sessions, tokens, authenticate).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '../../../fixtures/strapi-blog/app/src/schema-meta';
import { createSqliteDb } from '@cms-gen/db-sqlite/sqlite';
import { migrate } from '@cms-gen/core/db/migrate';
import type { Db } from '@cms-gen/db/types';
import { Engine } from '@cms-gen/core/documents/operations';
import { applyBootstrap, type BootstrapFile } from '../bootstrap';

const APP_DIR = join(__dirname, '..', '..', '..', 'fixtures', 'strapi-blog', 'app');

export interface MemoryApp {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

export async function memoryApp(bootstrap?: BootstrapFile): Promise<MemoryApp> {
  const db = createSqliteDb(':memory:');
  await migrate({ db: { dialect: 'sqlite', url: ':memory:', filename: ':memory:' }, connection: db, schema: readFileSync(join(APP_DIR, 'prisma', 'sqlite', 'schema.prisma'), 'utf8') });
  const engine = new Engine({ db, schema, bcryptRounds: 4 });
  const file = bootstrap ?? (JSON.parse(readFileSync(join(APP_DIR, 'bootstrap.json'), 'utf8')) as BootstrapFile);
  await applyBootstrap(engine, file);
  return { db, engine, close: () => db.close() };
}
