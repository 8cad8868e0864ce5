import { numberPlaceholders } from './pg-placeholders';
import { createPostgresDb } from './postgres';
import { createTempPostgresDatabase, type TempDatabase } from '../../test/helpers/test-services';
import type { Db } from '@cms-gen/db/types';

describe('numberPlaceholders', () => {
  it('numbers ? outside literals, identifiers, comments and dollar quotes', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?)')).toBe('SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)');
    expect(numberPlaceholders(`SELECT '?', 'it''s ?', "we?ird" FROM t WHERE x = ?`)).toBe(`SELECT '?', 'it''s ?', "we?ird" FROM t WHERE x = $1`);
    expect(numberPlaceholders(`SELECT E'a\\'?' , ? -- what?\n, /* ? */ ?`)).toBe(`SELECT E'a\\'?' , $1 -- what?\n, /* ? */ $2`);
    expect(numberPlaceholders('SELECT $$ ? $$, $tag$ ? $tag$, ?')).toBe('SELECT $$ ? $$, $tag$ ? $tag$, $1');
    expect(numberPlaceholders('SELECT 1')).toBe('SELECT 1');
  });
});

describe('createPostgresDb', () => {
  let temp: TempDatabase;
  let db: Db;

  beforeAll(async () => {
    temp = await createTempPostgresDatabase();
    db = createPostgresDb(temp.url);
    await db.execute(`CREATE TABLE t (
      id serial PRIMARY KEY,
      big bigint,
      dec decimal(65,30),
      d date,
      tm time(3),
      ts timestamptz(3),
      tsz timestamp(3),
      b boolean,
      j jsonb,
      s text
    )`);
  });

  afterAll(async () => {
    await db?.close();
    await temp?.drop();
  });

  it('round-trips every type in its canonical form', async () => {
    const [row] = await db.query(
      'INSERT INTO t (big, dec, d, tm, ts, tsz, b, j, s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
      [
        9007199254740993n,
        '12345678901234567890.123456789012345678901234567891',
        '2024-02-29',
        '13:45:01.5',
        '2024-01-02T03:04:05.678Z',
        '2024-01-02T03:04:05.678Z',
        true,
        JSON.stringify({ a: [1, 'x'], q: '?' }),
        "it's ?",
      ],
    );
    expect(row.big).toBe(9007199254740993n);
    expect(row.dec).toBe('12345678901234567890.123456789012345678901234567891');
    expect(row.d).toBe('2024-02-29');
    expect(row.tm).toBe('13:45:01.500');
    expect(row.ts).toBe('2024-01-02T03:04:05.678Z');
    expect(row.tsz).toBe('2024-01-02T03:04:05.678Z');
    expect(row.b).toBe(true);
    // JSON comes back as text (the codec parses it once, as for SQLite and MariaDB).
    expect(JSON.parse(String(row.j))).toEqual({ a: [1, 'x'], q: '?' });
    expect(row.s).toBe("it's ?");
    expect(typeof row.id).toBe('number');
  });

  it('reads timestamptz as UTC whatever the session time zone', async () => {
    await db.transaction(async (tx) => {
      await tx.execute("SET LOCAL TIME ZONE 'Asia/Kolkata'");
      const [row] = await tx.query("SELECT '2024-06-01T00:00:00.001Z'::timestamptz AS ts, now()::date AS today");
      expect(row.ts).toBe('2024-06-01T00:00:00.001Z');
      expect(row.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  it('binds bigint, boolean and null parameters', async () => {
    const rows = await db.query('SELECT ?::bigint AS a, ?::boolean AS b, ?::text AS c, count(*) AS n FROM t', [9007199254740993n, false, null]);
    expect(rows[0]).toEqual({ a: 9007199254740993n, b: false, c: null, n: expect.any(BigInt) });
  });

  it('execute returns rowCount as changes', async () => {
    await db.execute('INSERT INTO t (s) VALUES (?), (?)', ['x', 'x']);
    expect(await db.execute('UPDATE t SET s = ? WHERE s = ?', ['y', 'x'])).toEqual({ changes: 2 });
    expect(await db.execute('DELETE FROM t WHERE s = ?', ['nothing'])).toEqual({ changes: 0 });
  });

  it('commits a transaction', async () => {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query('INSERT INTO t (s) VALUES (?) RETURNING id', ['committed']);
      return row.id;
    });
    expect(await db.query('SELECT s FROM t WHERE id = ?', [id as number])).toEqual([{ s: 'committed' }]);
  });

  it('rolls a transaction back when fn throws, nested calls included', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute('INSERT INTO t (s) VALUES (?)', ['rolled-back']);
        await tx.transaction(async (inner) => {
          expect(inner).toBe(tx);
          await inner.execute('INSERT INTO t (s) VALUES (?)', ['rolled-back-inner']);
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query("SELECT id FROM t WHERE s LIKE 'rolled-back%'")).toEqual([]);
  });

  it('keeps a transaction on one connection (isolation from the pool)', async () => {
    await db.transaction(async (tx) => {
      await tx.execute('INSERT INTO t (s) VALUES (?)', ['invisible']);
      expect(await db.query('SELECT id FROM t WHERE s = ?', ['invisible'])).toEqual([]);
      expect(await tx.query('SELECT s FROM t WHERE s = ?', ['invisible'])).toEqual([{ s: 'invisible' }]);
    });
  });

  it('counts statements on the root and its transactions in one counter', async () => {
    const before = db.stats.queries;
    await db.query('SELECT 1');
    await db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await tx.execute('SELECT 1');
      expect(tx.stats).toBe(db.stats);
    });
    expect(db.stats.queries - before).toBe(3);
  });

  it('surfaces SQL errors', async () => {
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
  });
});
