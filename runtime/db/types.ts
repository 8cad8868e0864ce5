// The one interface the runtime talks to a database through. SQL is written with `?`
// placeholders on every dialect (the PostgreSQL executor numbers them), and every value is a
// bound parameter: nothing user-supplied is ever spliced into SQL text.

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

export type SqlValue = string | number | bigint | boolean | null | Buffer;

export type Row = Record<string, unknown>;

export interface ExecuteResult {
  /** Rows changed by the statement. */
  changes: number;
}

export interface Db {
  readonly dialect: DialectName;
  /** Runs a statement that returns rows (SELECT, or INSERT/UPDATE ... RETURNING). */
  query(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Runs a statement for its effect. */
  execute(sql: string, params?: readonly SqlValue[]): Promise<ExecuteResult>;
  /**
   * Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it
   * throws. Nested calls reuse the outer transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Statements run so far on this handle and its transactions (tests count queries with it). */
  readonly stats: { queries: number };
}

/** A parsed DATABASE_URL. */
export interface DatabaseConfig {
  dialect: DialectName;
  /** sqlite: absolute file path or ':memory:'; others: the connection URL. */
  url: string;
  /** sqlite only */
  filename?: string;
  pool?: { min?: number; max?: number };
}
