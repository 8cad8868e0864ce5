// MySQL/MariaDB executor on the `mariadb` package's pool (`?` placeholders are native).
// Driver settings chosen so values arrive in the runtime's canonical forms: BIGINT as bigint and
// DECIMAL as an exact string (the driver's defaults), DATE/DATETIME as strings (`dateStrings`)
// read in a UTC session (`timezone: 'Z'`), then DATETIME/TIMESTAMP rewritten to ISO with 'Z' and
// TIME to 'HH:mm:ss.SSS'. JSON columns come back as their text, as on SQLite: the runtime's codec
// parses them once (see `autoJsonMap` below).
import { createPool, type FieldInfo, type Pool, type PoolConnection, type UpsertResult } from 'mariadb';
import { timeTextToCanonical, timestampTextToIso } from '@cms-gen/db/temporal';
import { TransactionState } from '@cms-gen/db/transaction-end';
import type { Db, ExecuteResult, Row, SqlValue } from '@cms-gen/db/types';

export interface MysqlOptions {
  pool?: { min?: number; max?: number };
}

type QueryResult = (Row[] & { meta?: FieldInfo[] }) | UpsertResult;

interface Runner {
  query(sql: string, values?: unknown): Promise<unknown>;
}

const DATETIME_TYPES = new Set(['DATETIME', 'TIMESTAMP', 'DATETIME2', 'TIMESTAMP2']);
const TIME_TYPES = new Set(['TIME', 'TIME2']);

/** Rewrites temporal columns in place; costs nothing for results without such columns. */
function normalizeRows(rows: Row[], meta: FieldInfo[] | undefined): Row[] {
  if (!meta || rows.length === 0) return rows;
  const datetimes: string[] = [];
  const times: string[] = [];
  for (const field of meta) {
    const type = String(field.type);
    if (DATETIME_TYPES.has(type)) datetimes.push(field.name());
    else if (TIME_TYPES.has(type)) times.push(field.name());
  }
  if (datetimes.length === 0 && times.length === 0) return rows;
  for (const row of rows) {
    for (const name of datetimes) {
      const value = row[name];
      if (typeof value === 'string') row[name] = timestampTextToIso(value);
    }
    for (const name of times) {
      const value = row[name];
      if (typeof value === 'string') row[name] = timeTextToCanonical(value);
    }
  }
  return rows;
}

async function runQuery(runner: Runner, sql: string, params: readonly SqlValue[]): Promise<Row[]> {
  const result = (await runner.query(sql, params)) as QueryResult;
  // Statements without a result set (no RETURNING) resolve to an OK packet, not an array.
  return Array.isArray(result) ? normalizeRows(result, result.meta) : [];
}

async function runExecute(runner: Runner, sql: string, params: readonly SqlValue[]): Promise<ExecuteResult> {
  const result = (await runner.query(sql, params)) as QueryResult;
  return { changes: Array.isArray(result) ? result.length : Number(result.affectedRows) };
}

class MysqlTransaction implements Db {
  readonly dialect = 'mysql' as const;
  constructor(
    private readonly conn: PoolConnection,
    readonly stats: { queries: number },
    /** Ended when COMMIT or ROLLBACK is issued: the connection goes back to the pool (transaction-end.ts). */
    private readonly state: TransactionState,
  ) {}
  async query(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    this.state.check();
    this.stats.queries++;
    return runQuery(this.conn, sql, params);
  }
  async execute(sql: string, params: readonly SqlValue[] = []): Promise<ExecuteResult> {
    this.state.check();
    this.stats.queries++;
    return runExecute(this.conn, sql, params);
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    // The pool is owned by the root Db.
  }
}

class MysqlDb implements Db {
  readonly dialect = 'mysql' as const;
  readonly stats = { queries: 0 };
  constructor(private readonly pool: Pool) {}

  query(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    this.stats.queries++;
    return runQuery(this.pool, sql, params);
  }

  execute(sql: string, params: readonly SqlValue[] = []): Promise<ExecuteResult> {
    this.stats.queries++;
    return runExecute(this.pool, sql, params);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const conn = await this.pool.getConnection();
    const state = new TransactionState();
    try {
      await conn.beginTransaction();
      try {
        const result = await fn(new MysqlTransaction(conn, this.stats, state));
        state.end();
        await conn.commit();
        return result;
      } catch (err) {
        state.end();
        await conn.rollback().catch(() => undefined);
        throw err;
      }
    } finally {
      await conn.release();
    }
  }

  private closing: Promise<void> | undefined;

  /** Idempotent: the app and whoever owns the Db may both close it. */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}

/** Connection settings from a `mysql://` or `mariadb://` URL (user:password@host:port/database). */
export function mysqlConnectionOptions(url: string): { host: string; port: number; user: string; password: string; database: string | undefined } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new Error(`Not a MySQL/MariaDB URL: ${parsed.protocol}//…`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database: database === '' ? undefined : database,
  };
}

/** Opens a pool on a MySQL/MariaDB URL (connections are made lazily). */
export function createMysqlDb(url: string, opts: MysqlOptions = {}): Db {
  const pool = createPool({
    ...mysqlConnectionOptions(url),
    connectionLimit: opts.pool?.max ?? 10,
    // The driver defaults to keeping connectionLimit connections open from the start; and with
    // minimumIdle 0, mariadb 3.4.5 never opens a connection at all (every acquire times out).
    minimumIdle: Math.max(1, opts.pool?.min ?? 1),
    dateStrings: true,
    timezone: 'Z',
    bigIntAsNumber: false,
    decimalAsNumber: false,
    insertIdAsNumber: true,
    // MariaDB 10.5+ flags JSON columns and the driver would parse them; the codec then parsed the
    // result again, so the JSON string "123" came back as the number 123 ("true" as true).
    autoJsonMap: false,
    // PostgreSQL's isolation level. Under InnoDB's default (REPEATABLE READ) a transaction keeps
    // reading the snapshot of its first SELECT, so a write that waited for another one's row lock
    // then decided on stale rows (e.g. publishing a draft whose published row had just been
    // created); READ COMMITTED reads what has committed, and takes no gap locks (fewer deadlocks).
    initSql: "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED",
  });
  return new MysqlDb(pool);
}
