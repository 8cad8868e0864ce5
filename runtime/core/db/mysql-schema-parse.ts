// Reads the tables a `provider = "mysql"` Prisma schema asks for. Prisma's schema engine cannot
// do MySQL offline (docs/database.md), so cms-gen computes MySQL DDL itself from the generated
// schema. This parser covers the subset of the Prisma language the generator emits (one field per
// line; @id, @default(autoincrement()), @map, @db.*, @unique, @relation(fields, references,
// onDelete, onUpdate, map), @@index, @@unique, @@id, @@map) and refuses anything else by name
// rather than guessing, so a hand-edited schema fails with a clear message instead of a wrong DDL.
import { constraintName, type MysqlColumn, type MysqlForeignKey, type MysqlIndex, type MysqlIndexColumn, type MysqlTable, type ReferentialAction } from './mysql-schema-model';

export class MysqlSchemaError extends Error {
  constructor(message: string) {
    super(`prisma/mysql/schema.prisma: ${message}`);
    this.name = 'MysqlSchemaError';
  }
}

interface Attribute {
  name: string;
  /** Raw text between the parentheses, if any. */
  args?: string;
}

interface RawField {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  attributes: Attribute[];
  line: number;
}

interface RawModel {
  name: string;
  fields: RawField[];
  blockAttributes: (Attribute & { line: number })[];
}

const SCALAR_DEFAULT: Record<string, string> = {
  String: 'varchar(191)',
  Int: 'int',
  BigInt: 'bigint',
  Float: 'double',
  Decimal: 'decimal(65,30)',
  Boolean: 'tinyint(1)',
  DateTime: 'datetime(3)',
  Json: 'json',
  Bytes: 'longblob',
};

/** `@db.X(args)` → canonical type; `args` are the numbers inside the parentheses. */
const NATIVE: Record<string, (args: number[]) => string> = {
  VarChar: ([n]) => `varchar(${n})`,
  Char: ([n]) => `char(${n})`,
  TinyText: () => 'tinytext',
  Text: () => 'text',
  MediumText: () => 'mediumtext',
  LongText: () => 'longtext',
  TinyInt: () => 'tinyint',
  UnsignedTinyInt: () => 'tinyint unsigned',
  SmallInt: () => 'smallint',
  UnsignedSmallInt: () => 'smallint unsigned',
  MediumInt: () => 'mediumint',
  UnsignedMediumInt: () => 'mediumint unsigned',
  Int: () => 'int',
  UnsignedInt: () => 'int unsigned',
  BigInt: () => 'bigint',
  UnsignedBigInt: () => 'bigint unsigned',
  Float: () => 'float',
  Double: () => 'double',
  Decimal: ([p = 65, s = 30]) => `decimal(${p},${s})`,
  Date: () => 'date',
  Time: ([n = 0]) => (n > 0 ? `time(${n})` : 'time'),
  DateTime: ([n = 0]) => (n > 0 ? `datetime(${n})` : 'datetime'),
  Timestamp: ([n = 0]) => (n > 0 ? `timestamp(${n})` : 'timestamp'),
  Json: () => 'json',
  LongBlob: () => 'longblob',
  Blob: () => 'blob',
};

const ACTIONS: Record<string, ReferentialAction> = {
  Cascade: 'CASCADE',
  Restrict: 'RESTRICT',
  NoAction: 'NO ACTION',
  SetNull: 'SET NULL',
  SetDefault: 'SET DEFAULT',
};

/** Removes a `//` comment (and `///` doc comment) outside string literals. */
function stripLineComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"' && line[i - 1] !== '\\') inString = !inString;
    else if (!inString && ch === '/' && line[i + 1] === '/') return line.slice(0, i);
  }
  return line;
}

/** Index of the parenthesis that closes the one at `open`. */
function closingParen(text: string, open: number, line: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' && text[i - 1] !== '\\') inString = !inString;
    if (inString) continue;
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if (depth === 0) return i;
  }
  throw new MysqlSchemaError(`line ${line}: unbalanced parentheses`);
}

/** `@a @b.c(x, y) @d` → attributes. */
function parseAttributes(text: string, prefix: '@' | '@@', line: number): Attribute[] {
  const out: Attribute[] = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i])) {
      i++;
      continue;
    }
    const match = new RegExp(`^${prefix}([A-Za-z_][\\w.]*)`).exec(text.slice(i));
    if (!match || (prefix === '@' && text[i + 1] === '@')) throw new MysqlSchemaError(`line ${line}: cannot read "${text.slice(i)}"`);
    i += match[0].length;
    if (text[i] === '(') {
      const close = closingParen(text, i, line);
      out.push({ name: match[1], args: text.slice(i + 1, close) });
      i = close + 1;
    } else {
      out.push({ name: match[1] });
    }
  }
  return out;
}

/** Splits on commas outside brackets, parentheses and strings. */
function splitArgs(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' && text[i - 1] !== '\\') inString = !inString;
    if (inString) continue;
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== '') parts.push(last);
  return parts;
}

/** Arguments as `{ '': positional, key: value }`; unknown keys are the caller's to refuse. */
function namedArgs(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of splitArgs(text ?? '')) {
    const named = /^([A-Za-z_]\w*)\s*:\s*([\s\S]+)$/.exec(part);
    if (named) out.set(named[1], named[2].trim());
    else out.set('', part);
  }
  return out;
}

function stringArg(value: string | undefined, what: string, line: number): string | undefined {
  if (value === undefined) return undefined;
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
  if (!match) throw new MysqlSchemaError(`line ${line}: ${what} must be a string literal, got ${value}`);
  return match[1].replace(/\\(.)/g, '$1');
}

function listArg(value: string | undefined, what: string, line: number): string[] {
  const match = value === undefined ? null : /^\[([\s\S]*)\]$/.exec(value.trim());
  if (!match) throw new MysqlSchemaError(`line ${line}: ${what} must be a list like [a, b]`);
  return splitArgs(match[1]);
}

function refuseUnknown(args: Map<string, string>, allowed: string[], what: string, line: number): void {
  for (const key of args.keys()) {
    if (!allowed.includes(key)) throw new MysqlSchemaError(`line ${line}: ${what} argument ${key === '' ? '(positional)' : `"${key}"`} is not supported by the MySQL migrator`);
  }
}

function readModels(schema: string): RawModel[] {
  const models: RawModel[] = [];
  const lines = schema.split(/\r?\n/);
  let current: RawModel | undefined;
  /** Inside a generator or datasource block: only the datasource's provider matters. */
  let skipping: 'generator' | 'datasource' | undefined;
  let provider: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = index + 1;
    const text = stripLineComment(lines[index]).trim();
    if (text === '') continue;
    if (skipping) {
      const p = /^provider\s*=\s*"([^"]*)"/.exec(text);
      if (p && skipping === 'datasource') provider = p[1];
      if (text === '}') skipping = undefined;
      continue;
    }
    if (!current) {
      const block = /^(\w+)\s+(\w+)\s*\{$/.exec(text);
      if (!block) throw new MysqlSchemaError(`line ${line}: expected a block, got "${text}"`);
      if (block[1] === 'model') current = { name: block[2], fields: [], blockAttributes: [] };
      else if (block[1] === 'generator' || block[1] === 'datasource') skipping = block[1];
      else throw new MysqlSchemaError(`line ${line}: "${block[1]}" blocks are not supported by the MySQL migrator`);
      continue;
    }
    if (text === '}') {
      models.push(current);
      current = undefined;
      continue;
    }
    if (text.startsWith('@@')) {
      for (const attr of parseAttributes(text, '@@', line)) current.blockAttributes.push({ ...attr, line });
      continue;
    }
    const field = /^([A-Za-z_]\w*)\s+([A-Za-z_]\w*)(\[\]|\?)?(?:\s+([\s\S]*))?$/.exec(text);
    if (!field) throw new MysqlSchemaError(`line ${line}: cannot read field "${text}"`);
    current.fields.push({
      name: field[1],
      type: field[2],
      optional: field[3] === '?',
      list: field[3] === '[]',
      attributes: parseAttributes(field[4] ?? '', '@', line),
      line,
    });
  }
  if (current) throw new MysqlSchemaError(`model ${current.name} is not closed`);
  if (provider !== undefined && provider !== 'mysql') throw new MysqlSchemaError(`the datasource provider is "${provider}", not "mysql"`);
  return models;
}

interface ModelInfo {
  raw: RawModel;
  table: string;
  /** field name → column name (scalar fields only) */
  columns: Map<string, string>;
}

function modelTable(model: RawModel): string {
  const map = model.blockAttributes.find((a) => a.name === 'map');
  if (!map) return model.name;
  const args = namedArgs(map.args);
  refuseUnknown(args, ['', 'name'], '@@map', map.line);
  return stringArg(args.get('') ?? args.get('name'), '@@map', map.line) ?? model.name;
}

function fieldColumn(field: RawField): string {
  const map = field.attributes.find((a) => a.name === 'map');
  if (!map) return field.name;
  const args = namedArgs(map.args);
  refuseUnknown(args, ['', 'name'], '@map', field.line);
  return stringArg(args.get('') ?? args.get('name'), '@map', field.line) ?? field.name;
}

function columnType(field: RawField): string {
  const native = field.attributes.find((a) => a.name.startsWith('db.'));
  if (!native) return SCALAR_DEFAULT[field.type];
  const build = NATIVE[native.name.slice(3)];
  if (!build) throw new MysqlSchemaError(`line ${field.line}: native type @${native.name} is not supported by the MySQL migrator`);
  const numbers = splitArgs(native.args ?? '').map((a) => {
    const n = Number(a);
    if (!Number.isInteger(n)) throw new MysqlSchemaError(`line ${field.line}: @${native.name} takes numbers, got ${a}`);
    return n;
  });
  return build(numbers);
}

const FIELD_ATTRIBUTES = new Set(['id', 'default', 'map', 'unique', 'relation']);

function scalarColumn(field: RawField, column: string): MysqlColumn {
  if (field.list) throw new MysqlSchemaError(`line ${field.line}: scalar lists are not supported on MySQL`);
  let autoIncrement = false;
  for (const attr of field.attributes) {
    if (attr.name.startsWith('db.')) continue;
    if (!FIELD_ATTRIBUTES.has(attr.name) || attr.name === 'relation') throw new MysqlSchemaError(`line ${field.line}: @${attr.name} is not supported by the MySQL migrator`);
    if (attr.name === 'default') {
      if ((attr.args ?? '').replace(/\s/g, '') !== 'autoincrement()') {
        throw new MysqlSchemaError(`line ${field.line}: @default(${attr.args ?? ''}) is not supported by the MySQL migrator (only autoincrement())`);
      }
      autoIncrement = true;
    }
  }
  return { name: column, type: columnType(field), nullable: field.optional, autoIncrement };
}

function indexColumns(list: string[], model: ModelInfo, line: number): MysqlIndexColumn[] {
  return list.map((item) => {
    const match = /^([A-Za-z_]\w*)(?:\(([\s\S]*)\))?$/.exec(item);
    if (!match) throw new MysqlSchemaError(`line ${line}: cannot read index field "${item}"`);
    const column = model.columns.get(match[1]);
    if (!column) throw new MysqlSchemaError(`line ${line}: ${match[1]} is not a scalar field of ${model.raw.name}`);
    const args = namedArgs(match[2]);
    refuseUnknown(args, ['length'], 'index field', line);
    const length = args.get('length');
    return length === undefined ? { name: column } : { name: column, length: Number(length) };
  });
}

function blockIndex(attr: Attribute & { line: number }, model: ModelInfo, table: string, unique: boolean): MysqlIndex {
  const args = namedArgs(attr.args);
  refuseUnknown(args, ['', 'fields', 'map', 'name'], `@@${attr.name}`, attr.line);
  const columns = indexColumns(listArg(args.get('') ?? args.get('fields'), `@@${attr.name} fields`, attr.line), model, attr.line);
  const name = stringArg(args.get('map'), 'map', attr.line) ?? constraintName(table, columns.map((c) => c.name), unique ? 'key' : 'idx');
  return { name, unique, columns };
}

function foreignKey(field: RawField, model: ModelInfo, models: Map<string, ModelInfo>): MysqlForeignKey | undefined {
  const relation = field.attributes.find((a) => a.name === 'relation');
  for (const attr of field.attributes) {
    if (attr.name !== 'relation') throw new MysqlSchemaError(`line ${field.line}: @${attr.name} is not supported on a relation field`);
  }
  const args = namedArgs(relation?.args);
  if (!args.has('fields')) return undefined; // the list side, or the side without the foreign key
  refuseUnknown(args, ['', 'name', 'fields', 'references', 'onDelete', 'onUpdate', 'map'], '@relation', field.line);
  const target = models.get(field.type);
  if (!target) throw new MysqlSchemaError(`line ${field.line}: unknown model ${field.type}`);
  const columns = listArg(args.get('fields'), '@relation fields', field.line).map((f) => {
    const column = model.columns.get(f);
    if (!column) throw new MysqlSchemaError(`line ${field.line}: ${f} is not a scalar field of ${model.raw.name}`);
    return column;
  });
  const referencedColumns = listArg(args.get('references'), '@relation references', field.line).map((f) => {
    const column = target.columns.get(f);
    if (!column) throw new MysqlSchemaError(`line ${field.line}: ${f} is not a scalar field of ${target.raw.name}`);
    return column;
  });
  const action = (key: 'onDelete' | 'onUpdate', fallback: ReferentialAction): ReferentialAction => {
    const value = args.get(key);
    if (value === undefined) return fallback;
    const mapped = ACTIONS[value];
    if (!mapped) throw new MysqlSchemaError(`line ${field.line}: unknown referential action ${value}`);
    return mapped;
  };
  // Prisma's defaults: a required relation restricts deletes, an optional one sets NULL; updates cascade.
  const onDelete = action('onDelete', field.optional ? 'SET NULL' : 'RESTRICT');
  const name = stringArg(args.get('map'), 'map', field.line) ?? constraintName(model.table, columns, 'fkey');
  return { name, columns, referencedTable: target.table, referencedColumns, onDelete, onUpdate: action('onUpdate', 'CASCADE') };
}

function buildTable(model: ModelInfo, models: Map<string, ModelInfo>): MysqlTable {
  const table: MysqlTable = { name: model.table, columns: [], primaryKey: [], indexes: [], foreignKeys: [] };
  for (const field of model.raw.fields) {
    if (!SCALAR_DEFAULT[field.type]) {
      if (!models.has(field.type)) throw new MysqlSchemaError(`line ${field.line}: type ${field.type} is not a scalar or a model (enums are not supported on MySQL)`);
      const fk = foreignKey(field, model, models);
      if (fk) table.foreignKeys.push(fk);
      continue;
    }
    const column = model.columns.get(field.name) as string;
    table.columns.push(scalarColumn(field, column));
    if (field.attributes.some((a) => a.name === 'id')) table.primaryKey.push(column);
    if (field.attributes.some((a) => a.name === 'unique')) table.indexes.push({ name: constraintName(table.name, [column], 'key'), unique: true, columns: [{ name: column }] });
  }
  for (const attr of model.raw.blockAttributes) {
    if (attr.name === 'map') continue;
    if (attr.name === 'index' || attr.name === 'unique') table.indexes.push(blockIndex(attr, model, table.name, attr.name === 'unique'));
    else if (attr.name === 'id') {
      const args = namedArgs(attr.args);
      refuseUnknown(args, ['', 'fields'], '@@id', attr.line);
      table.primaryKey = indexColumns(listArg(args.get('') ?? args.get('fields'), '@@id fields', attr.line), model, attr.line).map((c) => c.name);
    } else throw new MysqlSchemaError(`line ${attr.line}: @@${attr.name} is not supported by the MySQL migrator`);
  }
  if (table.primaryKey.length === 0) throw new MysqlSchemaError(`model ${model.raw.name} has no @id`);
  for (const column of table.columns) {
    if (table.primaryKey.includes(column.name) && column.nullable) throw new MysqlSchemaError(`model ${model.raw.name}: the primary key ${column.name} cannot be optional`);
  }
  return table;
}

/** The tables a mysql Prisma schema describes, in schema order. Throws MysqlSchemaError. */
export function parseMysqlSchema(schema: string): MysqlTable[] {
  const raws = readModels(schema);
  const models = new Map<string, ModelInfo>();
  for (const raw of raws) {
    const columns = new Map<string, string>();
    for (const field of raw.fields) if (SCALAR_DEFAULT[field.type]) columns.set(field.name, fieldColumn(field));
    models.set(raw.name, { raw, table: modelTable(raw), columns });
  }
  const tables = [...models.values()].map((m) => buildTable(m, models));
  const seen = new Set<string>();
  for (const table of tables) {
    if (seen.has(table.name)) throw new MysqlSchemaError(`two models map to the table ${table.name}`);
    seen.add(table.name);
  }
  return tables;
}
