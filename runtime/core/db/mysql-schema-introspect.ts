// Reads the tables of the current database (DATABASE()) from information_schema into the model
// the diff compares (mysql-schema-model.ts). Five queries, whatever the number of tables.
//
// MariaDB stores JSON as LONGTEXT with a column CHECK (json_valid(`c`)); MySQL 8 reports `json`.
// Both come out as `json` here.
import { canonicalType, type MysqlForeignKey, type MysqlIndex, type MysqlTable, type ReferentialAction } from './mysql-schema-model';
import type { Db } from '@cms-gen/db/types';

const text = (value: unknown): string => (Buffer.isBuffer(value) ? value.toString('utf8') : String(value));

/** Whether the server is MariaDB (its information_schema has CHECK_CONSTRAINTS.TABLE_NAME). */
export async function isMariadb(db: Db): Promise<boolean> {
  const [row] = await db.query('SELECT VERSION() AS v');
  return /mariadb/i.test(text(row?.v ?? ''));
}

/** `table\0column` of MariaDB JSON columns (column-level CHECK (json_valid(`column`))). */
async function mariadbJsonColumns(db: Db): Promise<Set<string>> {
  const rows = await db.query(
    `SELECT TABLE_NAME AS t, CHECK_CLAUSE AS c FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND LEVEL = 'Column'`,
  );
  const out = new Set<string>();
  for (const row of rows) {
    const match = /^json_valid\(`((?:[^`]|``)+)`\)$/i.exec(text(row.c).trim());
    if (match) out.add(`${text(row.t)}\u0000${match[1].replace(/``/g, '`')}`);
  }
  return out;
}

/** Every base table of the current database. */
export async function introspectMysql(db: Db): Promise<Map<string, MysqlTable>> {
  const tables = new Map<string, MysqlTable>();
  const tableRows = await db.query(`SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'`);
  for (const row of tableRows) tables.set(text(row.t), { name: text(row.t), columns: [], primaryKey: [], indexes: [], foreignKeys: [] });
  if (tables.size === 0) return tables;

  const json = (await isMariadb(db)) ? await mariadbJsonColumns(db) : new Set<string>();
  const columnRows = await db.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, EXTRA AS extra FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
  );
  for (const row of columnRows) {
    const t = tables.get(text(row.t));
    if (!t) continue; // a view's columns
    const name = text(row.c);
    const type = canonicalType(text(row.type));
    t.columns.push({
      name,
      type: type === 'longtext' && json.has(`${t.name}\u0000${name}`) ? 'json' : type,
      nullable: text(row.nullable) === 'YES',
      autoIncrement: /auto_increment/i.test(text(row.extra)),
    });
  }

  const indexRows = await db.query(
    `SELECT TABLE_NAME AS t, INDEX_NAME AS i, NON_UNIQUE AS non_unique, COLUMN_NAME AS c, SUB_PART AS sub_part FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
  );
  const indexes = new Map<string, MysqlIndex>();
  for (const row of indexRows) {
    const t = tables.get(text(row.t));
    if (!t) continue;
    const name = text(row.i);
    const column = text(row.c);
    if (name === 'PRIMARY') {
      t.primaryKey.push(column);
      continue;
    }
    const key = `${t.name}\u0000${name}`;
    let index = indexes.get(key);
    if (!index) {
      index = { name, unique: Number(row.non_unique) === 0, columns: [] };
      indexes.set(key, index);
      t.indexes.push(index);
    }
    index.columns.push(row.sub_part === null || row.sub_part === undefined ? { name: column } : { name: column, length: Number(row.sub_part) });
  }

  const fkRows = await db.query(
    `SELECT rc.TABLE_NAME AS t, rc.CONSTRAINT_NAME AS name, rc.REFERENCED_TABLE_NAME AS ref, rc.DELETE_RULE AS on_delete, rc.UPDATE_RULE AS on_update,
            k.COLUMN_NAME AS c, k.REFERENCED_COLUMN_NAME AS ref_c
       FROM information_schema.REFERENTIAL_CONSTRAINTS rc
       JOIN information_schema.KEY_COLUMN_USAGE k
         ON k.CONSTRAINT_SCHEMA = rc.CONSTRAINT_SCHEMA AND k.TABLE_NAME = rc.TABLE_NAME AND k.CONSTRAINT_NAME = rc.CONSTRAINT_NAME
      WHERE rc.CONSTRAINT_SCHEMA = DATABASE()
      ORDER BY rc.TABLE_NAME, rc.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
  );
  const fks = new Map<string, MysqlForeignKey>();
  for (const row of fkRows) {
    const t = tables.get(text(row.t));
    if (!t) continue;
    const key = `${t.name}\u0000${text(row.name)}`;
    let fk = fks.get(key);
    if (!fk) {
      fk = {
        name: text(row.name),
        columns: [],
        referencedTable: text(row.ref),
        referencedColumns: [],
        onDelete: text(row.on_delete) as ReferentialAction,
        onUpdate: text(row.on_update) as ReferentialAction,
      };
      fks.set(key, fk);
      t.foreignKeys.push(fk);
    }
    fk.columns.push(text(row.c));
    fk.referencedColumns.push(text(row.ref_c));
  }
  return tables;
}
