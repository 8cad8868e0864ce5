// Migrating a database written before the unique indexes existed: is_draft is added and filled
// from published_at in the same migration, and rows that already clash stop the migration with a
// message naming them (on SQLite and PostgreSQL nothing is changed; on MySQL the DDL stays and the
// next start tries the fill again).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from './connect';
import { constraintViolation } from './constraint-violation';
import { migrate } from './migrate';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../../../test/helpers/test-services';
import type { DatabaseConfig, Db } from '@cms-gen/db/types';
import { draftTables } from './version-state';

type Provider = 'sqlite' | 'postgresql' | 'mysql';

/** A page table in the generator's shape, before (plain indexes) and after (is_draft + unique indexes). */
function schemaFor(provider: Provider, unique: boolean): string {
  return `datasource db {
  provider = "${provider}"
}

model Page {
  id           Int      @id @default(autoincrement())
  document_id  String
  path         String?
  published_at String?
${unique ? '  is_draft     Boolean?\n' : ''}
${unique ? '  @@unique([document_id, is_draft])\n  @@unique([path, is_draft])' : '  @@index([document_id])\n  @@index([path])'}
  @@map("pages")
}
`;
}

const PROVIDERS: Record<Provider, () => Promise<{ config: DatabaseConfig; drop: () => Promise<void> }>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-version-state-'));
    const filename = join(dir, 'data.db');
    return { config: { dialect: 'sqlite', url: filename, filename }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  postgresql: async () => {
    const temp: TempDatabase = await createTempPostgresDatabase();
    return { config: { dialect: 'postgres', url: temp.url }, drop: temp.drop };
  },
  mysql: async () => {
    const temp: TempDatabase = await createTempMariadbDatabase();
    return { config: { dialect: 'mysql', url: temp.url }, drop: temp.drop };
  },
};

async function withDb<T>(config: DatabaseConfig, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await connectDatabase(config);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const insertPage = (db: Db, documentId: string, path: string, published: boolean) =>
  db.execute('INSERT INTO pages (document_id, path, published_at) VALUES (?, ?, ?)', [documentId, path, published ? '2026-01-01T00:00:00.000Z' : null]);

it('reads the tables with is_draft and their unique indexes from a schema', () => {
  expect(draftTables(schemaFor('sqlite', true))).toEqual([{ table: 'pages', uniques: [['document_id', 'is_draft'], ['path', 'is_draft']] }]);
  expect(draftTables(schemaFor('sqlite', false))).toEqual([]);
});

describe.each<Provider>(['sqlite', 'postgresql', 'mysql'])('adding the unique indexes on %s', (provider) => {
  let config: DatabaseConfig;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    ({ config, drop } = await PROVIDERS[provider]());
    await migrate({ db: config, schema: schemaFor(provider, false) });
  }, 60_000);

  afterEach(async () => {
    await drop();
  });

  it('fills is_draft from published_at; afterwards the database refuses a duplicate', async () => {
    await withDb(config, async (db) => {
      await insertPage(db, 'a', '/a', false);
      await insertPage(db, 'a', '/a', true);
      await insertPage(db, 'b', '/b', false);
    });
    const report = await migrate({ db: config, schema: schemaFor(provider, true) });
    expect(report.status).toBe('applied');
    await withDb(config, async (db) => {
      const rows = await db.query('SELECT document_id, is_draft FROM pages ORDER BY id');
      expect(rows.map((r) => [r.document_id, Boolean(r.is_draft)])).toEqual([
        ['a', true],
        ['a', false],
        ['b', true],
      ]);
      const duplicate = await db.execute('INSERT INTO pages (document_id, path, published_at, is_draft) VALUES (?, ?, ?, ?)', ['c', '/a', null, true]).catch((err: unknown) => err);
      expect(constraintViolation(duplicate)).toMatchObject({ kind: 'unique' });
    });
  }, 60_000);

  it('refuses, naming the rows, when two documents already share a unique value', async () => {
    await withDb(config, async (db) => {
      await insertPage(db, 'a', '/same', false);
      await insertPage(db, 'b', '/same', false);
    });
    const failure = await migrate({ db: config, schema: schemaFor(provider, true) }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('Cannot make (path, is_draft) unique in table "pages"');
    expect((failure as Error).message).toContain('path = "/same", draft: 2 rows');
    await withDb(config, async (db) => {
      // SQLite/PostgreSQL rolled the whole migration back; MySQL keeps its DDL but filled nothing.
      const filled = await db.query('SELECT COUNT(*) AS n FROM pages WHERE is_draft IS NOT NULL').then(
        (rows) => Number(rows[0].n),
        () => 'no column',
      );
      expect(filled).toBe(provider === 'mysql' ? 0 : 'no column');
      // The migration is not recorded: the next start tries again.
      const history = await db.query('SELECT COUNT(*) AS n FROM _cms_migrations');
      expect(Number(history[0].n)).toBe(1);
      await db.execute("UPDATE pages SET path = '/other' WHERE document_id = 'b'");
    });
    expect((await migrate({ db: config, schema: schemaFor(provider, true) })).status).toMatch(/applied|recorded/);
  }, 60_000);
});
