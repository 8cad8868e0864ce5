// migrate() on MariaDB: the MySQL migrator (mysql-migrate.ts) against a throwaway database.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from './connect';
import { DataLossError } from './data-loss';
import { migrate } from './migrate';
import { listMigrations } from './migration-history';
import { createTempMariadbDatabase, type TempDatabase } from '../../../test/helpers/test-services';
import type { DatabaseConfig, Db } from '@cms-gen/db/types';

interface Shape {
  subtitle?: boolean;
  slug?: 'short' | 'long' | false;
  ratingType?: 'Float' | 'Int';
  viewsType?: 'Int' | 'BigInt';
  requiredTitle?: boolean;
  tags?: boolean;
  notes?: 'plain' | 'related' | false;
}

/** A schema in the generator's shape: snake_case tables, a link table cascading from its owner. */
function schemaFor(shape: Shape = {}): string {
  const o: Required<Shape> = { subtitle: true, slug: false, ratingType: 'Float', viewsType: 'Int', requiredTitle: false, tags: true, notes: false, ...shape };
  const slug = o.slug === 'short' ? '  slug     String?  @db.VarChar(255)\n' : o.slug === 'long' ? '  slug     String?  @db.LongText\n' : '';
  const slugIndex = o.slug === 'short' ? '  @@index([slug])\n' : o.slug === 'long' ? '  @@index([slug(length: 191)])\n' : '';
  const notes =
    o.notes === false
      ? ''
      : `
model Note {
  id        Int      @id @default(autoincrement())
  source_id Int
${o.notes === 'related' ? '  source    Article  @relation(fields: [source_id], references: [id], onDelete: Cascade)\n' : ''}
  @@index([source_id])
  @@map("notes")
}
`;
  return `datasource db {
  provider = "mysql"
}

/// Articles (Café): one row per version
model Article {
  id       Int           @id @default(autoincrement())
  title    String${o.requiredTitle ? ' ' : '?'}      @db.VarChar(255)
${o.subtitle ? '  subtitle String?      @db.VarChar(255)\n' : ''}${slug}  rating   ${o.ratingType}?
  views    ${o.viewsType}?
  meta     Json?
  links    ArticleLink[]
${o.notes === 'related' ? '  notes    Note[]\n' : ''}
${slugIndex}  @@map("articles")
}

model ArticleLink {
  id        Int     @id @default(autoincrement())
  source_id Int
  target    String  @db.VarChar(255)
  source    Article @relation(fields: [source_id], references: [id], onDelete: Cascade)

  @@index([source_id])
  @@map("articles_tags_lnk")
}
${
  o.tags
    ? `
model Tag {
  id   Int     @id @default(autoincrement())
  name String? @db.VarChar(255)

  @@map("tags")
}
`
    : ''
}${notes}`;
}

let temp: TempDatabase;
let config: DatabaseConfig;
let dir: string;
const lines: string[] = [];

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await connectDatabase(config);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const columns = (table: string) =>
  withDb(async (db) =>
    (await db.query('SELECT COLUMN_NAME AS c, COLUMN_TYPE AS t FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION', [table])).map(
      (r) => `${String(r.c)} ${String(r.t)}`,
    ),
  );
const tables = () =>
  withDb(async (db) => (await db.query('SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()')).map((r) => String(r.t)).sort());
const foreignKeys = () =>
  withDb(async (db) => (await db.query('SELECT CONSTRAINT_NAME AS n FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()')).map((r) => String(r.n)).sort());
const historyCount = () => withDb(async (db) => (await listMigrations(db)).length);
const run = (schema: string, extra: { allowDataLoss?: boolean } = {}) => migrate({ db: config, schema, migrationsDir: dir, log: (l) => lines.push(l), ...extra });

beforeAll(async () => {
  temp = await createTempMariadbDatabase();
  config = { dialect: 'mysql', url: temp.url };
  dir = mkdtempSync(join(tmpdir(), 'cms-mysql-migrate-'));
});

afterAll(async () => {
  await temp?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('migrate on MariaDB', () => {
  it('creates every table, index and foreign key on an empty database', async () => {
    const report = await run(schemaFor());
    expect(report.status).toBe('applied');
    expect(report.statements).toBe(4); // 3 CREATE TABLE + 1 ADD FOREIGN KEY
    expect(await tables()).toEqual(['_cms_migrations', 'articles', 'articles_tags_lnk', 'tags']);
    expect(await columns('articles')).toEqual(['id int(11)', 'title varchar(255)', 'subtitle varchar(255)', 'rating double', 'views int(11)', 'meta longtext']);
    expect(await foreignKeys()).toEqual(['articles_tags_lnk_source_id_fkey']);
    expect(report.file).toBe(join(dir, 'mysql', report.name ?? '', 'migration.sql'));
    const script = readFileSync(report.file ?? '', 'utf8');
    expect(script).toContain('-- CreateTable\nCREATE TABLE `articles` (');
    expect(script).toContain('ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;');
    const [history] = await withDb(listMigrations);
    expect(history).toMatchObject({ name: report.name, schemaText: schemaFor(), sqlText: report.sql });

    await withDb(async (db) => {
      await db.execute('INSERT INTO articles (title, subtitle, rating, views, meta) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)', ['a', 'sub a', 1.5, 10, '{"k":1}', 'b', null, 2, 20, null]);
      await db.execute('INSERT INTO articles_tags_lnk (source_id, target) VALUES (1, ?), (2, ?)', ['x', 'y']);
      // The foreign key cascades like on the other databases.
      await db.execute('DELETE FROM articles WHERE id = 2');
      expect((await db.query('SELECT COUNT(*) AS n FROM articles_tags_lnk'))[0].n).toBe(1n);
      await db.execute('INSERT INTO articles (id, title, rating, views) VALUES (2, ?, 2, 20)', ['b']);
    });
  });

  it('takes the fast path when the schema text is unchanged', async () => {
    const report = await run(schemaFor());
    expect(report).toMatchObject({ status: 'up-to-date', statements: 0 });
    expect(await historyCount()).toBe(1);
  });

  it('records a text-only change without running SQL', async () => {
    const report = await run(`${schemaFor()}\n// a comment\n`);
    expect(report).toMatchObject({ status: 'recorded', statements: 0 });
    expect(await historyCount()).toBe(2);
    expect((await run(`${schemaFor()}\n// a comment\n`)).status).toBe('up-to-date');
  });

  it('adds a column with its index and keeps the data', async () => {
    const report = await run(schemaFor({ slug: 'short' }));
    expect(report).toMatchObject({ status: 'applied', statements: 1 });
    expect(report.sql).toContain('ADD COLUMN `slug` VARCHAR(255) NULL');
    expect(report.sql).toContain('ADD INDEX `articles_slug_idx`(`slug`)');
    expect(await columns('articles')).toContain('slug varchar(255)');
    await withDb(async (db) => {
      expect(await db.query('SELECT title, subtitle, meta FROM articles ORDER BY id')).toEqual([
        { title: 'a', subtitle: 'sub a', meta: '{"k":1}' },
        { title: 'b', subtitle: null, meta: null },
      ]);
      await db.execute('UPDATE articles SET slug = ? WHERE id = 1', ['a-slug']);
    });
  });

  it('widens a column (VARCHAR → LONGTEXT, prefix index) and a type (INT → BIGINT) without asking', async () => {
    const report = await run(schemaFor({ slug: 'long', viewsType: 'BigInt' }));
    expect(report).toMatchObject({ status: 'applied', dataLoss: [] });
    expect(await columns('articles')).toEqual(expect.arrayContaining(['slug longtext', 'views bigint(20)']));
    const indexes = await withDb((db) => db.query("SELECT INDEX_NAME AS i, SUB_PART AS p FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'articles' AND COLUMN_NAME = 'slug'"));
    expect(indexes).toEqual([{ i: 'articles_slug_idx', p: 191n }]);
    expect(await withDb((db) => db.query('SELECT slug, views FROM articles ORDER BY id'))).toEqual([
      { slug: 'a-slug', views: 10n },
      { slug: null, views: 20n },
    ]);
  });

  it('drops an empty column', async () => {
    await withDb((db) => db.execute('UPDATE articles SET slug = NULL'));
    const report = await run(schemaFor({ viewsType: 'BigInt' }));
    expect(report).toMatchObject({ status: 'applied', statements: 1, dataLoss: [] });
    expect(await columns('articles')).not.toContain('slug longtext');
  });

  it('refuses to drop a column that holds values, changing nothing', async () => {
    const before = await historyCount();
    const attempt = run(schemaFor({ viewsType: 'BigInt', subtitle: false }));
    await expect(attempt).rejects.toThrow(DataLossError);
    await expect(attempt).rejects.toThrow(/articles\.subtitle: column is dropped and holds values/);
    expect(await columns('articles')).toContain('subtitle varchar(255)');
    expect(await withDb((db) => db.query('SELECT subtitle FROM articles WHERE id = 1'))).toEqual([{ subtitle: 'sub a' }]);
    expect(await historyCount()).toBe(before);
  });

  it('refuses a lossy type change (1.5 → INT) and accepts it once no value would change', async () => {
    const schema = schemaFor({ viewsType: 'BigInt', ratingType: 'Int' });
    await expect(run(schema)).rejects.toThrow(/articles\.rating: type changes to int and some values would not survive the conversion/);
    expect(await columns('articles')).toContain('rating double');
    await withDb((db) => db.execute('UPDATE articles SET rating = 3 WHERE id = 1'));
    expect(await run(schema)).toMatchObject({ status: 'applied', dataLoss: [] });
    expect(await columns('articles')).toContain('rating int(11)');
  });

  it('refuses to make a column holding NULLs required, even with allowDataLoss', async () => {
    await withDb((db) => db.execute('UPDATE articles SET title = NULL WHERE id = 2'));
    const schema = schemaFor({ viewsType: 'BigInt', ratingType: 'Int', requiredTitle: true });
    await expect(run(schema, { allowDataLoss: true })).rejects.toThrow(/articles\.title: the column becomes required but holds NULLs\nNothing was changed\./);
    await withDb((db) => db.execute("UPDATE articles SET title = 'b' WHERE id = 2"));
    expect(await run(schema)).toMatchObject({ status: 'applied' });
    expect(await withDb((db) => db.query("SELECT IS_NULLABLE AS n FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'articles' AND COLUMN_NAME = 'title'"))).toEqual([{ n: 'NO' }]);
  });

  it('drops a column with values and a table with rows when data loss is allowed', async () => {
    await withDb((db) => db.execute("INSERT INTO tags (name) VALUES ('t')"));
    const schema = schemaFor({ viewsType: 'BigInt', ratingType: 'Int', requiredTitle: true, subtitle: false, tags: false });
    await expect(run(schema)).rejects.toThrow(/ {2}- articles\.subtitle: column is dropped and holds values\n {2}- tags: table is dropped and holds rows/);
    const report = await run(schema, { allowDataLoss: true });
    expect(report.dataLoss).toEqual([
      { table: 'articles', column: 'subtitle', reason: 'column is dropped and holds values' },
      { table: 'tags', reason: 'table is dropped and holds rows' },
    ]);
    expect(await tables()).toEqual(['_cms_migrations', 'articles', 'articles_tags_lnk']);
    expect(lines.some((l) => l.startsWith('warning: data deleted (allowed): tags'))).toBe(true);
  });

  it("leaves tables alone that no schema it applied ever had", async () => {
    await withDb((db) => db.execute('CREATE TABLE someone_elses (id INT PRIMARY KEY)'));
    const schema = `${schemaFor({ viewsType: 'BigInt', ratingType: 'Int', requiredTitle: true, subtitle: false, tags: false })}\n// again\n`;
    expect(await run(schema)).toMatchObject({ status: 'recorded' });
    expect(await tables()).toContain('someone_elses');
  });

  it('finishes a migration that failed half-way on the next start', async () => {
    const base = { viewsType: 'BigInt', ratingType: 'Int', requiredTitle: true, subtitle: false, tags: false } as const;
    expect(await run(schemaFor({ ...base, notes: 'plain' }))).toMatchObject({ status: 'applied' });
    // A note pointing at no article: the new foreign key (the last statement) cannot be added.
    await withDb((db) => db.execute('INSERT INTO notes (source_id) VALUES (999)'));
    const schema = schemaFor({ ...base, notes: 'related', subtitle: true });
    const before = await historyCount();
    const error = await run(schema).then(
      () => new Error('expected the migration to fail'),
      (err: unknown) => err as Error,
    );
    expect(error.message).toMatch(/^Migration failed at statement 2 of 2: .*foreign key constraint fails/);
    expect(error.message).toContain('The 1 statement(s) before it stay applied');
    expect(await columns('articles')).toContain('subtitle varchar(255)');
    expect(await historyCount()).toBe(before);

    await withDb((db) => db.execute('DELETE FROM notes'));
    const report = await run(schema);
    expect(report).toMatchObject({ status: 'applied', statements: 1 });
    expect(report.sql).toMatch(/^-- AddForeignKey\nALTER TABLE `notes` ADD CONSTRAINT `notes_source_id_fkey`/);
    expect(await foreignKeys()).toEqual(['articles_tags_lnk_source_id_fkey', 'notes_source_id_fkey']);
    expect(await historyCount()).toBe(before + 1);
  });

  it('serializes concurrent starts on a new schema', async () => {
    const schema = `${schemaFor({ viewsType: 'BigInt', ratingType: 'Int', requiredTitle: true, notes: 'related', tags: true })}`;
    const reports = await Promise.all([run(schema), run(schema), run(schema)]);
    expect(reports.map((r) => r.status).sort()).toEqual(['applied', 'up-to-date', 'up-to-date']);
    expect(await tables()).toContain('tags');
  });

  it('refuses a schema the migrator cannot read before touching the database', async () => {
    const before = await historyCount();
    await expect(run(`${schemaFor()}\nenum Kind {\n  A\n}\n`)).rejects.toThrow(/"enum" blocks are not supported by the MySQL migrator/);
    expect(await historyCount()).toBe(before);
  });
});

describe('migrate on MariaDB: the generated fixture schema', () => {
  let fixtureTemp: TempDatabase;
  afterAll(() => fixtureTemp?.drop());

  it('creates the whole schema, then finds nothing to change', async () => {
    fixtureTemp = await createTempMariadbDatabase();
    const schema = readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'strapi-blog', 'app', 'prisma', 'mysql', 'schema.prisma'), 'utf8');
    const db: DatabaseConfig = { dialect: 'mysql', url: fixtureTemp.url };
    const first = await migrate({ db, schema });
    expect(first.status).toBe('applied');
    // Every generated type reads back as it was declared (JSON, TINYINT(1), DATETIME(3), …): no diff.
    expect(await migrate({ db, schema: `${schema}// touched\n` })).toMatchObject({ status: 'recorded', statements: 0 });
  });

  it('adopts matching tables that have no history (planned from the live tables, not from history)', async () => {
    const schema = readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'strapi-blog', 'app', 'prisma', 'mysql', 'schema.prisma'), 'utf8');
    const db: DatabaseConfig = { dialect: 'mysql', url: fixtureTemp.url };
    const conn = await connectDatabase(db);
    try {
      await conn.execute('DROP TABLE _cms_migrations');
    } finally {
      await conn.close();
    }
    expect(await migrate({ db, schema })).toMatchObject({ status: 'recorded', statements: 0 });
  });
});
