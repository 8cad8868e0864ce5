// Emits prisma/<provider>/schema.prisma for sqlite, postgresql and mysql from one set of
// provider-independent models. Output is already in `prisma format` layout, so it is stable
// byte for byte and formatting it again changes nothing.
import type { SchemaMeta } from '../../runtime/core/model/types';
import { MYSQL_TEXT_INDEX_PREFIX, PREFIX_INDEXED_TYPES, PRISMA_PROVIDERS, prismaColumnType, type PrismaProvider } from './prisma-columns';
import { prismaModels, type PrismaField, type PrismaIndex, type PrismaModel } from './prisma-models';
import { MAX_IDENTIFIER_LENGTH, shortIdentifier } from '../storage-names';
import { renderTemplate } from './render-template';
import type { GeneratedFile } from './types';

interface FieldParts {
  name: string;
  type: string;
  attributes: string;
}

function fieldParts(field: PrismaField, provider: PrismaProvider): FieldParts {
  if (field.kind === 'relation') {
    const fk = field.foreignKey;
    return {
      name: field.name,
      type: field.list ? `${field.model}[]` : field.model,
      attributes: fk ? `@relation(fields: [${fk.column}], references: [id], onDelete: ${fk.onDelete})` : '',
    };
  }
  if (field.primaryKey) return { name: field.name, type: 'Int', attributes: '@id @default(autoincrement())' };
  const { type, native } = prismaColumnType(provider, field.type);
  return { name: field.name, type: field.optional ? `${type}?` : type, attributes: native ?? '' };
}

/** Aligns name, type and attributes in columns, the way `prisma format` does. */
function alignFields(parts: FieldParts[]): string[] {
  const nameWidth = Math.max(...parts.map((p) => p.name.length));
  const typeWidth = Math.max(...parts.map((p) => p.type.length));
  return parts.map((p) => (p.attributes ? `${p.name.padEnd(nameWidth)} ${p.type.padEnd(typeWidth)} ${p.attributes}` : `${p.name.padEnd(nameWidth)} ${p.type}`));
}

/** An index's default name, `<table>_<columns>_<idx|key>`, before Prisma cuts it to 63 characters. */
function defaultIndexName(table: string, index: PrismaIndex, unique: boolean): string {
  return `${table}_${index.columns.map((c) => c.name).join('_')}_${unique ? 'key' : 'idx'}`;
}

/** Whether an index is a unique one on `provider` (MySQL indexes long text on a prefix, never unique). */
function isUnique(index: PrismaIndex, provider: PrismaProvider): boolean {
  const prefixed = provider === 'mysql' && index.columns.some((c) => PREFIX_INDEXED_TYPES.includes(c.type));
  return index.unique === true && !prefixed;
}

/**
 * The name Prisma gives an index whose default name is too long: it keeps the first characters of
 * `<table>_<columns>` and appends the suffix, so two indexes of a link table whose name alone is 59
 * characters (`fishing_protection_level_stats_fishing_protection_level_lnk`, SkyTruth's) are both
 * `<table>_idx`, and PostgreSQL refuses the schema.
 */
function prismaCut(full: string): string {
  if (full.length <= MAX_IDENTIFIER_LENGTH) return full;
  const suffix = full.slice(full.lastIndexOf('_'));
  return `${full.slice(0, MAX_IDENTIFIER_LENGTH - suffix.length)}${suffix}`;
}

/**
 * Explicit names for the indexes whose default names, once Prisma cuts them to 63 characters,
 * would be the same as another's (PostgreSQL keeps index names in one namespace per schema, and
 * refuses the second): long table and column names (a 60-character attribute, a link table of a
 * long table) get there. Every other index keeps Prisma's default name, so existing apps see no
 * change.
 */
function clashingIndexNames(models: PrismaModel[], provider: PrismaProvider): Map<string, string> {
  const byCut = new Map<string, string[]>();
  for (const model of models) {
    for (const index of model.indexes) {
      const full = defaultIndexName(model.table, index, isUnique(index, provider));
      const cut = prismaCut(full);
      byCut.set(cut, [...(byCut.get(cut) ?? []), full]);
    }
  }
  const names = new Map<string, string>();
  for (const fulls of byCut.values()) {
    if (fulls.length < 2) continue;
    for (const full of fulls) {
      const suffix = full.slice(full.lastIndexOf('_'));
      names.set(full, `${shortIdentifier(full.slice(0, -suffix.length), MAX_IDENTIFIER_LENGTH - suffix.length)}${suffix}`);
    }
  }
  return names;
}

function indexLine(index: PrismaIndex, provider: PrismaProvider, table: string, names: Map<string, string>): string {
  const prefixed = provider === 'mysql' && index.columns.some((c) => PREFIX_INDEXED_TYPES.includes(c.type));
  const columns = index.columns.map((c) =>
    provider === 'mysql' && PREFIX_INDEXED_TYPES.includes(c.type) ? `${c.name}(length: ${MYSQL_TEXT_INDEX_PREFIX})` : c.name,
  );
  // MySQL indexes a LONGTEXT on a prefix only; unique over a prefix would refuse distinct values
  // sharing it, so there the index stays a lookup and the runtime's check alone applies.
  const unique = index.unique === true && !prefixed;
  const name = names.get(defaultIndexName(table, index, unique));
  return `@@${unique ? 'unique' : 'index'}([${columns.join(', ')}]${name ? `, map: "${name}"` : ''})`;
}

function uniqueFirst(lines: string[]): string[] {
  return [...lines.filter((l) => l.startsWith('@@unique')), ...lines.filter((l) => !l.startsWith('@@unique'))];
}

function modelView(model: PrismaModel, provider: PrismaProvider, names: Map<string, string>) {
  return {
    name: model.name,
    description: model.description,
    fieldLines: alignFields(model.fields.map((f) => fieldParts(f, provider))).flatMap((line, i) => {
      const field = model.fields[i];
      // Read by the migrator (runtime/db/renames.ts): rename the column instead of drop + add.
      return field.kind === 'column' && field.renamedFrom ? [`/// renamed from ${field.renamedFrom}`, line] : [line];
    }),
    // `prisma format` lists @@unique before @@index; the output keeps that order so formatting is a no-op.
    blockLines: [...uniqueFirst(model.indexes.map((i) => indexLine(i, provider, model.table, names))), `@@map("${model.table}")`],
  };
}

export function emitPrismaSchema(models: PrismaModel[], provider: PrismaProvider): GeneratedFile {
  const names = clashingIndexNames(models, provider);
  return {
    path: `prisma/${provider}/schema.prisma`,
    contents: renderTemplate('prisma/schema.prisma.hbs', {
      provider,
      output: `../../src/generated/prisma-${provider}`,
      models: models.map((m) => modelView(m, provider, names)),
    }),
  };
}

export function emitPrisma(meta: SchemaMeta): GeneratedFile[] {
  const models = prismaModels(meta);
  return PRISMA_PROVIDERS.map((provider) => emitPrismaSchema(models, provider));
}
