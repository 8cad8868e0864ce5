// The transaction a document write runs in, visible to everything called inside it. Lifecycle
// hooks run inside the write's transaction; when one of them calls the Document Service again
// (a lifecycle that creates a related document), that call must join the same transaction: a
// second transaction would wait for the first (SQLite has one writer, and PostgreSQL/MariaDB rows
// stay locked) and never get it. AsyncLocalStorage carries the open transaction through awaits.
// Events are queued in the scope and emitted only after the outermost transaction commits, so a
// rolled-back write never announces anything. Without lifecycle subscribers for the written type
// no user code runs inside its transaction, and the scope is not entered: on Node 20 the first
// AsyncLocalStorage.run turns on promise hooks for the whole process (every await of every
// request pays for them from then on), a cost an app whose only lifecycle is on categories need not
// pay for its article writes.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '@cms-gen/db/types';
import type { EngineEvent } from '../engine/events';
import type { EngineCore } from './engine-core';
import { runWrite, type SentValues } from '../engine/write/constraint-errors';

interface WriteScope {
  engine: EngineCore;
  tx: Db;
  /** Events of this attempt; dropped when it rolls back. */
  pending: EngineEvent[];
}

const current = new AsyncLocalStorage<WriteScope>();

function scopeOf(engine: EngineCore): WriteScope | undefined {
  const scope = current.getStore();
  return scope && scope.engine === engine ? scope : undefined;
}

/** The database a read should use: the open write transaction (to see its own rows), else the pool. */
export function readDb(engine: EngineCore): Db {
  return scopeOf(engine)?.tx ?? engine.db;
}

/**
 * Runs `fn` in a write transaction (runWrite: constraint errors become 400s, lost races are run
 * again), or inside the caller's when one is open. `fn` receives a `queue` for events; they are
 * emitted once the outermost transaction has committed.
 */
export async function inWriteTransaction<T>(engine: EngineCore, uid: string, fn: (tx: Db, queue: (event: EngineEvent) => void) => Promise<T>, sent?: SentValues): Promise<T> {
  const outer = scopeOf(engine);
  if (outer) return fn(outer.tx, (event) => outer.pending.push(event));
  let committed: EngineEvent[] = [];
  const result = await runWrite(
    engine.db,
    engine.schema,
    async (tx) => {
      const scope: WriteScope = { engine, tx, pending: [] };
      const queue = (event: EngineEvent) => void scope.pending.push(event);
      const value = engine.hooks.hasSubscribersFor(uid) ? await current.run(scope, () => fn(tx, queue)) : await fn(tx, queue);
      committed = scope.pending;
      return value;
    },
    sent,
  );
  for (const event of committed) engine.events.emit(event);
  return result;
}
