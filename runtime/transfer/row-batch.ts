// Rows waiting for a multi-row INSERT, grouped by table and column list, written when a group is
// full (and by flush()): a few thousand parameters per statement, far below every driver's limit,
// so memory holds at most one statement's rows per group.
import { dialectFor, type Db, type SqlValue } from './runtime-deps';

const MAX_PARAMS = 4000;
const MAX_ROWS = 500;

interface Group {
  table: string;
  columns: string[];
  params: SqlValue[];
  rows: number;
}

/** Where mapped rows go: the database (RowBatch) or nowhere (a dry run). */
export interface RowSink {
  add(table: string, row: Map<string, SqlValue>): Promise<void>;
  flush(): Promise<void>;
}

/** A dry run's sink: rows are mapped (so bad values fail) and dropped. */
export const DISCARD_ROWS: RowSink = { add: async () => undefined, flush: async () => undefined };

export class RowBatch implements RowSink {
  private readonly groups = new Map<string, Group>();
  private readonly quote: (id: string) => string;
  /** Tables given explicit ids (their sequences are moved past them at the end). */
  readonly tablesWithIds = new Set<string>();

  constructor(private readonly db: Db) {
    this.quote = dialectFor(db.dialect).quote;
  }

  async add(table: string, row: Map<string, SqlValue>): Promise<void> {
    const columns = [...row.keys()];
    if (row.has('id')) this.tablesWithIds.add(table);
    const key = `${table}\u0000${columns.join(',')}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { table, columns, params: [], rows: 0 };
      this.groups.set(key, group);
    }
    for (const value of row.values()) group.params.push(value);
    group.rows += 1;
    if (group.rows >= MAX_ROWS || group.params.length + columns.length > MAX_PARAMS) await this.write(group);
  }

  private async write(group: Group): Promise<void> {
    if (group.rows === 0) return;
    const q = this.quote;
    const tuple = `(${group.columns.map(() => '?').join(', ')})`;
    const text = `INSERT INTO ${q(group.table)} (${group.columns.map(q).join(', ')}) VALUES ${Array.from({ length: group.rows }, () => tuple).join(', ')}`;
    const params = group.params;
    group.params = [];
    group.rows = 0;
    await this.db.execute(text, params);
  }

  async flush(): Promise<void> {
    for (const group of this.groups.values()) await this.write(group);
  }
}

/** Moves each table's id sequence past the ids written explicitly (PostgreSQL; the others follow by themselves). */
export async function resetSequences(db: Db, tables: Iterable<string>): Promise<void> {
  if (db.dialect !== 'postgres') return;
  const q = dialectFor(db.dialect).quote;
  for (const table of tables) {
    await db.query(`SELECT setval(pg_get_serial_sequence(?, 'id'), COALESCE((SELECT MAX(id) FROM ${q(table)}), 1), (SELECT MAX(id) FROM ${q(table)}) IS NOT NULL)`, [table]);
  }
}
