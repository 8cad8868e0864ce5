// The SQLite driver builds row objects from better-sqlite3's raw rows (sqlite.ts, `rowBuilder`):
// they must be exactly the objects better-sqlite3's own rows are, key order included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '@cms-gen/db/types';
import { expectEndedTransactionsRefuse } from '../../test/helpers/transaction-end';
import { createSqliteDb } from './sqlite';

let dir: string;
let file: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-gen-sqlite-'));
  file = join(dir, 'data.db');
  db = createSqliteDb(file);
  await db.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, big BIGINT, data BLOB, "2" TEXT)');
  await db.execute("INSERT INTO t (id, name, score, big, data, \"2\") VALUES (1, 'a', 1.5, 9007199254740993, x'00ff', 'two'), (2, NULL, NULL, NULL, NULL, NULL)");
});

afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What better-sqlite3's object rows give for the same statement, on a connection of its own. */
function objectRows(sql: string, params: unknown[] = []): unknown[] {
  const plain = new Database(file, { readonly: true });
  try {
    return plain.prepare(sql).all(...params);
  } finally {
    plain.close();
  }
}

const statements: [string, string, unknown[]][] = [
  ['every column, a numeric name among them', 'SELECT * FROM t ORDER BY id', []],
  ['aliases, one repeated (the last value, the first place)', 'SELECT id AS x, name AS y, score AS x FROM t WHERE id = ?', [1]],
  ['expressions without aliases', 'SELECT count(*), max(score), id + 1 FROM t', []],
  ['names that need quoting', 'SELECT id AS "a""b", name AS "c d", score AS "constructor", big AS "toString" FROM t ORDER BY id', []],
  ['no rows', 'SELECT * FROM t WHERE id > ?', [10]],
];

describe('rows read through the driver', () => {
  it.each(statements)('equal better-sqlite3 object rows: %s', async (_what, sql, params) => {
    const rows = await db.query(sql, params as never[]);
    const expected = objectRows(sql, params);
    expect(rows).toEqual(expected);
    expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row as object)));
  });

  it('reads a statement with an alias named __proto__ as better-sqlite3 does (a literal would set the prototype)', async () => {
    const sql = 'SELECT id AS "__proto__", name FROM t WHERE id = 1';
    const [row] = await db.query(sql);
    const [expected] = objectRows(sql) as object[];
    expect(Object.getOwnPropertyNames(row)).toEqual(Object.getOwnPropertyNames(expected));
    expect(Object.getOwnPropertyNames(row)).toEqual(['name']);
    expect(row).toEqual({ name: 'a' });
  });

  it('reads the same rows inside a transaction, and again from the statement cache', async () => {
    const sql = 'SELECT id, name FROM t ORDER BY id';
    const inside = await db.transaction((tx) => tx.query(sql));
    expect(inside).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: null },
    ]);
    expect(await db.query(sql)).toEqual(inside);
    expect(await db.query(sql)).toEqual(inside);
  });

  it('names the columns of `SELECT *` as they are after a schema change, and explicit lists as written', async () => {
    await db.execute('CREATE TABLE s (a INTEGER, b TEXT, c TEXT)');
    await db.execute("INSERT INTO s VALUES (1, 'b', 'c')");
    expect(await db.query('SELECT * FROM s')).toEqual([{ a: 1, b: 'b', c: 'c' }]);
    expect(await db.query('SELECT a, c, count(*) AS n FROM s')).toEqual([{ a: 1, c: 'c', n: 1 }]);
    await db.execute('ALTER TABLE s DROP COLUMN b');
    expect(await db.query('SELECT * FROM s')).toEqual([{ a: 1, c: 'c' }]);
    expect(await db.query('SELECT a, c, count(*) AS n FROM s')).toEqual([{ a: 1, c: 'c', n: 1 }]);
    await db.execute('ALTER TABLE s ADD COLUMN d TEXT');
    expect(await db.query('SELECT * FROM s')).toEqual([{ a: 1, c: 'c', d: null }]);
  });

  it('answers a write with no rows and RETURNING with its rows', async () => {
    expect(await db.query("INSERT INTO t (id, name) VALUES (3, 'c')")).toEqual([]);
    expect(await db.query("INSERT INTO t (id, name) VALUES (4, 'd') RETURNING id, name")).toEqual([{ id: 4, name: 'd' }]);
  });
});

describe('transactions', () => {
  it('refuses a statement issued on a transaction after it committed or rolled back, and never runs it', () => expectEndedTransactionsRefuse(db, 'name'));
});
