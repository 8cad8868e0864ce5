// Checks every driver's tests run on how a transaction ends (runtime/db/transaction-end.ts): a
// statement issued on it after COMMIT, or after ROLLBACK, is refused and never runs; and a ROLLBACK
// after the callback threw waits for the statements the callback left running.
import { TransactionEndedError } from '@cms-gen/db/transaction-end';
import type { Db } from '@cms-gen/db/types';

/** `db` must have a table `t` with an integer `id` and a text column `column`. */
export async function expectEndedTransactionsRefuse(db: Db, column: string): Promise<void> {
  let committed: Db | undefined;
  await db.transaction(async (tx) => {
    committed = tx;
    await tx.query('SELECT 1 AS one');
  });
  await expect(committed!.execute(`INSERT INTO t (${column}) VALUES (?)`, ['after-commit'])).rejects.toBeInstanceOf(TransactionEndedError);
  let rolledBack: Db | undefined;
  await expect(
    db.transaction(async (tx) => {
      rolledBack = tx;
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  await expect(rolledBack!.query('SELECT 1 AS one')).rejects.toThrow(/already committed or rolled back/);
  expect(await db.query(`SELECT id FROM t WHERE ${column} = ?`, ['after-commit'])).toEqual([]);
}

/**
 * The callback starts a slow statement and an insert without awaiting them, then throws: the
 * ROLLBACK must come after both, so the insert is undone. `sleep` is the dialect's slow statement.
 */
export async function expectRollbackAfterLeftStatements(db: Db, sleep: string, column: string): Promise<void> {
  let left: Promise<unknown> | undefined;
  await expect(
    db.transaction(async (tx) => {
      left = Promise.all([tx.query(sleep), tx.execute(`INSERT INTO t (${column}) VALUES (?)`, ['left-running'])]);
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  await left;
  expect(await db.query(`SELECT id FROM t WHERE ${column} = ?`, ['left-running'])).toEqual([]);
}
