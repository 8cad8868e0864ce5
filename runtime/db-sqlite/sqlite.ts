// SQLite executor on better-sqlite3. better-sqlite3 is synchronous, so a transaction that awaits
// between statements must keep every other writer off the connection until it ends: writes and
// transactions take an async lock, while plain reads go to a second connection that (in WAL mode)
// sees only committed data and never waits for the lock.
import Database from 'better-sqlite3';
import { TransactionState } from '@cms-gen/db/transaction-end';
import type { Db, ExecuteResult, Row, SqlValue } from '@cms-gen/db/types';

type Statement = Database.Statement<unknown[], Row>;

/** A tiny FIFO async mutex. */
class Lock {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

const STATEMENT_CACHE_SIZE = 500;

/** What a row is built from: better-sqlite3's raw row, the column values in order. */
type RowBuilder = (values: unknown[]) => Row;

/**
 * A prepared statement and, for one that returns rows, how its rows become objects.
 *
 * Readers run in better-sqlite3's raw mode (each row an array) and the row object is built in
 * JavaScript by a function compiled per statement: one object literal, so every row of a statement
 * shares one shape. better-sqlite3's own object rows set each column on a new object in turn,
 * which costs more than reading the values. Measured here on the benchmark's data (best of 9 × 400
 * runs): 25 articles of the list-fields page 149 → 86 µs, one article of the get-one 15.9 → 10.2
 * µs (docs/benchmarks.md, "rows as arrays").
 */
interface Prepared {
  stmt: Statement;
  /** Undefined for a statement that returns no rows, whose columns follow the schema, or whose names a literal cannot spell safely. */
  build?: RowBuilder;
}

/**
 * Whether a statement's result columns follow the schema (`SELECT *`, `t.*`, `RETURNING *`): SQLite
 * prepares a statement again after a schema change, and a `*` then stands for the columns as they
 * are now, so names read once at preparation could pair with other values. Such statements keep
 * better-sqlite3's object rows, named at every run; a `*` outside `count(*)` (a product, too) is
 * enough to keep them, to be safe.
 */
function expandsColumns(sql: string): boolean {
  return sql.replace(/count\(\s*\*\s*\)/gi, '').includes('*');
}

/**
 * The row constructor of a column list: `{ "id": v[0], "title": v[1], … }`. Names are written
 * with JSON.stringify, so any name is a string key; a repeated name keeps the first one's place and
 * the last one's value, as better-sqlite3's object rows do. `__proto__` would set the prototype in
 * a literal, so a statement naming it keeps better-sqlite3's object rows.
 */
function rowBuilder(sql: string, names: readonly string[]): RowBuilder | undefined {
  if (names.includes('__proto__') || expandsColumns(sql)) return undefined;
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as RowBuilder;
}

class Connection {
  private readonly statements = new Map<string, Prepared>();
  constructor(readonly handle: Database.Database) {}

  prepare(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      const stmt = this.handle.prepare<unknown[], Row>(sql);
      const build = stmt.reader ? rowBuilder(sql, stmt.columns().map((column) => column.name)) : undefined;
      if (build) stmt.raw(true);
      prepared = { stmt, build };
      // Bounded: queries embed IN-list lengths, so the set of SQL strings is open-ended.
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      this.statements.set(sql, prepared);
    }
    return prepared;
  }
}

function bind(params: readonly SqlValue[]): unknown[] {
  // better-sqlite3 refuses booleans; SQLite stores them as 0/1 anyway.
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

function open(filename: string): Database.Database {
  const handle = new Database(filename);
  handle.pragma('journal_mode = WAL');
  handle.pragma('synchronous = NORMAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  return handle;
}

const READ_ONLY = /^\s*(select|with)\b/i;

function runQuery(conn: Connection, sql: string, params: readonly SqlValue[]): Row[] {
  const { stmt, build } = conn.prepare(sql);
  if (!stmt.reader) {
    stmt.run(...bind(params));
    return [];
  }
  if (!build) return stmt.all(...bind(params));
  // Built in place: the array better-sqlite3 returned becomes the array of rows.
  const rows = stmt.all(...bind(params)) as unknown as (unknown[] | Row)[];
  for (let i = 0; i < rows.length; i++) rows[i] = build(rows[i] as unknown[]);
  return rows as Row[];
}

function runExecute(conn: Connection, sql: string, params: readonly SqlValue[]): ExecuteResult {
  const { stmt } = conn.prepare(sql);
  if (stmt.reader) return { changes: stmt.all(...bind(params)).length };
  return { changes: stmt.run(...bind(params)).changes };
}

/** A Db bound to the writer connection inside an open transaction. */
class SqliteTransaction implements Db {
  readonly dialect = 'sqlite' as const;
  constructor(
    private readonly writer: Connection,
    readonly stats: { queries: number },
    /** Ended at COMMIT or ROLLBACK: the writer then belongs to whoever takes the lock next (transaction-end.ts). */
    private readonly state: TransactionState,
  ) {}
  async query(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    this.state.check();
    this.stats.queries++;
    return runQuery(this.writer, sql, params);
  }
  async execute(sql: string, params: readonly SqlValue[] = []): Promise<ExecuteResult> {
    this.state.check();
    this.stats.queries++;
    return runExecute(this.writer, sql, params);
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    // The owning SqliteDb closes the connections.
  }
}

class SqliteDb implements Db {
  readonly dialect = 'sqlite' as const;
  readonly stats = { queries: 0 };
  private readonly lock = new Lock();

  constructor(
    private readonly writer: Connection,
    private readonly reader: Connection,
  ) {}

  async query(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    this.stats.queries++;
    if (READ_ONLY.test(sql)) return runQuery(this.reader, sql, params);
    return this.lock.run(async () => runQuery(this.writer, sql, params));
  }

  async execute(sql: string, params: readonly SqlValue[] = []): Promise<ExecuteResult> {
    this.stats.queries++;
    return this.lock.run(async () => runExecute(this.writer, sql, params));
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.lock.run(async () => {
      const handle = this.writer.handle;
      handle.exec('BEGIN IMMEDIATE');
      const state = new TransactionState();
      try {
        const result = await fn(new SqliteTransaction(this.writer, this.stats, state));
        state.end();
        handle.exec('COMMIT');
        return result;
      } catch (err) {
        state.end();
        if (handle.inTransaction) handle.exec('ROLLBACK');
        throw err;
      }
    });
  }

  async close(): Promise<void> {
    await this.lock.run(async () => {
      if (this.reader !== this.writer) this.reader.handle.close();
      this.writer.handle.close();
    });
  }
}

/** Opens (creating if needed) a SQLite database file; ':memory:' gives a private in-memory database. */
export function createSqliteDb(filename: string): Db {
  const writer = new Connection(open(filename));
  // An in-memory database exists only on its one connection, so reads share the writer there.
  const reader = filename === ':memory:' ? writer : new Connection(open(filename));
  return new SqliteDb(writer, reader);
}
