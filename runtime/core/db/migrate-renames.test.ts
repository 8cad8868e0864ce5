// Renamed attributes, plans and data migrations, on SQLite, PostgreSQL and MariaDB: a column
// renamed with the `/// renamed from` hint keeps its data and its unique index, `planMigration`
// changes nothing, and data migrations run once each, after the schema change, atomically.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from './connect';
import { appliedDataMigrations } from './data-migrations';
import { DataLossError } from './data-loss';
import { migrate, planMigration } from './migrate';
import { listMigrations } from './migration-history';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../../../test/helpers/test-services';
import type { DatabaseConfig, Db } from '@cms-gen/db/types';

type Provider = 'sqlite' | 'postgresql' | 'mysql';

interface Shape {
  /** Name of the text column; `renamedFrom` adds the hint line above it. */
  title: string;
  renamedFrom?: string;
  /** A column added by a later build. */
  extra?: boolean;
  /** Drops the unique index on the title (a later change that addresses it by name). */
  noUnique?: boolean;
}

const varchar = (provider: Provider): string => (provider === 'mysql' ? ' @db.VarChar(255)' : '');

/** The generator's shape: snake_case table, unique (title, is_draft) as for a unique attribute. */
function schemaFor(provider: Provider, shape: Shape): string {
  const hint = shape.renamedFrom ? `  /// renamed from ${shape.renamedFrom}\n` : '';
  return `datasource db {
  provider = "${provider}"
}

/// Article (api::article.article): one row per document version
model Article {
  id       Int      @id @default(autoincrement())
${hint}  ${shape.title} String?${varchar(provider)}
  views    Int?
${shape.extra ? `  subtitle String?${varchar(provider)}\n` : ''}  is_draft Boolean?

${shape.noUnique ? '' : `  @@unique([${shape.title}, is_draft])\n`}  @@index([views])
  @@map("articles")
}
`;
}

interface Target {
  provider: Provider;
  setup(): Promise<DatabaseConfig>;
}

let tempDir: string;
const temps: TempDatabase[] = [];

const targets: Target[] = [
  {
    provider: 'sqlite',
    setup: async () => {
      const filename = join(mkdtempSync(join(tempDir, 'sqlite-')), 'data.db');
      return { dialect: 'sqlite', url: filename, filename };
    },
  },
  {
    provider: 'postgresql',
    setup: async () => {
      const temp = await createTempPostgresDatabase();
      temps.push(temp);
      return { dialect: 'postgres', url: temp.url };
    },
  },
  {
    provider: 'mysql',
    setup: async () => {
      const temp = await createTempMariadbDatabase();
      temps.push(temp);
      return { dialect: 'mysql', url: temp.url };
    },
  },
];

beforeAll(() => {
  tempDir = mkdtempSync(join(tmpdir(), 'cms-gen-renames-'));
});

afterAll(async () => {
  for (const temp of temps) await temp.drop();
  rmSync(tempDir, { recursive: true, force: true });
});

const q = (db: Db, name: string): string => (db.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);

async function withDb<T>(config: DatabaseConfig, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await connectDatabase(config);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** SQLite only (a diagnostic for failures): the table's indexes as SQLite lists them. */
function indexesOf(db: Db): Promise<unknown> {
  return db.dialect === 'sqlite' ? db.query(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'articles'`) : Promise.resolve([]);
}

async function columns(db: Db): Promise<string[]> {
  const sql = {
    sqlite: `SELECT name FROM pragma_table_info('articles')`,
    postgres: `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'articles'`,
    mysql: `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'articles'`,
  }[db.dialect];
  return (await db.query(sql)).map((r) => String(r.name)).sort();
}

describe.each(targets)('migrations on $provider', ({ provider, setup }) => {
  let config: DatabaseConfig;

  beforeAll(async () => {
    config = await setup();
    await migrate({ db: config, schema: schemaFor(provider, { title: 'headline' }) });
    await withDb(config, async (db) => {
      for (const [headline, views, draft] of [['Hello', 1, true], ['Hello', 1, false], ['World', 2, true]] as const) {
        await db.execute(`INSERT INTO articles (${q(db, 'headline')}, ${q(db, 'views')}, ${q(db, 'is_draft')}) VALUES (?, ?, ?)`, [headline, views, draft]);
      }
    });
  }, 60_000);

  it('plans a rename without changing the database', async () => {
    const plan = await planMigration({ db: config, schema: schemaFor(provider, { title: 'title', renamedFrom: 'headline' }) });
    expect(plan.status).toBe('pending');
    expect(plan.renames).toEqual([{ table: 'articles', model: 'Article', from: 'headline', to: 'title' }]);
    expect(plan.statements[0]).toMatch(/ALTER TABLE [`"]articles[`"] RENAME COLUMN [`"]headline[`"] TO [`"]title[`"]/);
    expect(plan.dataLoss).toEqual([]);
    await withDb(config, async (db) => {
      expect(await columns(db)).toContain('headline');
      expect(await listMigrations(db)).toHaveLength(1);
    });
  });

  it('a plan without the hint shows the data loss the rename avoids', async () => {
    const plan = await planMigration({ db: config, schema: schemaFor(provider, { title: 'title' }) });
    expect(plan.renames).toEqual([]);
    expect(plan.dataLoss.map((l) => `${l.table}.${l.column}`)).toEqual(['articles.headline']);
    await expect(migrate({ db: config, schema: schemaFor(provider, { title: 'title' }) })).rejects.toBeInstanceOf(DataLossError);
  });

  it('renames the column, keeping its data and its unique index', async () => {
    const report = await migrate({ db: config, schema: schemaFor(provider, { title: 'title', renamedFrom: 'headline' }) });
    expect(report.status).toBe('applied');
    await withDb(config, async (db) => {
      expect(await columns(db)).toEqual(['id', 'is_draft', 'title', 'views']);
      const rows = await db.query(`SELECT ${q(db, 'title')} AS title FROM articles ORDER BY id`);
      expect(rows.map((r) => r.title)).toEqual(['Hello', 'Hello', 'World']);
      // The unique index still holds on the renamed column (the SQL is in the message if not).
      const duplicate = await db.execute(`INSERT INTO articles (${q(db, 'title')}, ${q(db, 'is_draft')}) VALUES (?, ?)`, ['World', true]).then(
        async () => `accepted; indexes: ${JSON.stringify(await indexesOf(db))}; migration: ${report.sql}`,
        () => 'refused',
      );
      expect(duplicate).toBe('refused');
    });
  });

  it('keeps the hint harmless on later builds, and later changes address the renamed index', async () => {
    // Hint kept, another column added: no second rename.
    const withExtra = await migrate({ db: config, schema: schemaFor(provider, { title: 'title', renamedFrom: 'headline', extra: true }) });
    expect(withExtra.status).toBe('applied');
    expect(withExtra.sql).not.toMatch(/RENAME COLUMN/);
    // Dropping the unique index finds it under the name the new column implies.
    const dropped = await migrate({ db: config, schema: schemaFor(provider, { title: 'title', extra: true, noUnique: true }) });
    expect(dropped.status).toBe('applied');
    await withDb(config, async (db) => {
      await db.execute(`INSERT INTO articles (${q(db, 'title')}, ${q(db, 'is_draft')}) VALUES (?, ?)`, ['World', true]);
      expect(Number((await db.query(`SELECT COUNT(*) AS n FROM articles WHERE ${q(db, 'title')} = ?`, ['World']))[0].n)).toBe(2);
    });
  });

  it('runs data migrations once each, in name order, after the schema change', async () => {
    const dir = mkdtempSync(join(tempDir, `data-${provider}-`));
    mkdirSync(dir, { recursive: true });
    // Both fill the column this very migration adds, so they must run after it.
    writeFileSync(
      join(dir, '002-second.js'),
      `exports.up = async (db) => {
  for (const row of await db.query('SELECT id, label FROM articles')) await db.execute('UPDATE articles SET label = ? WHERE id = ?', [row.label + '+2', row.id]);
};\n`,
    );
    writeFileSync(join(dir, '001-first.js'), "exports.up = async (db) => { await db.execute(\"UPDATE articles SET label = 'one'\"); };\n");
    const schema = schemaFor(provider, { title: 'title', extra: true, noUnique: true }).replace('  is_draft Boolean?', `  label    String?${varchar(provider)}\n  is_draft Boolean?`);
    const plan = await planMigration({ db: config, schema, dataMigrationsDir: dir });
    expect(plan.dataMigrations).toEqual(['001-first', '002-second']);
    const report = await migrate({ db: config, schema, dataMigrationsDir: dir });
    expect(report.dataMigrations).toEqual(['001-first', '002-second']);
    const again = await migrate({ db: config, schema, dataMigrationsDir: dir });
    expect(again.dataMigrations).toEqual([]);
    await withDb(config, async (db) => {
      const labels = await db.query(`SELECT DISTINCT ${q(db, 'label')} AS label FROM articles`);
      expect(labels.map((r) => r.label)).toEqual(['one+2']);
      expect((await appliedDataMigrations(db)).map((r) => r.name)).toEqual(['001-first', '002-second']);
    });
    expect((await planMigration({ db: config, schema, dataMigrationsDir: dir })).status).toBe('up-to-date');
  });

  it('rolls a failing data migration back and names it; the next run retries it', async () => {
    const dir = mkdtempSync(join(tempDir, `fail-${provider}-`));
    writeFileSync(join(dir, '001-bump.js'), `exports.up = async (db) => { await db.execute('UPDATE articles SET views = 100'); throw new Error('boom'); };\n`);
    const schema = schemaFor(provider, { title: 'title', extra: true, noUnique: true }).replace('  is_draft Boolean?', `  label    String?${varchar(provider)}\n  is_draft Boolean?`);
    await expect(migrate({ db: config, schema, dataMigrationsDir: dir })).rejects.toThrow(/Data migration 001-bump failed, its changes were rolled back: boom/);
    await withDb(config, async (db) => {
      const views = await db.query(`SELECT ${q(db, 'views')} AS views FROM articles WHERE ${q(db, 'views')} = 100`);
      expect(views).toEqual([]);
      expect((await appliedDataMigrations(db)).map((r) => r.name)).not.toContain('001-bump');
    });
    // The fixed file (in a folder of its own: this process has the broken one loaded already).
    const fixed = mkdtempSync(join(tempDir, `fixed-${provider}-`));
    writeFileSync(join(fixed, '001-bump.js'), "exports.up = async (db) => { await db.execute('UPDATE articles SET views = 100'); };\n");
    expect((await migrate({ db: config, schema, dataMigrationsDir: fixed })).dataMigrations).toEqual(['001-bump']);
  });
});
