// The check every driver's tests run on a transaction that has ended (runtime/db/transaction-end.ts):
// a statement issued on it after COMMIT, or after ROLLBACK, is refused and never runs.
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
