// Asks the live database which of a migration's destructive changes would delete data. Runs
// inside the migration's transaction, before any of its statements, so the answer matches what
// the statements will see.
import type { DestructiveChange, TableRef } from './destructive-changes';
import type { Db } from '@cms-gen/db/types';

export interface DataLoss {
  table: string;
  /** Absent when a whole table with rows is dropped. */
  column?: string;
  /** Human-readable reason, e.g. 'column is dropped and holds values'. */
  reason: string;
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function qualified(table: TableRef): string {
  return table.schema ? `${quote(table.schema)}.${quote(table.name)}` : quote(table.name);
}

function label(table: TableRef): string {
  return table.schema ? `${table.schema}.${table.name}` : table.name;
}

/** Live column names of a table; empty when the table does not exist. */
async function liveColumns(db: Db, table: TableRef): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const rows = await db.query(`SELECT name FROM pragma_table_info(?)`, [table.name]);
    return rows.map((r) => String(r.name));
  }
  const rows = await db.query(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = COALESCE(?, current_schema()) AND table_name = ?`,
    [table.schema ?? null, table.name],
  );
  return rows.map((r) => String(r.name));
}

async function hasRows(db: Db, table: TableRef): Promise<boolean> {
  return (await db.query(`SELECT 1 AS x FROM ${qualified(table)} LIMIT 1`)).length > 0;
}

async function hasValues(db: Db, table: TableRef, column: string): Promise<boolean> {
  return (await db.query(`SELECT 1 AS x FROM ${qualified(table)} WHERE ${quote(column)} IS NOT NULL LIMIT 1`)).length > 0;
}

/**
 * PostgreSQL type change: data is lost if some value does not survive the round trip
 * old → new → old (1.5 → integer → 2, 'a long text' → varchar(5) → 'a lon'), or cannot be cast
 * at all. Widening changes (integer → bigint, varchar(10) → text) pass. The probe runs under a
 * savepoint because a failing cast aborts the surrounding transaction.
 */
async function typeChangeLosesData(db: Db, table: TableRef, column: string, newType: string): Promise<boolean> {
  const [typeRow] = await db.query(
    `SELECT format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a WHERE a.attrelid = to_regclass(?) AND a.attname = ? AND NOT a.attisdropped`,
    [qualified(table), column],
  );
  if (!typeRow) return false;
  const oldType = String(typeRow.type);
  const col = quote(column);
  await db.execute('SAVEPOINT cms_type_probe');
  try {
    const rows = await db.query(`SELECT 1 AS x FROM ${qualified(table)} WHERE ${col} IS NOT NULL AND ${col} IS DISTINCT FROM ((${col})::${newType})::${oldType} LIMIT 1`);
    await db.execute('RELEASE SAVEPOINT cms_type_probe');
    return rows.length > 0;
  } catch {
    await db.execute('ROLLBACK TO SAVEPOINT cms_type_probe');
    // Some value cannot be converted (or the types cannot be compared): the ALTER would fail or lose data.
    return hasValues(db, table, column);
  }
}

/** The data the changes would delete, in statement order. Changes to absent tables/columns are ignored. */
export async function findDataLoss(db: Db, changes: readonly DestructiveChange[]): Promise<DataLoss[]> {
  const losses: DataLoss[] = [];
  for (const change of changes) {
    const columns = await liveColumns(db, change.table);
    if (columns.length === 0) continue;
    const table = label(change.table);
    switch (change.kind) {
      case 'dropTable':
        if (await hasRows(db, change.table)) losses.push({ table, reason: 'table is dropped and holds rows' });
        break;
      case 'dropColumn':
        if (columns.includes(change.column) && (await hasValues(db, change.table, change.column))) {
          losses.push({ table, column: change.column, reason: 'column is dropped and holds values' });
        }
        break;
      case 'redefineTable':
        for (const column of columns) {
          if (!change.copied.includes(column) && (await hasValues(db, change.table, column))) {
            losses.push({ table, column, reason: 'column is dropped and holds values' });
          }
        }
        break;
      case 'alterColumnType':
        if (columns.includes(change.column) && db.dialect === 'postgres' && (await typeChangeLosesData(db, change.table, change.column, change.newType))) {
          losses.push({ table, column: change.column, reason: `type changes to ${change.newType} and some values would not survive the conversion` });
        }
        break;
    }
  }
  return losses;
}

export class DataLossError extends Error {
  constructor(readonly losses: readonly DataLoss[]) {
    super(
      [
        'Refusing to migrate the database: the schema change would delete data.',
        ...losses.map((l) => `  - ${l.column ? `${l.table}.${l.column}` : l.table}: ${l.reason}`),
        'Nothing was changed. To apply the change anyway (the data above is lost), start the app with CMS_ALLOW_DATA_LOSS=1 (or database.allowDataLoss: true in config/database).',
      ].join('\n'),
    );
    this.name = 'DataLossError';
  }
}
