// PostgreSQL executor on a pg.Pool. Values come back in the runtime's canonical forms, decided
// here once instead of in every caller: int8 as bigint, numeric as an exact string, date as
// 'YYYY-MM-DD', time as 'HH:mm:ss.SSS', timestamps as ISO strings with 'Z'. The parsers are
// set on this pool only (pg's `types` option), never on pg's global registry, so other pg users
// in the process (Prisma's adapter, tests) keep pg's defaults.
//
// Nothing here depends on the server session, so the executor works through PgBouncer in
// transaction pooling mode (docs/database.md, "PgBouncer"): no SET, no named prepared statements
// (queries never pass `name`), and a transaction keeps its one client from BEGIN to COMMIT.
import { Pool, types as pgTypes, type PoolClient, type QueryResult } from 'pg';
import { numberPlaceholders } from './pg-placeholders';
import { timeTextToCanonical, timestampTextToIso } from '@cms-gen/db/temporal';
import { TransactionState } from '@cms-gen/db/transaction-end';
import type { Db, ExecuteResult, Row, SqlValue } from '@cms-gen/db/types';

const OID = { int8: 20, json: 114, jsonb: 3802, date: 1082, time: 1083, timestamp: 1114, timestamptz: 1184, numeric: 1700 } as const;

const TEXT_PARSERS: Record<number, (text: string) => unknown> = {
  [OID.int8]: (text) => BigInt(text),
  [OID.numeric]: (text) => text,
  // JSON stays text, as on SQLite and MariaDB: the codec parses it exactly once (parsing here too
  // would turn a stored JSON string such as "123" into the number 123).
  [OID.json]: (text) => text,
  [OID.jsonb]: (text) => text,
  [OID.date]: (text) => text,
  [OID.time]: timeTextToCanonical,
  [OID.timestamp]: timestampTextToIso,
  [OID.timestamptz]: timestampTextToIso,
};

function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  const own = format === 'binary' ? undefined : TEXT_PARSERS[oid];
  return own ?? pgTypes.getTypeParser(oid, format);
}

export interface PostgresOptions {
  pool?: { min?: number; max?: number };
}

/** Something that runs one statement: the pool, or the client a transaction holds. */
interface Runner {
  query(text: string, values: unknown[]): Promise<QueryResult<Row>>;
}

function run(runner: Runner, sql: string, params: readonly SqlValue[]): Promise<QueryResult<Row>> {
  return runner.query(numberPlaceholders(sql), params as unknown[]);
}

/**
 * A transaction's client, running one statement at a time. Callers may issue several statements
 * at once (population loads a level's attributes with Promise.all, and a transaction reads its
 * writes back that way); on the pool each takes its own connection, but a transaction has one.
 * pg 8 queues a statement issued while another runs on the same client, with a deprecation
 * warning, and pg 9 drops that queue, so the statements are chained here: each starts when the
 * previous one has settled, in the order they were issued. A failure rejects its own caller only;
 * the next statement still runs (PostgreSQL then answers it for the aborted transaction itself).
 * BEGIN, COMMIT and ROLLBACK go through the same chain, so a ROLLBACK after `fn` threw waits for
 * statements it left running.
 */
class SerialClient implements Runner {
  private tail: Promise<unknown> = Promise.resolve();
  /** Ended once COMMIT or ROLLBACK is issued: later statements are refused (transaction-end.ts). */
  readonly state = new TransactionState();
  constructor(private readonly client: PoolClient) {}
  // Async, so a refusal rejects; the body runs up to `enqueue` at the call, keeping the issue order.
  async query(text: string, values: unknown[] = []): Promise<QueryResult<Row>> {
    this.state.check();
    return this.enqueue(text, values);
  }
  /** Issues COMMIT or ROLLBACK after what is queued, and refuses every statement after it. */
  finish(text: 'COMMIT' | 'ROLLBACK'): Promise<QueryResult<Row>> {
    this.state.end();
    return this.enqueue(text, []);
  }
  private enqueue(text: string, values: unknown[]): Promise<QueryResult<Row>> {
    const result = this.tail.then(() => this.client.query<Row>(text, values));
    this.tail = result.catch(() => undefined);
    return result;
  }
}

class PostgresTransaction implements Db {
  readonly dialect = 'postgres' as const;
  constructor(
    private readonly client: SerialClient,
    readonly stats: { queries: number },
  ) {}
  async query(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    this.stats.queries++;
    return (await run(this.client, sql, params)).rows;
  }
  async execute(sql: string, params: readonly SqlValue[] = []): Promise<ExecuteResult> {
    this.stats.queries++;
    return { changes: (await run(this.client, sql, params)).rowCount ?? 0 };
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    // The pool is owned by the root Db.
  }
}

class PostgresDb implements Db {
  readonly dialect = 'postgres' as const;
  readonly stats = { queries: 0 };
  constructor(private readonly pool: Pool) {}

  async query(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    this.stats.queries++;
    return (await run(this.pool, sql, params)).rows;
  }

  async execute(sql: string, params: readonly SqlValue[] = []): Promise<ExecuteResult> {
    this.stats.queries++;
    return { changes: (await run(this.pool, sql, params)).rowCount ?? 0 };
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const serial = new SerialClient(client);
    let broken: Error | undefined;
    try {
      await serial.query('BEGIN');
      try {
        const result = await fn(new PostgresTransaction(serial, this.stats));
        await serial.finish('COMMIT');
        return result;
      } catch (err) {
        try {
          await serial.finish('ROLLBACK');
        } catch (rollbackError) {
          // The connection is unusable: make the pool discard it instead of reusing it.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw err;
      }
    } finally {
      client.release(broken);
    }
  }

  private closing: Promise<void> | undefined;

  /** Idempotent: the app and whoever owns the Db may both close it. */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}

/** Opens a pool on a `postgres://` / `postgresql://` URL (connections are made lazily). */
export function createPostgresDb(url: string, opts: PostgresOptions = {}): Db {
  const pool = new Pool({
    connectionString: url,
    max: opts.pool?.max ?? 10,
    min: opts.pool?.min ?? 0,
    types: { getTypeParser },
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, that would crash
  // the process. The next query simply gets a fresh connection.
  pool.on('error', () => undefined);
  return new PostgresDb(pool);
}
