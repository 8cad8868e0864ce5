import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalType, constraintName } from './mysql-schema-model';
import { MysqlSchemaError, parseMysqlSchema } from './mysql-schema-parse';

const FIXTURE = join(__dirname, '..', '..', '..', 'fixtures', 'strapi-blog', 'app', 'prisma', 'mysql', 'schema.prisma');

const schema = (models: string) => `// header comment
generator client {
  provider = "prisma-client"
}

datasource db {
  provider = "mysql"
}
${models}`;

describe('parseMysqlSchema', () => {
  it('reads columns, keys, indexes and foreign keys of the generated schema', () => {
    const tables = parseMysqlSchema(readFileSync(FIXTURE, 'utf8'));
    const articles = tables.find((t) => t.name === 'articles');
    expect(articles?.primaryKey).toEqual(['id']);
    const column = (name: string) => articles?.columns.find((c) => c.name === name);
    expect(column('id')).toEqual({ name: 'id', type: 'int', nullable: false, autoIncrement: true });
    expect(column('document_id')).toEqual({ name: 'document_id', type: 'varchar(255)', nullable: false, autoIncrement: false });
    expect(['summary', 'content', 'views', 'big_counter', 'rating', 'price', 'featured', 'publish_date', 'publish_time', 'event_at'].map((c) => column(c)?.type)).toEqual([
      'longtext', 'json', 'int', 'bigint', 'double', 'decimal(65,30)', 'tinyint(1)', 'date', 'time(3)', 'datetime(3)',
    ]);
    expect(column('published_at')?.nullable).toBe(true);
    expect(articles?.indexes).toEqual(
      expect.arrayContaining([
        { name: 'articles_document_id_is_draft_key', unique: true, columns: [{ name: 'document_id' }, { name: 'is_draft' }] },
        { name: 'articles_slug_is_draft_key', unique: true, columns: [{ name: 'slug' }, { name: 'is_draft' }] },
      ]),
    );
    expect(articles?.foreignKeys).toEqual([]);
    const link = tables.find((t) => t.name === 'articles_categories_lnk');
    expect(link?.foreignKeys).toEqual([
      { name: 'articles_categories_lnk_source_id_fkey', columns: ['source_id'], referencedTable: 'articles', referencedColumns: ['id'], onDelete: 'CASCADE', onUpdate: 'CASCADE' },
    ]);
    expect(tables.find((t) => t.name === 'files_related')?.foreignKeys[0]).toMatchObject({ columns: ['file_id'], referencedTable: 'files' });
  });

  it('resolves @map, @@map, prefix lengths, @unique, @@unique and default referential actions', () => {
    const [parent, child] = parseMysqlSchema(
      schema(`
/// doc comment
model Parent {
  id   Int    @id @default(autoincrement())
  body String? @db.LongText // trailing comment
  code String @unique
  kids Child[]

  @@index([body(length: 191)], map: "custom_name")
  @@map("parents")
}

model Child {
  id       Int     @id
  parentId Int?    @map("parent_id")
  parent   Parent? @relation(fields: [parentId], references: [id])
  a        Int
  b        Int

  @@unique([a, b])
  @@map("children")
}
`),
    );
    expect(parent.name).toBe('parents');
    expect(parent.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['id int', 'body longtext', 'code varchar(191)']);
    expect(parent.indexes).toEqual([
      { name: 'parents_code_key', unique: true, columns: [{ name: 'code' }] },
      { name: 'custom_name', unique: false, columns: [{ name: 'body', length: 191 }] },
    ]);
    expect(child.columns[0]).toEqual({ name: 'id', type: 'int', nullable: false, autoIncrement: false });
    expect(child.indexes).toEqual([{ name: 'children_a_b_key', unique: true, columns: [{ name: 'a' }, { name: 'b' }] }]);
    // Prisma's defaults: an optional relation sets NULL on delete; updates cascade.
    expect(child.foreignKeys).toEqual([
      { name: 'children_parent_id_fkey', columns: ['parent_id'], referencedTable: 'parents', referencedColumns: ['id'], onDelete: 'SET NULL', onUpdate: 'CASCADE' },
    ]);
  });

  it.each([
    ['an enum block', 'enum Kind {\n  A\n}', /"enum" blocks are not supported/],
    ['a default other than autoincrement()', 'model A {\n  id Int @id\n  n Int @default(3)\n}', /@default\(3\) is not supported/],
    ['an unknown native type', 'model A {\n  id Int @id\n  n String @db.Geometry\n}', /@db.Geometry is not supported/],
    ['@updatedAt', 'model A {\n  id Int @id\n  t DateTime @updatedAt\n}', /@updatedAt is not supported/],
    ['a model without @id', 'model A {\n  n Int\n}', /has no @id/],
    ['an unknown type', 'model A {\n  id Int @id\n  n Kind\n}', /type Kind is not a scalar or a model/],
    ['an index on an unknown field', 'model A {\n  id Int @id\n\n  @@index([nope])\n}', /nope is not a scalar field of A/],
  ])('refuses %s by name', (_, models, message) => {
    expect(() => parseMysqlSchema(schema(models))).toThrow(MysqlSchemaError);
    expect(() => parseMysqlSchema(schema(models))).toThrow(message);
  });

  it('refuses a schema for another provider', () => {
    expect(() => parseMysqlSchema('datasource db {\n  provider = "postgresql"\n}\n')).toThrow(/provider is "postgresql"/);
  });
});

describe('canonicalType', () => {
  it('drops integer display widths but keeps tinyint(1)', () => {
    expect(['int(11)', 'bigint(20)', 'tinyint(1)', 'tinyint(4)', 'int(10) unsigned', 'DECIMAL(65, 30)', 'varchar(255)', 'datetime(3)'].map(canonicalType)).toEqual([
      'int', 'bigint', 'tinyint(1)', 'tinyint', 'int unsigned', 'decimal(65,30)', 'varchar(255)', 'datetime(3)',
    ]);
  });
});

describe('constraintName', () => {
  it("uses Prisma's pattern and keeps overlong names unique within the 64-character limit", () => {
    expect(constraintName('articles', ['document_id', 'locale'], 'idx')).toBe('articles_document_id_locale_idx');
    const long = 'components_sections_call_to_action_buttons_with_icons';
    const a = constraintName(long, ['owner_type', 'owner_field', 'owner_id'], 'idx');
    const b = constraintName(long, ['owner_type', 'owner_field', 'position'], 'idx');
    expect(a.length).toBeLessThanOrEqual(64);
    expect(a.endsWith('_idx')).toBe(true);
    expect(a).not.toBe(b);
  });
});
