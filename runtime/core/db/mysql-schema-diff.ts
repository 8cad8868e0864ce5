// Plans the DDL that brings the live MySQL/MariaDB tables to the desired ones. Pure: no database
// access; mysql-migrate.ts introspects, checks the plan's risks against the data, then runs it.
//
// MySQL commits every DDL statement on its own (no transactional DDL), so the plan is ordered to
// keep every intermediate state valid and to put destructive steps late:
//   1. drop foreign keys that go away or change, or whose columns change type;
//   2. create new tables, with their indexes (foreign keys come last);
//   3. one ALTER TABLE per existing table: drop changed indexes, add/modify/drop columns, add
//      indexes (one statement, so each table changes atomically and is rebuilt at most once);
//   4. drop removed tables;
//   5. add foreign keys.
// The plan is computed from the live tables, not from the previous schema text, so a run that
// failed half-way is finished by the next run.
import {
  quoteMysql as q,
  type MysqlColumn,
  type MysqlForeignKey,
  type MysqlIndex,
  type MysqlIndexColumn,
  type MysqlTable,
} from './mysql-schema-model';

/** Something the data must allow before the plan may run (checked by mysql-data-loss.ts). */
export type MysqlRisk =
  /** Loses data when the table holds rows. */
  | { kind: 'dropTable'; table: string }
  /** Loses data when the column holds values. */
  | { kind: 'dropColumn'; table: string; column: string }
  /** Loses data when some value does not survive the conversion old → new → old. */
  | { kind: 'changeType'; table: string; column: string; from: string; to: string }
  /** Cannot run on a table with rows: MySQL would invent a value (0, '') for every existing row. */
  | { kind: 'addRequiredColumn'; table: string; column: string }
  /** Cannot run while the column holds NULLs. */
  | { kind: 'makeRequired'; table: string; column: string };

export interface PlannedStatement {
  /** What the statement does, as a `-- comment` in the migration script (Prisma's wording). */
  step: 'DropForeignKey' | 'CreateTable' | 'AlterTable' | 'DropTable' | 'AddForeignKey';
  sql: string;
}

export interface MysqlPlan {
  statements: PlannedStatement[];
  risks: MysqlRisk[];
}

/** Applied to every table cms-gen creates: the storage engine with foreign keys and transactions, full Unicode. */
export const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci';

export function columnDefinition(column: MysqlColumn): string {
  return `${q(column.name)} ${column.type.toUpperCase()} ${column.nullable ? 'NULL' : 'NOT NULL'}${column.autoIncrement ? ' AUTO_INCREMENT' : ''}`;
}

const indexColumn = (c: MysqlIndexColumn): string => `${q(c.name)}${c.length !== undefined ? `(${c.length})` : ''}`;

function indexDefinition(index: MysqlIndex): string {
  return `${index.unique ? 'UNIQUE INDEX' : 'INDEX'} ${q(index.name)}(${index.columns.map(indexColumn).join(', ')})`;
}

function foreignKeyDefinition(fk: MysqlForeignKey): string {
  return `CONSTRAINT ${q(fk.name)} FOREIGN KEY (${fk.columns.map(q).join(', ')}) REFERENCES ${q(fk.referencedTable)}(${fk.referencedColumns.map(q).join(', ')}) ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate}`;
}

export function createTableStatement(table: MysqlTable): string {
  const lines = [
    ...table.columns.map(columnDefinition),
    ...table.indexes.map(indexDefinition),
    `PRIMARY KEY (${table.primaryKey.map(q).join(', ')})`,
  ];
  return `CREATE TABLE ${q(table.name)} (\n    ${lines.join(',\n    ')}\n) ${TABLE_OPTIONS}`;
}

// Definitions are matched by content, not by name: an index or key that does the same job is kept
// whatever it is called (a database adopted from elsewhere may use other names).
const indexSignature = (i: MysqlIndex): string => `${i.unique ? 'U' : 'I'}:${i.columns.map((c) => `${c.name}(${c.length ?? ''})`).join(',')}`;
const fkSignature = (f: MysqlForeignKey): string =>
  `${f.columns.join(',')}>${f.referencedTable}(${f.referencedColumns.join(',')}):${f.onDelete}:${f.onUpdate}`;

const sameColumn = (a: MysqlColumn, b: MysqlColumn): boolean => a.type === b.type && a.nullable === b.nullable && a.autoIncrement === b.autoIncrement;

/** Columns (per table) whose definition changes: a foreign key over them must be dropped and re-added around the change. */
function modifiedColumns(desired: readonly MysqlTable[], live: ReadonlyMap<string, MysqlTable>): Set<string> {
  const out = new Set<string>();
  for (const table of desired) {
    const current = live.get(table.name);
    if (!current) continue;
    for (const column of table.columns) {
      const was = current.columns.find((c) => c.name === column.name);
      if (was && was.type !== column.type) out.add(`${table.name}.${column.name}`);
    }
  }
  return out;
}

/** Pairs each wanted item with an unused live item of the same signature. */
function match<T>(wanted: readonly T[], existing: readonly T[], signature: (item: T) => string): { missing: T[]; unused: T[] } {
  const pool = [...existing];
  const missing: T[] = [];
  for (const item of wanted) {
    const at = pool.findIndex((e) => signature(e) === signature(item));
    if (at >= 0) pool.splice(at, 1);
    else missing.push(item);
  }
  return { missing, unused: pool };
}

/** An index whose leading columns are the key's columns, so InnoDB can enforce the key with it. */
const supports = (index: MysqlIndex, fk: MysqlForeignKey): boolean => fk.columns.every((c, i) => index.columns[i]?.name === c && index.columns[i]?.length === undefined);

interface TablePlan {
  dropIndexes: MysqlIndex[];
  addIndexes: MysqlIndex[];
}

function planIndexes(table: MysqlTable, current: MysqlTable, keptForeignKeys: readonly MysqlForeignKey[]): TablePlan {
  const { missing, unused } = match(table.indexes, current.indexes, indexSignature);
  // InnoDB creates an index named after a foreign key when no index supports it; it belongs to the key.
  const dropIndexes = unused.filter((index) => !keptForeignKeys.some((fk) => fk.name === index.name && supports(index, fk)));
  return { dropIndexes, addIndexes: missing };
}

function alterTable(table: MysqlTable, current: MysqlTable, indexes: TablePlan, risks: MysqlRisk[]): string | undefined {
  if (current.primaryKey.join(',') !== table.primaryKey.join(',')) {
    throw new Error(`Table ${table.name}: changing the primary key (${current.primaryKey.join(', ') || 'none'} → ${table.primaryKey.join(', ')}) is not supported by the MySQL migrator`);
  }
  const actions: string[] = indexes.dropIndexes.map((i) => `DROP INDEX ${q(i.name)}`);
  for (const column of table.columns) {
    const was = current.columns.find((c) => c.name === column.name);
    if (!was) {
      actions.push(`ADD COLUMN ${columnDefinition(column)}`);
      if (!column.nullable && !column.autoIncrement) risks.push({ kind: 'addRequiredColumn', table: table.name, column: column.name });
      continue;
    }
    if (sameColumn(was, column)) continue;
    actions.push(`MODIFY ${columnDefinition(column)}`);
    if (was.type !== column.type) risks.push({ kind: 'changeType', table: table.name, column: column.name, from: was.type, to: column.type });
    if (was.nullable && !column.nullable) risks.push({ kind: 'makeRequired', table: table.name, column: column.name });
  }
  for (const was of current.columns) {
    if (table.columns.some((c) => c.name === was.name)) continue;
    actions.push(`DROP COLUMN ${q(was.name)}`);
    risks.push({ kind: 'dropColumn', table: table.name, column: was.name });
  }
  for (const index of indexes.addIndexes) actions.push(`ADD ${indexDefinition(index)}`);
  return actions.length > 0 ? `ALTER TABLE ${q(table.name)} ${actions.join(',\n    ')}` : undefined;
}

/**
 * `managed`: tables of the previously applied schema. A live table that is neither desired nor
 * managed is not cms-gen's (the history table, the user's own tables) and is left alone.
 */
export function diffMysqlSchema(desired: readonly MysqlTable[], live: ReadonlyMap<string, MysqlTable>, managed: ReadonlySet<string>): MysqlPlan {
  const risks: MysqlRisk[] = [];
  const desiredNames = new Set(desired.map((t) => t.name));
  const dropped = [...live.values()].filter((t) => !desiredNames.has(t.name) && managed.has(t.name));
  const droppedNames = new Set(dropped.map((t) => t.name));
  const modified = modifiedColumns(desired, live);

  // 1. Foreign keys to drop, and the kept ones per table.
  const dropForeignKeys = new Map<string, MysqlForeignKey[]>();
  const keptForeignKeys = new Map<string, MysqlForeignKey[]>();
  const addForeignKeys = new Map<string, MysqlForeignKey[]>();
  for (const current of live.values()) {
    const table = desired.find((t) => t.name === current.name);
    if (!table) {
      // A dropped table's keys go first, so tables can be dropped in any order.
      if (droppedNames.has(current.name) && current.foreignKeys.length > 0) dropForeignKeys.set(current.name, [...current.foreignKeys]);
      continue;
    }
    const touched = (fk: MysqlForeignKey) =>
      fk.columns.some((c) => modified.has(`${current.name}.${c}`)) || fk.referencedColumns.some((c) => modified.has(`${fk.referencedTable}.${c}`));
    const { missing, unused } = match(table.foreignKeys, current.foreignKeys.filter((fk) => !touched(fk)), fkSignature);
    const drop = [...unused, ...current.foreignKeys.filter(touched)];
    if (drop.length > 0) dropForeignKeys.set(table.name, drop);
    keptForeignKeys.set(table.name, current.foreignKeys.filter((fk) => !drop.includes(fk)));
    if (missing.length > 0) addForeignKeys.set(table.name, missing);
  }
  for (const table of desired) {
    if (!live.has(table.name) && table.foreignKeys.length > 0) addForeignKeys.set(table.name, [...table.foreignKeys]);
  }

  // Step 3 is planned before step 1 is rendered: when an ALTER drops the last index a kept key can
  // use (MySQL error 1553), that key joins the drops of step 1 and is re-added in step 5.
  const alters: string[] = [];
  for (const table of desired) {
    const current = live.get(table.name);
    if (!current) continue;
    const kept = keptForeignKeys.get(table.name) ?? [];
    const indexes = planIndexes(table, current, kept);
    for (const fk of [...kept]) {
      const remaining = [...current.indexes.filter((i) => !indexes.dropIndexes.includes(i)), ...indexes.addIndexes];
      if (indexes.dropIndexes.some((i) => supports(i, fk)) && !remaining.some((i) => supports(i, fk))) {
        kept.splice(kept.indexOf(fk), 1);
        dropForeignKeys.set(table.name, [...(dropForeignKeys.get(table.name) ?? []), fk]);
        if (table.foreignKeys.some((d) => fkSignature(d) === fkSignature(fk))) addForeignKeys.set(table.name, [...(addForeignKeys.get(table.name) ?? []), fk]);
      }
    }
    const statement = alterTable(table, current, indexes, risks);
    if (statement) alters.push(statement);
  }

  const statements: PlannedStatement[] = [];
  for (const [table, fks] of dropForeignKeys) {
    statements.push({ step: 'DropForeignKey', sql: `ALTER TABLE ${q(table)} ${fks.map((fk) => `DROP FOREIGN KEY ${q(fk.name)}`).join(', ')}` });
  }
  for (const table of desired) if (!live.has(table.name)) statements.push({ step: 'CreateTable', sql: createTableStatement(table) });
  for (const sql of alters) statements.push({ step: 'AlterTable', sql });
  for (const table of dropped) {
    statements.push({ step: 'DropTable', sql: `DROP TABLE ${q(table.name)}` });
    risks.push({ kind: 'dropTable', table: table.name });
  }
  for (const [table, fks] of addForeignKeys) {
    statements.push({ step: 'AddForeignKey', sql: `ALTER TABLE ${q(table)} ${fks.map((fk) => `ADD ${foreignKeyDefinition(fk)}`).join(', ')}` });
  }
  return { statements, risks };
}

/** The plan as a migration script (what `migration.sql` and the history row hold). */
export function planScript(plan: MysqlPlan): string {
  return plan.statements.map((s) => `-- ${s.step}\n${s.sql};\n`).join('\n');
}
