// What the drivers of server databases (PostgreSQL, MariaDB/MySQL) promise alike about
// transactions and statement counts, as tests each driver's suite declares inside its own
// `describe`. SQLite runs its statements synchronously on one connection, so pool isolation does
// not apply to it; its suite checks what it promises itself.
import type { Db } from '@cms-gen/db/types';

/** `db()` is the suite's database, with a table `t` of an integer `id` and a text column `s`. */
export function itKeepsTheServerDriverContract(db: () => Db): void {
  it('commits a transaction', async () => {
    const id = await db().transaction(async (tx) => {
      const [row] = await tx.query('INSERT INTO t (s) VALUES (?) RETURNING id', ['committed']);
      return row.id;
    });
    expect(await db().query('SELECT s FROM t WHERE id = ?', [id as number])).toEqual([{ s: 'committed' }]);
  });

  it('rolls a transaction back when fn throws, nested calls included', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.execute('INSERT INTO t (s) VALUES (?)', ['rolled-back']);
        await tx.transaction(async (inner) => {
          expect(inner).toBe(tx);
          await inner.execute('INSERT INTO t (s) VALUES (?)', ['rolled-back-inner']);
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db().query("SELECT id FROM t WHERE s LIKE 'rolled-back%'")).toEqual([]);
  });

  it('keeps a transaction on one connection (isolation from the pool)', async () => {
    await db().transaction(async (tx) => {
      await tx.execute('INSERT INTO t (s) VALUES (?)', ['invisible']);
      expect(await db().query('SELECT id FROM t WHERE s = ?', ['invisible'])).toEqual([]);
      expect(await tx.query('SELECT s FROM t WHERE s = ?', ['invisible'])).toEqual([{ s: 'invisible' }]);
    });
  });

  it('counts statements on the root and its transactions in one counter', async () => {
    const root = db();
    const before = root.stats.queries;
    await root.query('SELECT 1');
    await root.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await tx.execute('SELECT 1');
      expect(tx.stats).toBe(root.stats);
    });
    expect(root.stats.queries - before).toBe(3);
  });

  it('surfaces SQL errors', async () => {
    await expect(db().query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
  });
}
