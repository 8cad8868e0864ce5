// The dialects' string comparisons run against real databases: the same rows and the same
// predicates must select the same rows on SQLite, PostgreSQL and MariaDB (whose default
// utf8mb4_unicode_ci collation ignores case, accents and trailing spaces).
import { createMysqlDb } from '@cms-gen/db-mysql/mysql';
import { createPostgresDb } from '@cms-gen/db-postgres/postgres';
import { createSqliteDb } from '@cms-gen/db-sqlite/sqlite';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../../../test/helpers/test-services';
import type { Db } from '@cms-gen/db/types';
import { dialectFor, type Dialect } from './dialect';
import type { Sql } from './fragment';

const VALUES = ['abc', 'Abc', 'abc ', 'café', 'CAFÉ', 'cafe', '50%', '5_0', 'a\\b', 'xabcx'];
const rowsOf = (...values: string[]) => values.map((v) => VALUES.indexOf(v) + 1);

interface Case {
  name: string;
  where: (d: Dialect, column: string) => Sql;
  expected: number[];
  /** Where a database differs, with the reason. */
  sqlite?: number[];
}

const CASES: Case[] = [
  { name: 'equals is exact (case, accents, trailing spaces)', where: (d, c) => d.equals(c, 'abc'), expected: rowsOf('abc') },
  { name: 'equals keeps trailing spaces', where: (d, c) => d.equals(c, 'abc '), expected: rowsOf('abc ') },
  { name: 'equals keeps accents', where: (d, c) => d.equals(c, 'cafe'), expected: rowsOf('cafe') },
  { name: 'equalsAny is exact', where: (d, c) => d.equalsAny(c, ['abc', 'CAFÉ']), expected: rowsOf('abc', 'CAFÉ') },
  { name: 'equalsInsensitive folds ASCII case only', where: (d, c) => d.equalsInsensitive(c, 'ABC'), expected: rowsOf('abc', 'Abc') },
  {
    name: 'equalsInsensitive keeps accents',
    where: (d, c) => d.equalsInsensitive(c, 'CAFÉ'),
    expected: rowsOf('café', 'CAFÉ'),
    // SQLite's LOWER() folds ASCII only (documented in docs/architecture.md).
    sqlite: rowsOf('CAFÉ'),
  },
  { name: 'like is case-sensitive', where: (d, c) => d.like(c, 'Ab', 'startsWith'), expected: rowsOf('Abc') },
  { name: 'like matches % literally', where: (d, c) => d.like(c, '0%', 'endsWith'), expected: rowsOf('50%') },
  { name: 'like matches _ literally', where: (d, c) => d.like(c, '_', 'contains'), expected: rowsOf('5_0') },
  { name: 'like matches a backslash literally', where: (d, c) => d.like(c, 'a\\b', 'contains'), expected: rowsOf('a\\b') },
  { name: 'like does not ignore accents', where: (d, c) => d.like(c, 'caf', 'startsWith'), expected: rowsOf('café', 'cafe') },
  { name: 'ilike folds case', where: (d, c) => d.ilike(c, 'ABC', 'contains'), expected: rowsOf('abc', 'Abc', 'abc ', 'xabcx') },
  {
    name: 'ilike keeps accents',
    where: (d, c) => d.ilike(c, 'CAFÉ', 'startsWith'),
    expected: rowsOf('café', 'CAFÉ'),
    sqlite: rowsOf('CAFÉ'),
  },
  { name: 'ilike escapes wildcards', where: (d, c) => d.ilike(c, '5_', 'startsWith'), expected: rowsOf('5_0') },
];

interface Target {
  name: 'sqlite' | 'postgres' | 'mysql';
  open(): Promise<{ db: Db; drop(): Promise<void> }>;
}

const TARGETS: Target[] = [
  { name: 'sqlite', open: async () => ({ db: createSqliteDb(':memory:'), drop: async () => undefined }) },
  {
    name: 'postgres',
    open: async () => {
      const temp: TempDatabase = await createTempPostgresDatabase();
      return { db: createPostgresDb(temp.url), drop: temp.drop };
    },
  },
  {
    name: 'mysql',
    open: async () => {
      const temp: TempDatabase = await createTempMariadbDatabase();
      return { db: createMysqlDb(temp.url), drop: temp.drop };
    },
  },
];

describe.each(TARGETS)('string comparisons on $name', (target) => {
  const dialect = dialectFor(target.name);
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    const q = dialect.quote;
    // The column type the generated schema uses for strings on each database (MySQL: the table default collation).
    const type = target.name === 'mysql' ? 'VARCHAR(255)) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci' : 'TEXT)';
    await db.execute(`CREATE TABLE ${q('words')} (${q('id')} INTEGER PRIMARY KEY, ${q('v')} ${type}`);
    for (const [i, v] of VALUES.entries()) await db.execute(`INSERT INTO ${q('words')} (${q('id')}, ${q('v')}) VALUES (?, ?)`, [i + 1, v]);
  });

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it.each(CASES)('$name', async (c) => {
    const where = c.where(dialect, `t.${dialect.quote('v')}`);
    const rows = await db.query(`SELECT t.${dialect.quote('id')} AS id FROM ${dialect.quote('words')} t WHERE ${where.text} ORDER BY t.${dialect.quote('id')}`, where.params);
    expect(rows.map((r) => Number(r.id))).toEqual(target.name === 'sqlite' && c.sqlite ? c.sqlite : c.expected);
  });
});
