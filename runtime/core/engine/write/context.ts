// What every write step needs: the transaction, the schema and the dialect.
import type { Db, Row, SqlValue } from '@cms-gen/db/types';
import type { SchemaMeta } from '../../model/types';
import type { Dialect } from '../../sql/dialect';

export interface WriteEnv {
  tx: Db;
  schema: SchemaMeta;
  dialect: Dialect;
  defaultLocale: string;
  bcryptRounds: number;
}

/** The row being written: its table row id and the document it belongs to. */
export interface OwnerRow {
  /** uid of the content type or component */
  uid: string;
  id: number;
  documentId?: string;
  locale?: string | null;
  /** Inserted by this write: it has no links, media or components yet, so nothing needs reading first. */
  fresh?: boolean;
}

export async function queryRows(env: WriteEnv, text: string, params: SqlValue[] = []): Promise<Row[]> {
  return env.tx.query(text, params);
}

/** INSERT ... RETURNING id on every dialect (SQLite ≥ 3.35, PostgreSQL, MariaDB ≥ 10.5). */
export async function insertReturningId(env: WriteEnv, table: string, values: Map<string, SqlValue>): Promise<number> {
  const q = env.dialect.quote;
  const columns = [...values.keys()];
  const text = `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING id`;
  const rows = await env.tx.query(text, [...values.values()]);
  return Number(rows[0].id);
}

export async function updateRow(env: WriteEnv, table: string, id: number, values: Map<string, SqlValue>): Promise<void> {
  if (values.size === 0) return;
  const q = env.dialect.quote;
  const sets = [...values.keys()].map((c) => `${q(c)} = ?`).join(', ');
  await env.tx.execute(`UPDATE ${q(table)} SET ${sets} WHERE id = ?`, [...values.values(), id]);
}
