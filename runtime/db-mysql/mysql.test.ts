import { decodeValue, encodeValue } from '@cms-gen/core/sql/codec';
import { createMysqlDb, mysqlConnectionOptions } from './mysql';
import { createTempMariadbDatabase, type TempDatabase } from '../../test/helpers/test-services';
import type { Db } from '@cms-gen/db/types';
import { expectEndedTransactionsRefuse, expectRollbackAfterLeftStatements } from '../../test/helpers/transaction-end';
import { itKeepsTheServerDriverContract } from '../../test/helpers/server-driver-contract';

describe('mysqlConnectionOptions', () => {
  it('reads user, password, host, port and database from the URL', () => {
    expect(mysqlConnectionOptions('mysql://u%40x:p%3Aw@db.local:3307/cms')).toEqual({
      host: 'db.local',
      port: 3307,
      user: 'u@x',
      password: 'p:w',
      database: 'cms',
    });
    expect(mysqlConnectionOptions('mariadb://root@127.0.0.1/')).toMatchObject({ port: 3306, user: 'root', password: '', database: undefined });
  });
});

describe('createMysqlDb', () => {
  let temp: TempDatabase;
  let db: Db;

  beforeAll(async () => {
    temp = await createTempMariadbDatabase();
    db = createMysqlDb(temp.url);
    await db.execute(`CREATE TABLE t (
      id int AUTO_INCREMENT PRIMARY KEY,
      big bigint,
      dec_value decimal(65,30),
      d date,
      tm time(3),
      ts datetime(3),
      b tinyint(1),
      j json,
      s varchar(255)
    )`);
  });

  afterAll(async () => {
    await db?.close();
    await temp?.drop();
  });

  it('round-trips every type in its canonical form', async () => {
    const [row] = await db.query(
      'INSERT INTO t (big, dec_value, d, tm, ts, b, j, s) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
      [
        9007199254740993n,
        '12345678901234567890.123456789012345678901234567891',
        '2024-02-29',
        '13:45:01.5',
        // DATETIME takes no zone suffix; the codec writes 'YYYY-MM-DD HH:mm:ss.SSS' (UTC).
        '2024-01-02 03:04:05.678',
        true,
        JSON.stringify({ a: [1, 'x'] }),
        "it's ?",
      ],
    );
    expect(row.big).toBe(9007199254740993n);
    expect(row.dec_value).toBe('12345678901234567890.123456789012345678901234567891');
    expect(row.d).toBe('2024-02-29');
    expect(row.tm).toBe('13:45:01.500');
    expect(row.ts).toBe('2024-01-02T03:04:05.678Z');
    expect(row.b).toBe(1);
    // JSON comes back as stored text (autoJsonMap off): the codec parses it once.
    expect(row.j).toBe('{"a":[1,"x"]}');
    expect(row.s).toBe("it's ?");
  });

  it('keeps JSON scalars exact through the codec (a JSON string "123" stays a string)', async () => {
    const values: unknown[] = ['123', 'true', 'null', { b: 1, a: 2 }, 12.5];
    const ids: number[] = [];
    for (const value of values) ids.push(Number((await db.query('INSERT INTO t (j) VALUES (?) RETURNING id', [encodeValue('json', value, 'mysql')]))[0].id));
    const rows = await db.query(`SELECT j FROM t WHERE id IN (${ids.join(', ')}) ORDER BY id`);
    expect(rows.map((r) => decodeValue('json', r.j))).toEqual(values);
  });

  it('reads NOW() in UTC', async () => {
    const [row] = await db.query('SELECT NOW(3) AS now, UTC_TIMESTAMP(3) AS utc');
    expect(row.now).toBe(row.utc);
    expect(row.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('execute returns affected rows as changes; query of a plain statement returns []', async () => {
    expect(await db.query('INSERT INTO t (s) VALUES (?), (?)', ['x', 'x'])).toEqual([]);
    expect(await db.execute('UPDATE t SET s = ? WHERE s = ?', ['y', 'x'])).toEqual({ changes: 2 });
    expect(await db.execute('DELETE FROM t WHERE s = ?', ['nothing'])).toEqual({ changes: 0 });
  });

  itKeepsTheServerDriverContract(() => db);

  // The mariadb driver queues (pipelines) the commands given to one connection and answers them in
  // order, a supported use; no chain of our own is needed on the transaction's connection.
  it('runs statements issued at once in a transaction in order; a failure rejects only its own', async () => {
    const settled = await db.transaction((tx) =>
      Promise.allSettled([
        tx.query('SELECT SLEEP(0.02) AS z, 1 AS n'),
        tx.execute('INSERT INTO t (s) VALUES (?)', ['serial']),
        tx.query('SELECT * FROM no_such_table'),
        tx.query('SELECT COUNT(*) AS n FROM t WHERE s = ?', ['serial']),
      ]),
    );
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[0] as PromiseFulfilledResult<{ n: unknown }[]>).value[0].n).toBe(1);
    expect((settled[1] as PromiseFulfilledResult<unknown>).value).toEqual({ changes: 1 });
    expect(String((settled[2] as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
    expect((settled[3] as PromiseFulfilledResult<{ n: unknown }[]>).value[0].n).toBe(1n);
    expect(await db.query('SELECT COUNT(*) AS n FROM t WHERE s = ?', ['serial'])).toEqual([{ n: 1n }]);
  });

  it('rolls back only after the statements fn left running', () => expectRollbackAfterLeftStatements(db, 'SELECT SLEEP(0.02)', 's'));

  it('refuses a statement issued on a transaction after it committed or rolled back, and never runs it', () => expectEndedTransactionsRefuse(db, 's'));
});
