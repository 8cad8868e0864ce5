// Asks a MySQL/MariaDB database what a migration plan's risky steps (mysql-schema-diff.ts) would
// do to its data, before any statement runs: which data would be deleted (refused unless the
// caller allows data loss), and which steps cannot run at all on the current rows (always
// refused: MySQL would either fail half-way through the migration or invent values).
import type { DataLoss } from './data-loss';
import type { MysqlRisk } from './mysql-schema-diff';
import { quoteMysql as q, type MysqlTable } from './mysql-schema-model';
import type { Db } from '@cms-gen/db/types';

export interface MysqlRiskReport {
  losses: DataLoss[];
  /** Why the plan cannot run; each entry names `table.column`. */
  blockers: string[];
}

const PROBE = q('_cms_type_probe');

async function any(db: Db, sql: string): Promise<boolean> {
  return (await db.query(`${sql} LIMIT 1`)).length > 0;
}

async function strictMode(db: Db): Promise<boolean> {
  const [row] = await db.query('SELECT @@SESSION.sql_mode AS m');
  return /STRICT_(TRANS|ALL)_TABLES/.test(String(row?.m ?? ''));
}

type Conversion = 'exact' | 'lossy' | 'fails';

/**
 * Converts every value of the column to the new type and back in a temporary table (the same
 * conversion ALTER TABLE … MODIFY performs, under the session's sql_mode) and compares the result
 * with the original byte for byte: 1.5 → int → 2 is lossy, int → bigint exact, 'abc' → int fails
 * in strict mode. Needs a one-column primary key to pair rows; without one, any value counts as lossy.
 */
async function probeConversion(db: Db, table: MysqlTable, column: string, from: string, to: string): Promise<Conversion> {
  const t = q(table.name);
  const c = q(column);
  if (table.primaryKey.length !== 1) return (await any(db, `SELECT 1 AS x FROM ${t} WHERE ${c} IS NOT NULL`)) ? 'lossy' : 'exact';
  const key = table.columns.find((col) => col.name === table.primaryKey[0]);
  const k = q(table.primaryKey[0]);
  // MariaDB's JSON is LONGTEXT with a CHECK; in the probe both behave the same.
  await db.execute(`DROP TEMPORARY TABLE IF EXISTS ${PROBE}`);
  await db.execute(`CREATE TEMPORARY TABLE ${PROBE} (k ${(key?.type ?? 'bigint').toUpperCase()} NOT NULL PRIMARY KEY, v ${to.toUpperCase()} NULL, back ${from.toUpperCase()} NULL)`);
  try {
    try {
      await db.execute(`INSERT INTO ${PROBE} (k, v) SELECT ${k}, ${c} FROM ${t} WHERE ${c} IS NOT NULL`);
      await db.execute(`UPDATE ${PROBE} SET back = v`);
    } catch {
      return 'fails';
    }
    const lossy = await any(db, `SELECT 1 AS x FROM ${PROBE} p JOIN ${t} o ON o.${k} = p.k WHERE NOT (CAST(p.back AS BINARY) <=> CAST(o.${c} AS BINARY))`);
    return lossy ? 'lossy' : 'exact';
  } finally {
    await db.execute(`DROP TEMPORARY TABLE IF EXISTS ${PROBE}`);
  }
}

/** Checks each risk against the live rows. `live` is the introspected state the plan was made from. */
export async function checkMysqlRisks(db: Db, risks: readonly MysqlRisk[], live: ReadonlyMap<string, MysqlTable>): Promise<MysqlRiskReport> {
  const losses: DataLoss[] = [];
  const blockers: string[] = [];
  let strict: boolean | undefined;
  for (const risk of risks) {
    const t = q(risk.table);
    switch (risk.kind) {
      case 'dropTable':
        if (await any(db, `SELECT 1 AS x FROM ${t}`)) losses.push({ table: risk.table, reason: 'table is dropped and holds rows' });
        break;
      case 'dropColumn':
        if (await any(db, `SELECT 1 AS x FROM ${t} WHERE ${q(risk.column)} IS NOT NULL`)) {
          losses.push({ table: risk.table, column: risk.column, reason: 'column is dropped and holds values' });
        }
        break;
      case 'changeType': {
        const table = live.get(risk.table);
        if (!table) break;
        const result = await probeConversion(db, table, risk.column, risk.from, risk.to);
        strict ??= await strictMode(db);
        if (result === 'fails' && strict) {
          blockers.push(`${risk.table}.${risk.column}: type changes from ${risk.from} to ${risk.to}, and some values cannot be converted (MySQL's strict mode would stop the migration half-way)`);
        } else if (result !== 'exact') {
          losses.push({ table: risk.table, column: risk.column, reason: `type changes to ${risk.to} and some values would not survive the conversion` });
        }
        break;
      }
      case 'addRequiredColumn':
        if (await any(db, `SELECT 1 AS x FROM ${t}`)) {
          blockers.push(`${risk.table}.${risk.column}: a required column without a default is added to a table that holds rows (MySQL would fill it with 0 or '')`);
        }
        break;
      case 'makeRequired':
        if (await any(db, `SELECT 1 AS x FROM ${t} WHERE ${q(risk.column)} IS NULL`)) {
          blockers.push(`${risk.table}.${risk.column}: the column becomes required but holds NULLs`);
        }
        break;
    }
  }
  return { losses, blockers };
}
