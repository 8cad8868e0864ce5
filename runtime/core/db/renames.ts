// Column renames a schema asks for. An attribute renamed in its schema.json with
// `pluginOptions["cms-gen"].renamedFrom` is emitted with a `/// renamed from <old column>` line
// above its field. A plain diff of the schema texts sees a dropped column and a new empty one;
// with the hint the migration renames the column first and keeps its data.
//
// SQLite and PostgreSQL: the previous schema text is rewritten as if the column had always had
// its new name, so the engine's diff no longer drops it, and the rename statement (plus renames
// of the indexes named after the column) runs before the diff's own statements.
// MySQL: the migrator plans from the live tables, so the rename runs first and the plan follows.
//
// A hint applies once: only while the previous schema has the old column and not the new one.
// Later builds may keep it or drop it; either way nothing more happens.
import type { DialectName } from '@cms-gen/db/types';

export interface ColumnRename {
  /** Table name (`@@map`, else the model name). */
  table: string;
  model: string;
  from: string;
  to: string;
}

interface ModelText {
  name: string;
  table: string;
  /** Field names in order. */
  fields: string[];
  /** `@@unique([...])` / `@@index([...])` lines, and single-field `@unique`, as column lists. */
  indexes: { unique: boolean; columns: string[] }[];
  renames: { from: string; to: string }[];
}

const MODEL = /^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm;
const FIELD = /^\s+(\w+)\s+\S+/;
const HINT = /^\s+\/\/\/\s*renamed from\s+(\w+)\s*$/;
const BLOCK_INDEX = /^\s+@@(unique|index)\(\[([^\]]*)\]\s*\)\s*$/;

function parseModels(schema: string): ModelText[] {
  const models: ModelText[] = [];
  for (const match of schema.matchAll(MODEL)) {
    const [, name, body] = match;
    const model: ModelText = { name, table: /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? name, fields: [], indexes: [], renames: [] };
    let hint: string | undefined;
    for (const line of body.split('\n')) {
      const hinted = HINT.exec(line);
      if (hinted) {
        hint = hinted[1];
        continue;
      }
      const index = BLOCK_INDEX.exec(line);
      if (index) {
        // Index columns may carry arguments (`body(length: 191)`); the name is what matters here.
        model.indexes.push({ unique: index[1] === 'unique', columns: index[2].split(',').map((c) => c.trim().replace(/\(.*$/, '')) });
      } else if (!/^\s*(\/\/|@@|$)/.test(line)) {
        const field = FIELD.exec(line);
        if (field) {
          model.fields.push(field[1]);
          if (/\s@unique\b/.test(line)) model.indexes.push({ unique: true, columns: [field[1]] });
          if (hint) model.renames.push({ from: hint, to: field[1] });
        }
      }
      hint = undefined;
    }
    models.push(model);
  }
  return models;
}

/** Every rename hint of a schema text. */
export function renameHints(schema: string): ColumnRename[] {
  return parseModels(schema).flatMap((m) => m.renames.map((r) => ({ table: m.table, model: m.name, ...r })));
}

/** The hints that still have work to do: the previous schema's table has `from` and lacks `to`. */
export function pendingRenames(schema: string, previous: string | null | undefined): ColumnRename[] {
  if (!previous) return [];
  const before = new Map(parseModels(previous).map((m) => [m.table, m]));
  return renameHints(schema).filter((r) => {
    const model = before.get(r.table);
    return model !== undefined && model.fields.includes(r.from) && !model.fields.includes(r.to);
  });
}

/** The previous schema text as if the renamed columns had always had their new names. */
export function applyRenamesToSchema(previous: string, renames: readonly ColumnRename[]): string {
  return previous.replace(MODEL, (block: string, name: string) => {
    const table = /@@map\("([^"]+)"\)/.exec(block)?.[1] ?? name;
    let out = block;
    for (const r of renames.filter((x) => x.table === table)) {
      const word = new RegExp(`(?<![\\w"])${r.from}(?![\\w"])`, 'g');
      out = out
        .split('\n')
        // The field's own line (its name is the first word) and index/relation column lists.
        .map((line) => (FIELD.exec(line)?.[1] === r.from || /^\s+@@(unique|index|id)\(|fields:\s*\[/.test(line) ? line.replace(word, r.to) : line))
        .join('\n');
    }
    return out;
  });
}

const quote = (dialect: DialectName, name: string): string => (dialect === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`);

/** Prisma's default index name, `<table>_<columns>_key|idx`; databases cap identifiers at 63 (PostgreSQL) characters. */
const indexName = (table: string, columns: readonly string[], unique: boolean): string => `${table}_${columns.join('_')}_${unique ? 'key' : 'idx'}`;
const MAX_INDEX_NAME = 63;

/**
 * SQLite and PostgreSQL: rename each column, then each index named after it (the names Prisma
 * gives indexes embed their columns, and later diffs address indexes by those names).
 * SQLite cannot rename an index: it is dropped and created again under the new name.
 */
export function renameStatements(dialect: DialectName, renames: readonly ColumnRename[], previous: string): string[] {
  const models = new Map(parseModels(previous).map((m) => [m.table, m]));
  const statements: string[] = [];
  for (const table of [...new Set(renames.map((r) => r.table))]) {
    const mine = renames.filter((r) => r.table === table);
    for (const r of mine) statements.push(`ALTER TABLE ${quote(dialect, table)} RENAME COLUMN ${quote(dialect, r.from)} TO ${quote(dialect, r.to)}`);
    if (dialect === 'mysql') continue; // the live-table planner renames or rebuilds indexes itself
    const renamed = (c: string): string => mine.find((r) => r.from === c)?.to ?? c;
    for (const index of models.get(table)?.indexes ?? []) {
      if (!index.columns.some((c) => mine.some((r) => r.from === c))) continue;
      const oldName = indexName(table, index.columns, index.unique);
      const newColumns = index.columns.map(renamed);
      const newName = indexName(table, newColumns, index.unique);
      if (oldName.length > MAX_INDEX_NAME || newName.length > MAX_INDEX_NAME) continue;
      if (dialect === 'postgres') {
        statements.push(`ALTER INDEX IF EXISTS ${quote(dialect, oldName)} RENAME TO ${quote(dialect, newName)}`);
      } else {
        statements.push(`DROP INDEX IF EXISTS ${quote(dialect, oldName)}`);
        statements.push(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${quote(dialect, newName)} ON ${quote(dialect, table)}(${newColumns.map((c) => quote(dialect, c)).join(', ')})`);
      }
    }
  }
  return statements;
}
