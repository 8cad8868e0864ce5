// Fills the `is_draft` column of rows written before it existed, as part of the migration that
// adds it (docs/database.md, "Unique indexes"). The column is part of every unique index the
// generator emits and NULLs never clash in a unique index, so those rows are not covered until
// they get their value: true for a draft row (published_at IS NULL), false otherwise. Before
// filling it, each such index is checked for rows that would clash, so duplicates left by
// earlier versions stop the start with a message that names them instead of a driver error.
import { constraintViolation } from './constraint-violation';
import type { Db, DialectName, SqlValue } from '@cms-gen/db/types';

const DRAFT_COLUMN = 'is_draft';

interface DraftTable {
  table: string;
  /** Column lists of the unique indexes that contain is_draft. */
  uniques: string[][];
}

/** Tables of a generated schema.prisma with an is_draft column, and their unique indexes. */
export function draftTables(schema: string): DraftTable[] {
  const out: DraftTable[] = [];
  for (const match of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const body = match[2];
    if (!new RegExp(`^\\s*${DRAFT_COLUMN}\\s`, 'm').test(body)) continue;
    const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? match[1];
    const uniques = [...body.matchAll(/@@unique\(\[([^\]]+)\]/g)]
      .map((u) => u[1].split(',').map((c) => c.trim().replace(/\(.*$/, '')))
      .filter((columns) => columns.includes(DRAFT_COLUMN));
    out.push({ table, uniques });
  }
  return out;
}

const quoter = (dialect: DialectName) => (name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);

const DRAFT_VALUE = 'CASE WHEN published_at IS NULL THEN 1 ELSE 0 END';

export class DuplicateValuesError extends Error {
  constructor(readonly table: string, readonly columns: string[], readonly examples: string[]) {
    super(
      [
        `Cannot make (${columns.join(', ')}) unique in table "${table}": existing rows share these values.`,
        ...examples.map((e) => `  - ${e}`),
        'A unique attribute may hold a value once per locale and publication state, a document has one draft and one published row per locale, and a single type one document. Change or remove the duplicates, then start again.',
      ].join('\n'),
    );
    this.name = 'DuplicateValuesError';
  }
}

async function checkDuplicates(tx: Db, table: string, columns: string[]): Promise<void> {
  const q = quoter(tx.dialect);
  const keys = columns.filter((c) => c !== DRAFT_COLUMN);
  const select = [...keys.map(q), `${DRAFT_VALUE} AS draft_state`, 'COUNT(*) AS n'].join(', ');
  const where = keys.length ? ` WHERE ${keys.map((k) => `${q(k)} IS NOT NULL`).join(' AND ')}` : '';
  const rows = await tx.query(`SELECT ${select} FROM ${q(table)}${where} GROUP BY ${[...keys.map(q), DRAFT_VALUE].join(', ')} HAVING COUNT(*) > 1 LIMIT 5`);
  if (rows.length === 0) return;
  const examples = rows.map((row) => {
    const values = keys.map((k) => `${k} = ${JSON.stringify(String(row[k] as SqlValue))}`);
    return `${[...values, Number(row.draft_state) === 1 ? 'draft' : 'published'].join(', ')}: ${String(row.n)} rows`;
  });
  throw new DuplicateValuesError(table, columns, examples);
}

/** Runs inside the migration (after its statements, before its history row). Cheap when nothing is NULL. */
export async function fillDraftFlags(tx: Db, schema: string): Promise<void> {
  const q = quoter(tx.dialect);
  for (const { table, uniques } of draftTables(schema)) {
    const pending = await tx.query(`SELECT 1 AS x FROM ${q(table)} WHERE ${q(DRAFT_COLUMN)} IS NULL LIMIT 1`);
    if (pending.length === 0) continue;
    for (const columns of uniques) await checkDuplicates(tx, table, columns);
    await tx.execute(`UPDATE ${q(table)} SET ${q(DRAFT_COLUMN)} = CASE WHEN published_at IS NULL THEN TRUE ELSE FALSE END WHERE ${q(DRAFT_COLUMN)} IS NULL`);
  }
}

/** A migration statement that failed because a new unique index meets rows that already clash. */
export function duplicateHint(err: unknown): string {
  return constraintViolation(err)?.kind === 'unique'
    ? '\nExisting rows hold the same values where the schema now requires them to be unique: change or remove the duplicates, then start again.'
    : '';
}
