// Data migrations when several app instances start at the same moment on one new database: each
// file runs once, and no start fails (the history table is created once, the files run under
// the "data-migrations" database lock).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from './connect';
import { appliedDataMigrations } from './data-migrations';
import { migrate } from './migrate';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../../../test/helpers/test-services';
import type { DatabaseConfig } from '@cms-gen/db/types';

const schemaFor = (provider: 'postgresql' | 'mysql') => `datasource db {
  provider = "${provider}"
}

model Visit {
  id   Int     @id @default(autoincrement())
  note String?${provider === 'mysql' ? ' @db.VarChar(255)' : ''}

  @@map("visits")
}
`;

describe.each([
  ['postgresql', createTempPostgresDatabase, 'postgres'],
  ['mysql', createTempMariadbDatabase, 'mysql'],
] as const)('data migrations of concurrent starts on %s', (provider, create, dialect) => {
  let temp: TempDatabase;
  let dir: string;
  beforeAll(async () => {
    temp = await create();
    dir = mkdtempSync(join(tmpdir(), 'cms-gen-data-mig-'));
    // Not idempotent on purpose: a second run would leave a second row.
    writeFileSync(join(dir, '001-visit.js'), "exports.up = async (db) => { await db.execute(\"INSERT INTO visits (note) VALUES ('once')\"); };\n");
    writeFileSync(join(dir, '002-slow.js'), "exports.up = async (db) => { await new Promise((r) => setTimeout(r, 300)); await db.execute(\"INSERT INTO visits (note) VALUES ('slow')\"); };\n");
  }, 60_000);
  afterAll(async () => {
    await temp?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs each file once when three instances start together', async () => {
    const config: DatabaseConfig = { dialect, url: temp.url };
    const reports = await Promise.all(Array.from({ length: 3 }, () => migrate({ db: config, schema: schemaFor(provider), dataMigrationsDir: dir })));
    expect(reports.flatMap((r) => r.dataMigrations).sort()).toEqual(['001-visit', '002-slow']);
    expect(reports.filter((r) => r.status === 'applied')).toHaveLength(1);
    const db = await connectDatabase(config);
    try {
      expect((await db.query('SELECT note FROM visits ORDER BY id')).map((r) => r.note)).toEqual(['once', 'slow']);
      expect((await appliedDataMigrations(db)).map((r) => r.name)).toEqual(['001-visit', '002-slow']);
      expect(Number((await db.query('SELECT COUNT(*) AS n FROM _cms_migrations'))[0].n)).toBe(1);
    } finally {
      await db.close();
    }
  }, 60_000);
});
