import { Client } from 'pg';
import { numberPlaceholders } from './pg-placeholders';
import { createPostgresDb } from './postgres';
import { createTempPostgresDatabase, type TempDatabase } from '../../test/helpers/test-services';
import type { Db } from '@cms-gen/db/types';
import { expectEndedTransactionsRefuse, expectRollbackAfterLeftStatements } from '../../test/helpers/transaction-end';
import { itKeepsTheServerDriverContract } from '../../test/helpers/server-driver-contract';

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

  itKeepsTheServerDriverContract(() => db);

  describe('one statement at a time on a transaction\'s client', () => {
    // Every statement a pg client is given while it still runs one is recorded (pg 8 queues it
    // with a deprecation warning, pg 9 no longer accepts it). The pool's own clients are pg.Client.
    let overlaps: string[];
    let spy: jest.SpyInstance;

    beforeEach(() => {
      overlaps = [];
      const running = new WeakMap<object, number>();
      const original = Client.prototype.query as (...args: unknown[]) => unknown;
      spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
        const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
        if ((running.get(this) ?? 0) > 0) overlaps.push(text);
        running.set(this, (running.get(this) ?? 0) + 1);
        const done = () => running.set(this, (running.get(this) ?? 1) - 1);
        const last = args[args.length - 1];
        if (typeof last === 'function') {
          args[args.length - 1] = (...cbArgs: unknown[]) => {
            done();
            return (last as (...a: unknown[]) => unknown)(...cbArgs);
          };
          return original.apply(this, args);
        }
        const result = original.apply(this, args) as Promise<unknown>;
        result.then(done, done);
        return result;
      } as never);
    });

    afterEach(() => spy.mockRestore());

    it('runs statements issued at once in the order they were issued', async () => {
      const values = await db.transaction((tx) =>
        Promise.all([
          tx.query('SELECT pg_sleep(0.02), 1 AS n'),
          tx.query('SELECT 2 AS n'),
          tx.execute('INSERT INTO t (s) VALUES (?)', ['serial']),
          tx.query('SELECT count(*)::int AS n FROM t WHERE s = ?', ['serial']),
        ]),
      );
      expect(values.map((v) => (Array.isArray(v) ? v[0].n : v))).toEqual([1, 2, { changes: 1 }, 1]);
      expect(overlaps).toEqual([]);
      expect(spy).toHaveBeenCalled();
    });

    it('rejects only the failing statement and runs the ones after it', async () => {
      const settled = await db.transaction((tx) =>
        Promise.allSettled([
          tx.execute('SAVEPOINT s'),
          tx.query('SELECT * FROM no_such_table'),
          tx.execute('ROLLBACK TO SAVEPOINT s'),
          tx.query('SELECT 3 AS n'),
        ]),
      );
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
      expect((settled[3] as PromiseFulfilledResult<unknown>).value).toEqual([{ n: 3 }]);
      expect(overlaps).toEqual([]);
    });

    it('answers the statements after a failure for the aborted transaction instead of leaving them waiting', async () => {
      const settled = await db.transaction((tx) =>
        Promise.allSettled([tx.query('SELECT * FROM no_such_table'), tx.query('SELECT 4 AS n')]),
      );
      expect(String((settled[0] as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
      expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/current transaction is aborted/);
      expect(overlaps).toEqual([]);
    });

    it('rolls back only after the statements fn left running', async () => {
      await expectRollbackAfterLeftStatements(db, 'SELECT pg_sleep(0.02)', 's');
      expect(overlaps).toEqual([]);
    });
  });

  it('refuses a statement issued on a transaction after it committed or rolled back, and never runs it', () => expectEndedTransactionsRefuse(db, 's'));
});
