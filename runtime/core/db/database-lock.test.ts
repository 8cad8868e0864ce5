// Named database locks across separate connection pools (as separate app instances have): a
// read-then-write under the same name never interleaves; different names do not wait on each other.
import { connectDatabase } from './connect';
import { lockedTransaction, lockKey } from './database-lock';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../../../test/helpers/test-services';
import type { DatabaseConfig, Db } from '@cms-gen/db/types';
import { startPgbouncer, type Pgbouncer } from '../../../test/helpers/multi-instance/pgbouncer';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('lockKey', () => {
  it('is a stable signed 32-bit integer per name', () => {
    expect(lockKey('bootstrap')).toBe(lockKey('bootstrap'));
    expect(lockKey('bootstrap')).not.toBe(lockKey('data-migrations'));
    expect(Number.isInteger(lockKey('x')) && Math.abs(lockKey('x')) < 2 ** 31).toBe(true);
  });
});

let pgbouncer: Pgbouncer | undefined;
afterAll(async () => {
  await pgbouncer?.stop();
});

/** The same database, reached through a PgBouncer in transaction pooling mode with 2 server connections. */
async function throughPgbouncer(): Promise<TempDatabase> {
  const temp = await createTempPostgresDatabase();
  pgbouncer = await startPgbouncer({ poolSize: 2 });
  return { ...temp, url: pgbouncer.url(temp.name) };
}

describe.each([
  ['postgres', 'postgres', createTempPostgresDatabase],
  ['postgres through PgBouncer (transaction pooling)', 'postgres', throughPgbouncer],
  ['mysql', 'mysql', createTempMariadbDatabase],
] as const)('lockedTransaction on %s', (_label, dialect, create) => {
  let temp: TempDatabase;
  let dbs: Db[] = [];
  beforeAll(async () => {
    temp = await create();
    const config: DatabaseConfig = { dialect, url: temp.url };
    dbs = await Promise.all(Array.from({ length: 3 }, () => connectDatabase(config)));
    await dbs[0].execute('CREATE TABLE counter (id INT PRIMARY KEY, n INT NOT NULL)');
    await dbs[0].execute('INSERT INTO counter (id, n) VALUES (1, 0)');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await temp?.drop();
  });

  /** Reads the counter, waits, writes it back plus one: loses increments unless serialized. */
  const bump = (db: Db, name: string) =>
    lockedTransaction(db, name, async (tx) => {
      const [row] = await tx.query('SELECT n FROM counter WHERE id = 1');
      await sleep(40);
      await tx.execute('UPDATE counter SET n = ? WHERE id = 1', [Number(row.n) + 1]);
    });

  it('serializes transactions of one name across pools', async () => {
    await dbs[0].execute('UPDATE counter SET n = 0 WHERE id = 1');
    await Promise.all(dbs.flatMap((db) => [bump(db, 'counter'), bump(db, 'counter')]));
    expect(Number((await dbs[0].query('SELECT n FROM counter WHERE id = 1'))[0].n)).toBe(6);
  });

  it('lets transactions of other names run meanwhile', async () => {
    let entered = false;
    const holding = lockedTransaction(dbs[0], 'one', async () => {
      while (!entered) await sleep(10);
    });
    // Would wait forever (until the test's timeout) if "two" waited for "one".
    await lockedTransaction(dbs[1], 'two', async () => {
      entered = true;
    });
    await holding;
  });

  it('releases the lock when the transaction fails', async () => {
    await expect(lockedTransaction(dbs[0], 'failing', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lockedTransaction(dbs[1], 'failing', async () => 'next')).resolves.toBe('next');
  });
});
