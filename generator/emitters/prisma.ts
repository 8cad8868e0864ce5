// Emits prisma/<provider>/schema.prisma for sqlite, postgresql and mysql from one set of
// provider-independent models. Output is already in `prisma format` layout, so it is stable
// byte for byte and formatting it again changes nothing.
import type { SchemaMeta } from '../../runtime/model/types';
import { MYSQL_TEXT_INDEX_PREFIX, PREFIX_INDEXED_TYPES, PRISMA_PROVIDERS, prismaColumnType, type PrismaProvider } from './prisma-columns';
import { prismaModels, type PrismaField, type PrismaIndex, type PrismaModel } from './prisma-models';
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

function indexLine(index: PrismaIndex, provider: PrismaProvider): string {
  const prefixed = provider === 'mysql' && index.columns.some((c) => PREFIX_INDEXED_TYPES.includes(c.type));
  const columns = index.columns.map((c) =>
    provider === 'mysql' && PREFIX_INDEXED_TYPES.includes(c.type) ? `${c.name}(length: ${MYSQL_TEXT_INDEX_PREFIX})` : c.name,
  );
  // MySQL indexes a LONGTEXT on a prefix only; unique over a prefix would refuse distinct values
  // sharing it, so there the index stays a lookup and the runtime's check alone applies.
  return `@@${index.unique && !prefixed ? 'unique' : 'index'}([${columns.join(', ')}])`;
}

function uniqueFirst(lines: string[]): string[] {
  return [...lines.filter((l) => l.startsWith('@@unique')), ...lines.filter((l) => !l.startsWith('@@unique'))];
}

function modelView(model: PrismaModel, provider: PrismaProvider) {
  return {
    name: model.name,
    description: model.description,
    fieldLines: alignFields(model.fields.map((f) => fieldParts(f, provider))).flatMap((line, i) => {
      const field = model.fields[i];
      // Read by the migrator (runtime/db/renames.ts): rename the column instead of drop + add.
      return field.kind === 'column' && field.renamedFrom ? [`/// renamed from ${field.renamedFrom}`, line] : [line];
    }),
    // `prisma format` lists @@unique before @@index; the output keeps that order so formatting is a no-op.
    blockLines: [...uniqueFirst(model.indexes.map((i) => indexLine(i, provider))), `@@map("${model.table}")`],
  };
}

export function emitPrismaSchema(models: PrismaModel[], provider: PrismaProvider): GeneratedFile {
  return {
    path: `prisma/${provider}/schema.prisma`,
    contents: renderTemplate('prisma/schema.prisma.hbs', {
      provider,
      output: `../../src/generated/prisma-${provider}`,
      models: models.map((m) => modelView(m, provider)),
    }),
  };
}

export function emitPrisma(meta: SchemaMeta): GeneratedFile[] {
  const models = prismaModels(meta);
  return PRISMA_PROVIDERS.map((provider) => emitPrismaSchema(models, provider));
}
