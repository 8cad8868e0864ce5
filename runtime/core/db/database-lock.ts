// Named locks that serialize work across every app instance sharing one database: start-up
// steps that check what exists and then insert (bootstrap, data migrations, the upload folder),
// which READ COMMITTED alone lets two instances both pass.
//
// - PostgreSQL: `pg_advisory_xact_lock` inside the transaction itself. Transaction-level, so it is
//   released at COMMIT/ROLLBACK and works through PgBouncer in transaction pooling mode, where a
//   session-level `pg_advisory_lock` could be taken on one server connection and "released" on
//   another. A waiting instance holds one connection, no more: with a small PgBouncer pool, a
//   lock held on one connection while the work needs a second could wait forever.
//   Advisory locks are scoped to the current database.
// - MySQL/MariaDB: `GET_LOCK` on a connection of its own, held until the transaction (on another
//   connection) has committed. GET_LOCK is session-level and survives COMMIT, so it cannot share
//   the transaction's connection: it would still be held when that connection went back to the
//   pool. It is server-wide, so its name carries the database's.
// - SQLite: no lock needed. Every write transaction is `BEGIN IMMEDIATE` (one writer per file,
//   across processes too), so a check-then-insert inside one transaction cannot interleave.
import { createHash } from 'node:crypto';
import type { Db } from '@cms-gen/db/types';

/** How long a MySQL instance waits for another one's lock (GET_LOCK timeout, seconds). */
const MYSQL_LOCK_TIMEOUT_S = 120;

/** First key of PostgreSQL's two-key advisory locks used here ("cms"); the second is the name's hash. */
const PG_NAMESPACE = 0x636d73;

/** A signed 32-bit key for `name` (PostgreSQL's second advisory-lock key). */
export function lockKey(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0);
}

function checkName(name: string): void {
  // GET_LOCK names are at most 64 characters: 'cms-gen:' + name + ':' + 24 hex of the database.
  if (!/^[a-z0-9-]{1,30}$/.test(name)) throw new Error(`database lock name must be 1-30 of [a-z0-9-] (got "${name}")`);
}

async function pgLock(tx: Db, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(CAST(? AS integer), CAST(? AS integer))', [PG_NAMESPACE, lockKey(name)]);
}

const MYSQL_LOCK_NAME = "CONCAT('cms-gen:', ?, ':', LEFT(SHA1(DATABASE()), 24))";

async function withMysqlLock<T>(db: Db, name: string, fn: () => Promise<T>): Promise<T> {
  // db.transaction only pins one connection for the lock; the work runs on another.
  return db.transaction(async (holder) => {
    const [row] = await holder.query(`SELECT GET_LOCK(${MYSQL_LOCK_NAME}, ?) AS ok`, [name, MYSQL_LOCK_TIMEOUT_S]);
    if (Number(row?.ok) !== 1) throw new Error(`Could not get the database lock "${name}" within ${MYSQL_LOCK_TIMEOUT_S} s: another instance holds it`);
    try {
      return await fn();
    } finally {
      await holder.query(`SELECT RELEASE_LOCK(${MYSQL_LOCK_NAME}) AS released`, [name]);
    }
  });
}

/**
 * One transaction that runs while holding the lock `name`: what it reads, no other instance's
 * locked transaction of the same name changes until it commits. On PostgreSQL the lock is taken
 * inside the transaction itself (one connection); on MySQL it is taken first, on another one.
 * `db` must be the root Db, not a transaction (MySQL would release the lock before the commit).
 */
export async function lockedTransaction<T>(db: Db, name: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  checkName(name);
  switch (db.dialect) {
    case 'sqlite':
      return db.transaction(fn);
    case 'postgres':
      return db.transaction(async (tx) => {
        await pgLock(tx, name);
        return fn(tx);
      });
    case 'mysql':
      return withMysqlLock(db, name, () => db.transaction(fn));
  }
}
