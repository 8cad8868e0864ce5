// Reads a migration script (split into statements) for the changes that can delete data:
// dropped tables, dropped columns, column type changes, and SQLite's table redefinition
// (CREATE "new_t" / INSERT INTO "new_t" SELECT … FROM "t" / DROP "t" / RENAME), which drops every
// column of "t" that the SELECT does not copy. This only finds the candidates; data-loss.ts asks
// the database whether they hold data.
import { stripComments } from './sql-script';

export interface TableRef {
  /** Schema qualifier as written (PostgreSQL), if any. */
  schema?: string;
  name: string;
}

export type DestructiveChange =
  | { kind: 'dropTable'; table: TableRef }
  | { kind: 'dropColumn'; table: TableRef; column: string }
  | { kind: 'alterColumnType'; table: TableRef; column: string; newType: string }
  /** SQLite redefinition: columns of `table` not in `copied` are dropped (the live table knows which exist). */
  | { kind: 'redefineTable'; table: TableRef; copied: string[] };

const IDENT = String.raw`(?:"(?:[^"]|"")+"|\x60(?:[^\x60]|\x60\x60)+\x60|[A-Za-z_][A-Za-z0-9_$]*)`;
const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

const DROP_TABLE = new RegExp(String.raw`^DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${QUALIFIED})`, 'i');
const ALTER_TABLE = new RegExp(String.raw`^ALTER\s+TABLE\s+(?:ONLY\s+)?(?:IF\s+EXISTS\s+)?(${QUALIFIED})\s+([\s\S]*)$`, 'i');
const INSERT_SELECT = new RegExp(String.raw`^INSERT\s+INTO\s+(${QUALIFIED})\s*\(([\s\S]*?)\)\s*SELECT\s+([\s\S]*?)\s+FROM\s+(${QUALIFIED})\s*$`, 'i');
const DROP_COLUMN = new RegExp(String.raw`^DROP\s+(?:COLUMN\s+)?(?:IF\s+EXISTS\s+)?(${IDENT})`, 'i');
const ALTER_TYPE = new RegExp(String.raw`^ALTER\s+(?:COLUMN\s+)?(${IDENT})\s+(?:SET\s+DATA\s+)?TYPE\s+([\s\S]+?)(?:\s+(?:COLLATE|USING)\s[\s\S]*)?$`, 'i');
const QUOTED_IDENT = /"((?:[^"]|"")+)"|`((?:[^`]|``)+)`/g;

export function unquoteIdent(text: string): string {
  const t = text.trim();
  if (t.startsWith('"')) return t.slice(1, -1).replace(/""/g, '"');
  if (t.startsWith('`')) return t.slice(1, -1).replace(/``/g, '`');
  return t;
}

function tableRef(text: string): TableRef {
  const parts = splitTopLevel(text, '.').map(unquoteIdent);
  return parts.length === 2 ? { schema: parts[0], name: parts[1] } : { name: parts[0] };
}

function sameTable(a: TableRef, b: TableRef): boolean {
  return a.name === b.name && (a.schema ?? '') === (b.schema ?? '');
}

/** Splits on `separator` outside parentheses and quotes. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'" || ch === '`') {
      quote = ch;
    } else if (ch === '(') {
      depth++;
    } else if (ch === ')') {
      depth--;
    } else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** The quoted identifiers mentioned in a SELECT list (Prisma always quotes column names). */
function mentionedColumns(selectList: string): string[] {
  const names: string[] = [];
  for (const m of selectList.matchAll(QUOTED_IDENT)) {
    names.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2].replace(/``/g, '`'));
  }
  return names;
}

export function findDestructiveChanges(statements: readonly string[]): DestructiveChange[] {
  const cleaned = statements.map((s) => stripComments(s).replace(/\s+/g, ' ').trim());
  const changes: DestructiveChange[] = [];
  // Tables copied into a "new_" table by an INSERT … SELECT: their DROP TABLE is a redefinition.
  const copies: { from: TableRef; copied: string[] }[] = [];
  for (const sql of cleaned) {
    const insert = INSERT_SELECT.exec(sql);
    if (insert) copies.push({ from: tableRef(insert[4]), copied: mentionedColumns(insert[3]) });
  }
  for (const sql of cleaned) {
    const drop = DROP_TABLE.exec(sql);
    if (drop) {
      const table = tableRef(drop[1]);
      const copy = copies.find((c) => sameTable(c.from, table));
      changes.push(copy ? { kind: 'redefineTable', table, copied: copy.copied } : { kind: 'dropTable', table });
      continue;
    }
    const alter = ALTER_TABLE.exec(sql);
    if (!alter) continue;
    const table = tableRef(alter[1]);
    for (const action of splitTopLevel(alter[2], ',')) {
      const dropColumn = DROP_COLUMN.exec(action);
      // `DROP CONSTRAINT x` / `DROP DEFAULT` also start with DROP; only columns hold data.
      if (dropColumn && !/^DROP\s+(CONSTRAINT|DEFAULT|NOT\s+NULL|IDENTITY|EXPRESSION)\b/i.test(action)) {
        changes.push({ kind: 'dropColumn', table, column: unquoteIdent(dropColumn[1]) });
        continue;
      }
      const alterType = ALTER_TYPE.exec(action);
      if (alterType) changes.push({ kind: 'alterColumnType', table, column: unquoteIdent(alterType[1]), newType: alterType[2].trim() });
    }
  }
  return changes;
}
