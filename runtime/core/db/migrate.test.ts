import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from './connect';
import { DataLossError } from './data-loss';
import { migrate, PG_LOCK_KEY } from './migrate';
import { Client } from 'pg';
import { listMigrations } from './migration-history';
import { schemaEngineStats } from './schema-engine';
import { createTempPostgresDatabase, type TempDatabase } from '../../../test/helpers/test-services';
import type { DatabaseConfig, Db } from '@cms-gen/db/types';

type Provider = 'sqlite' | 'postgresql';

// Hand-written schemas in the shape the generator emits: snake_case tables, a link table whose
// rows cascade from their owner. No generator block: `diff` does not need one.
function schemaFor(provider: Provider, opts: { slug?: boolean; subtitle?: boolean; body?: boolean; tags?: boolean; ratingType?: 'Float' | 'Int'; viewsType?: 'Int' | 'BigInt' }): string {
  const o = { slug: false, subtitle: true, body: true, tags: true, ratingType: 'Float', viewsType: 'Int', ...opts };
  return `datasource db {
  provider = "${provider}"
}

model Article {
  id        Int           @id @default(autoincrement())
  title     String
${o.subtitle ? '  subtitle  String?\n' : ''}${o.body ? '  body      String?\n' : ''}${o.slug ? '  slug      String?\n' : ''}  rating    ${o.ratingType}?
  views     ${o.viewsType}?
  links     ArticleLink[]
${o.slug ? '\n  @@index([slug])\n' : ''}  @@map("articles")
}

model ArticleLink {
  id       Int     @id @default(autoincrement())
  sourceId Int     @map("source_id")
  source   Article @relation(fields: [sourceId], references: [id], onDelete: Cascade)
  target   String

  @@map("articles_tags_lnk")
}
${
  o.tags
    ? `
model Tag {
  id   Int     @id @default(autoincrement())
  name String?

  @@map("tags")
}
`
    : ''
}`;
}

interface Target {
  provider: Provider;
  setup(): Promise<DatabaseConfig>;
  teardown(): Promise<void>;
}

let tempDir: string;
let pgTemp: TempDatabase | undefined;

const targets: Target[] = [
  {
    provider: 'sqlite',
    setup: async () => {
      const filename = join(tempDir, 'sqlite', 'data.db');
      return { dialect: 'sqlite', url: filename, filename };
    },
    teardown: async () => undefined,
  },
  {
    provider: 'postgresql',
    setup: async () => {
      pgTemp = await createTempPostgresDatabase();
      return { dialect: 'postgres', url: pgTemp.url };
    },
    teardown: async () => {
      await pgTemp?.drop();
    },
  },
];

beforeAll(() => {
  tempDir = mkdtempSync(join(tmpdir(), 'cms-migrate-'));
});

afterAll(() => {
  if (!process.env.KEEP_TMP) rmSync(tempDir, { recursive: true, force: true });
});

describe.each(targets)('migrate on $provider', (target) => {
  const provider = target.provider;
  let config: DatabaseConfig;
  let migrationsDir: string;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  /** A fresh connection per check, so no cached statement outlives a schema change. */
  async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const db = await connectDatabase(config);
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }

  const columns = (table: string) =>
    withDb(async (db) => {
      const rows =
        db.dialect === 'sqlite'
          ? await db.query('SELECT name FROM pragma_table_info(?)', [table])
          : await db.query('SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position', [table]);
      return rows.map((r) => String(r.name));
    });

  const indexes = (table: string) =>
    withDb(async (db) => {
      const rows =
        db.dialect === 'sqlite'
          ? await db.query('SELECT name FROM pragma_index_list(?)', [table])
          : await db.query('SELECT indexname AS name FROM pg_indexes WHERE tablename = ?', [table]);
      return rows.map((r) => String(r.name));
    });

  const count = (table: string) => withDb(async (db) => Number((await db.query(`SELECT COUNT(*) AS n FROM "${table}"`))[0].n));

  const run = (schema: string, extra: { allowDataLoss?: boolean } = {}) => migrate({ db: config, schema, migrationsDir, log, ...extra });

  beforeAll(async () => {
    config = await target.setup();
    migrationsDir = join(tempDir, `migrations-${provider}`);
  });

  afterAll(async () => {
    await target.teardown();
  });

  it('creates every table on an empty database', async () => {
    const report = await run(schemaFor(provider, {}));
    expect(report.status).toBe('applied');
    expect(report.statements).toBeGreaterThan(0);
    expect(await columns('articles')).toEqual(expect.arrayContaining(['id', 'title', 'subtitle', 'body', 'rating', 'views']));
    expect(await columns('articles_tags_lnk')).toEqual(expect.arrayContaining(['id', 'source_id', 'target']));
    expect(await columns('tags')).toEqual(['id', 'name']);
    expect(report.file).toBe(join(migrationsDir, provider, report.name ?? '', 'migration.sql'));
    expect(readFileSync(report.file ?? '', 'utf8')).toContain('CREATE TABLE');

    await withDb(async (db) => {
      await db.execute('INSERT INTO articles (title, body, rating, views) VALUES (?, ?, ?, ?), (?, ?, ?, ?)', ['a', 'text a', 1.5, 10, 'b', 'text b', 2, 20]);
      await db.execute('INSERT INTO articles_tags_lnk (source_id, target) VALUES (1, ?), (1, ?), (2, ?)', ['x', 'y', 'z']);
      await db.execute('INSERT INTO tags (name) VALUES (?)', ['t']);
    });
  });

  it('takes the fast path on an unchanged schema without opening the engine', async () => {
    const opens = schemaEngineStats.opens;
    const report = await run(schemaFor(provider, {}));
    expect(report.status).toBe('up-to-date');
    expect(schemaEngineStats.opens).toBe(opens);
  });

  it('adds a column and an index, keeping the data', async () => {
    const report = await run(schemaFor(provider, { slug: true }));
    expect(report.status).toBe('applied');
    expect(await columns('articles')).toContain('slug');
    expect(await indexes('articles')).toContain('articles_slug_idx');
    expect(await count('articles')).toBe(2);
    expect(await count('articles_tags_lnk')).toBe(3);
  });

  it('drops a column that holds no data', async () => {
    const report = await run(schemaFor(provider, { slug: true, subtitle: false }));
    expect(report.status).toBe('applied');
    expect(report.dataLoss).toEqual([]);
    expect(await columns('articles')).not.toContain('subtitle');
    expect(await count('articles')).toBe(2);
    // On SQLite the drop rebuilds "articles"; with foreign keys on, DROP TABLE would have
    // cascaded into the link table.
    expect(await count('articles_tags_lnk')).toBe(3);
  });

  it('refuses to drop a column that holds data, changing nothing', async () => {
    const before = (await withDb(listMigrations)).length;
    const attempt = run(schemaFor(provider, { slug: true, subtitle: false, body: false }));
    await expect(attempt).rejects.toThrow(DataLossError);
    await expect(attempt).rejects.toThrow(/articles\.body: column is dropped and holds values[\s\S]*CMS_ALLOW_DATA_LOSS=1[\s\S]*allowDataLoss/);
    expect(await columns('articles')).toContain('body');
    expect(await withDb((db) => db.query('SELECT body FROM articles ORDER BY id'))).toEqual([{ body: 'text a' }, { body: 'text b' }]);
    expect((await withDb(listMigrations)).length).toBe(before);
  });

  it('refuses to drop a table that holds rows', async () => {
    await expect(run(schemaFor(provider, { slug: true, subtitle: false, tags: false }))).rejects.toThrow(/- tags: table is dropped and holds rows/);
    expect(await count('tags')).toBe(1);
  });

  it('drops the column with allowDataLoss and reports what was deleted', async () => {
    const report = await run(schemaFor(provider, { slug: true, subtitle: false, body: false }), { allowDataLoss: true });
    expect(report.status).toBe('applied');
    expect(report.dataLoss).toEqual([{ table: 'articles', column: 'body', reason: 'column is dropped and holds values' }]);
    expect(await columns('articles')).not.toContain('body');
    expect(await count('articles')).toBe(2);
    expect(await count('articles_tags_lnk')).toBe(3);
    expect(lines.some((l) => l.includes('data deleted (allowed): articles.body'))).toBe(true);
  });

  it('records a schema change that needs no SQL without running any', async () => {
    const schema = `// a comment only\n${schemaFor(provider, { slug: true, subtitle: false, body: false })}`;
    const report = await run(schema);
    expect(report.status).toBe('recorded');
    expect((await run(schema)).status).toBe('up-to-date');
  });

  if (provider === 'postgresql') {
    it('refuses a type change that would alter values, allows a widening one', async () => {
      // rating holds 1.5: Float → Int would round it.
      const narrowed = schemaFor(provider, { slug: true, subtitle: false, body: false, ratingType: 'Int' });
      await expect(run(narrowed)).rejects.toThrow(/articles\.rating: type changes to INTEGER/);
      await withDb((db) => db.execute('UPDATE articles SET rating = 2'));
      expect((await run(narrowed)).status).toBe('applied');
      // views holds 10 and 20: Int → BigInt keeps every value.
      const widened = schemaFor(provider, { slug: true, subtitle: false, body: false, ratingType: 'Int', viewsType: 'BigInt' });
      const report = await run(widened);
      expect(report.status).toBe('applied');
      expect(await withDb((db) => db.query('SELECT views FROM articles ORDER BY id'))).toEqual([{ views: 10n }, { views: 20n }]);
    });
  }

  it('keeps the history in _cms_migrations and mirrors it to migrationsDir', async () => {
    const history = await withDb(listMigrations);
    const applied = history.filter((h) => h.sqlText !== '');
    expect(history.length).toBeGreaterThanOrEqual(5);
    expect(history.map((h) => h.name)).toEqual(history.map((_, i) => expect.stringMatching(new RegExp(`^\\d{14}_${i + 1}$`))));
    for (const h of applied) {
      expect(existsSync(join(migrationsDir, provider, h.name, 'migration.sql'))).toBe(true);
      expect(h.appliedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    const recorded = history.filter((h) => h.sqlText === '');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].schemaText).toContain('// a comment only');
  });

  it('rejects a schema written for another provider', async () => {
    const other = provider === 'sqlite' ? 'postgresql' : 'sqlite';
    await expect(run(schemaFor(other, {}))).rejects.toThrow(/is for provider "/);
  });
});

// MySQL/MariaDB migrations are tested in mysql-migrate.test.ts.
describe('migrate on mysql', () => {
  it('rejects a schema written for another provider before connecting', async () => {
    await expect(migrate({ db: { dialect: 'mysql', url: 'mysql://root@127.0.0.1:1/x' }, schema: schemaFor('postgresql', {}) })).rejects.toThrow(
      /is for provider "postgresql" but the database is mysql/,
    );
  });
});

describe('migrate through an open connection', () => {
  it('migrates an in-memory SQLite database and leaves the connection open', async () => {
    const config: DatabaseConfig = { dialect: 'sqlite', url: ':memory:', filename: ':memory:' };
    const db = await connectDatabase(config);
    try {
      const report = await migrate({ db: config, connection: db, schema: schemaFor('sqlite', {}) });
      expect(report.status).toBe('applied');
      expect(await db.query('SELECT COUNT(*) AS n FROM articles')).toEqual([{ n: 0 }]);
      expect((await migrate({ db: config, connection: db, schema: schemaFor('sqlite', {}) })).status).toBe('up-to-date');
    } finally {
      await db.close();
    }
  });
});

describe('migrate on a database that has tables but no history', () => {
  it('fails without changing anything and points at the adoption notes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-migrate-adopt-'));
    const config: DatabaseConfig = { dialect: 'sqlite', url: join(dir, 'data.db'), filename: join(dir, 'data.db') };
    try {
      const db = await connectDatabase(config);
      await db.execute('CREATE TABLE articles (id INTEGER PRIMARY KEY, title TEXT NOT NULL)');
      await db.close();
      await expect(migrate({ db: config, schema: schemaFor('sqlite', {}) })).rejects.toThrow(/already exists[\s\S]*no migration history[\s\S]*Adopting an existing database/);
      const check = await connectDatabase(config);
      expect(await check.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")).toEqual([{ name: 'articles' }]);
      await check.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('two starts migrating one PostgreSQL database at once', () => {
  let temp: TempDatabase | undefined;
  afterAll(async () => {
    await temp?.drop();
  });

  // Deterministic, unlike instances racing on their own: the test holds the migration's advisory
  // lock until both starts wait for it, so both have found the schema behind before either can
  // migrate. The lock then decides: one applies, the other finds it done and says so.
  it('applies the schema once; the start that waited for the lock reports the other as having migrated it', async () => {
    temp = await createTempPostgresDatabase();
    const config: DatabaseConfig = { dialect: 'postgres', url: temp.url };
    await migrate({ db: config, schema: schemaFor('postgresql', {}) });
    const holder = new Client({ connectionString: temp.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1)', [PG_LOCK_KEY]);
      const next = schemaFor('postgresql', { slug: true });
      const lines: string[][] = [[], []];
      const starts = lines.map((own) => migrate({ db: config, schema: next, log: (line) => own.push(line) }));
      // pg_locks is the whole server's: only this database's waiters count (other suites migrate
      // their own databases under the same key meanwhile).
      const waiting = async () =>
        Number((await holder.query("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")).rows[0].n);
      for (let tries = 0; (await waiting()) < 2; tries++) {
        if (tries > 300) throw new Error('the two starts never waited for the migration lock');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await holder.query('COMMIT');
      const reports = await Promise.all(starts);
      expect(reports.map((r) => r.status).sort()).toEqual(['applied', 'up-to-date']);
      expect(reports.find((r) => r.status === 'up-to-date')?.migratedByAnother).toBe(true);
      expect(lines.flat().filter((l) => /migration \S+ applied/.test(l))).toHaveLength(1);
      expect(lines.flat().filter((l) => /schema migrated by another instance meanwhile/.test(l))).toHaveLength(1);
    } finally {
      await holder.end();
    }
  }, 60_000);
});
