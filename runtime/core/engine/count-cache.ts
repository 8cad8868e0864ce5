// Page counts (`meta.pagination.total`) remembered until the data changes. A count reads every
// matching entry of an index (or every row, with a filter no index serves), so it is the one part
// of a default list whose cost grows with the table: at 100k articles it was most of a populated
// page's SQL time. Lists are read far more often than written, so each count is stored with a
// *version* of the database taken in the same statement, and served again while a probe taken
// before the next count returns the same version. Exact, not time-based: any committed write,
// by this process or another one, changes the version.
//
// - SQLite: `PRAGMA data_version` changes when another connection commits (the runtime writes on
//   a connection of its own, and other processes count too); `total_changes()` counts the
//   connection's own writes, for an in-memory database whose reads share the writer.
// - PostgreSQL: the statement's snapshot (`pg_current_snapshot()`): which transactions it sees.
//   Equal snapshots see the same committed data; any transaction that writes takes a transaction
//   id, which moves the next probe's snapshot (cluster-wide, so busy neighbours only cause misses).
// - MySQL/MariaDB: no such probe; counts are not cached.
//
// Only counts on the engine's own connection are cached: inside a transaction a count must see
// the transaction's uncommitted writes, which no version shows.
import type { Db, SqlValue } from '@cms-gen/db/types';
import { join, sql, type Sql } from '../sql/fragment';

const MAX_ENTRIES = 1000;

/** A SQL expression naming the data a statement sees, or undefined where there is none. */
function versionExpression(dialect: Db['dialect']): string | undefined {
  if (dialect === 'sqlite') return "(SELECT data_version FROM pragma_data_version) || ':' || total_changes()";
  if (dialect === 'postgres') return 'pg_current_snapshot()::text';
  return undefined;
}

/** The statement that reads the current version, or undefined where counts are not cached. */
export function versionProbe(dialect: Db['dialect']): string | undefined {
  const version = versionExpression(dialect);
  return version ? `SELECT ${version} AS v` : undefined;
}

const keyOf = (statement: Sql): string =>
  `${statement.text}\u0000${JSON.stringify(statement.params, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`;

export class CountCache {
  private readonly entries = new Map<string, { version: string; count: number }>();
  private readonly version: string | undefined;
  private readonly probe: string | undefined;
  /** Set when the probe failed once (e.g. a PostgreSQL standby without the function): counts run uncached. */
  private disabled = false;
  /** Served from the cache and counted (for tests and the benchmark's notes). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly db: Db) {
    this.version = versionExpression(db.dialect);
    this.probe = versionProbe(db.dialect);
  }

  /**
   * `COUNT(*)` of `from` (the statement after `SELECT COUNT(*) AS c `, e.g. `FROM t WHERE …`),
   * from the cache when the data has not changed since it was counted.
   */
  async count(from: Sql): Promise<number> {
    if (!this.version || !this.probe || this.disabled) return this.run(from);
    const key = keyOf(from);
    const cached = this.entries.get(key);
    // Probe only when there is a count to serve: a list counted for the first time (a new filter
    // value, a search) goes straight to the counting statement, one query instead of two.
    if (cached) {
      let current: string;
      try {
        current = String((await this.db.query(this.probe))[0]?.v);
      } catch {
        this.disabled = true;
        return this.run(from);
      }
      if (cached.version === current) {
        this.stats.hits++;
        return cached.count;
      }
    }
    this.stats.misses++;
    // The version comes from the counting statement itself: the count and the version describe
    // the same snapshot, whatever commits in between.
    const statement = join([sql(`SELECT COUNT(*) AS c, ${this.version} AS v `), from], '');
    let row: Record<string, unknown> | undefined;
    try {
      [row] = await this.db.query(statement.text, statement.params);
    } catch (err) {
      // A database without the version function (e.g. a PostgreSQL standby): count uncached from now on.
      if (cached) throw err;
      this.disabled = true;
      return this.run(from);
    }
    const count = Number(row?.c ?? 0);
    this.entries.delete(key);
    this.entries.set(key, { version: String(row?.v), count });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return count;
  }

  /** Forgets every count (the next one of each kind is counted again). */
  clear(): void {
    this.entries.clear();
  }

  private async run(from: Sql): Promise<number> {
    const statement = join([sql('SELECT COUNT(*) AS c '), from], '');
    const rows = await this.db.query(statement.text, statement.params as SqlValue[]);
    return Number(rows[0]?.c ?? 0);
  }
}
