import { diffMysqlSchema } from './mysql-schema-diff';
import type { MysqlColumn, MysqlForeignKey, MysqlTable } from './mysql-schema-model';

const col = (name: string, type = 'int', nullable = true): MysqlColumn => ({ name, type, nullable, autoIncrement: false });
const id = (type = 'int'): MysqlColumn => ({ name: 'id', type, nullable: false, autoIncrement: true });

function table(name: string, columns: MysqlColumn[], extra: Partial<MysqlTable> = {}): MysqlTable {
  return { name, columns: [id(), ...columns], primaryKey: ['id'], indexes: [], foreignKeys: [], ...extra };
}

const fk = (table: string, column: string, referencedTable: string): MysqlForeignKey => ({
  name: `${table}_${column}_fkey`,
  columns: [column],
  referencedTable,
  referencedColumns: ['id'],
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

const live = (...tables: MysqlTable[]) => new Map(tables.map((t) => [t.name, t]));
const steps = (plan: ReturnType<typeof diffMysqlSchema>) => plan.statements.map((s) => `${s.step}: ${s.sql.split('\n')[0]}`);

const articles = table('articles', [col('title', 'varchar(255)')], { indexes: [{ name: 'articles_title_idx', unique: false, columns: [{ name: 'title' }] }] });
const links = table('articles_tags_lnk', [col('source_id', 'int', false)], {
  indexes: [{ name: 'articles_tags_lnk_source_id_idx', unique: false, columns: [{ name: 'source_id' }] }],
  foreignKeys: [fk('articles_tags_lnk', 'source_id', 'articles')],
});

describe('diffMysqlSchema', () => {
  it('creates tables first and their foreign keys last', () => {
    const plan = diffMysqlSchema([links, articles], live(), new Set());
    expect(steps(plan)).toEqual([
      'CreateTable: CREATE TABLE `articles_tags_lnk` (',
      'CreateTable: CREATE TABLE `articles` (',
      'AddForeignKey: ALTER TABLE `articles_tags_lnk` ADD CONSTRAINT `articles_tags_lnk_source_id_fkey` FOREIGN KEY (`source_id`) REFERENCES `articles`(`id`) ON DELETE CASCADE ON UPDATE CASCADE',
    ]);
    expect(plan.statements[1].sql).toContain('INDEX `articles_title_idx`(`title`)');
    expect(plan.statements[1].sql).toMatch(/\) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci$/);
    expect(plan.risks).toEqual([]);
  });

  it('plans nothing when the live tables match, whatever the constraint names', () => {
    const renamed = { ...links, indexes: [{ ...links.indexes[0], name: 'other' }], foreignKeys: [{ ...links.foreignKeys[0], name: 'fk_other' }] };
    expect(diffMysqlSchema([articles, links], live(articles, renamed), new Set()).statements).toEqual([]);
  });

  it('alters each table in one statement and reports the risks', () => {
    const desired = table('articles', [col('title', 'longtext'), col('views', 'bigint'), col('slug', 'varchar(255)', false)], {
      indexes: [{ name: 'articles_title_idx', unique: false, columns: [{ name: 'title', length: 191 }] }],
    });
    const current = table('articles', [col('title', 'varchar(255)'), col('views'), col('gone')], { indexes: articles.indexes });
    const plan = diffMysqlSchema([desired], live(current), new Set(['articles']));
    expect(plan.statements.map((s) => s.sql)).toEqual([
      'ALTER TABLE `articles` DROP INDEX `articles_title_idx`,\n    MODIFY `title` LONGTEXT NULL,\n    MODIFY `views` BIGINT NULL,\n    ADD COLUMN `slug` VARCHAR(255) NOT NULL,\n    DROP COLUMN `gone`,\n    ADD INDEX `articles_title_idx`(`title`(191))',
    ]);
    expect(plan.risks).toEqual([
      { kind: 'changeType', table: 'articles', column: 'title', from: 'varchar(255)', to: 'longtext' },
      { kind: 'changeType', table: 'articles', column: 'views', from: 'int', to: 'bigint' },
      { kind: 'addRequiredColumn', table: 'articles', column: 'slug' },
      { kind: 'dropColumn', table: 'articles', column: 'gone' },
    ]);
  });

  it('reports a column that becomes required', () => {
    const plan = diffMysqlSchema([table('t', [col('a', 'int', false)])], live(table('t', [col('a')])), new Set());
    expect(plan.risks).toEqual([{ kind: 'makeRequired', table: 't', column: 'a' }]);
  });

  it('drops only tables the previous schema managed, after dropping their keys', () => {
    const mine = table('old_links', [col('source_id', 'int', false)], { foreignKeys: [fk('old_links', 'source_id', 'articles')] });
    const foreign = table('someone_elses', [col('x')]);
    const plan = diffMysqlSchema([articles], live(articles, mine, foreign), new Set(['articles', 'old_links']));
    expect(steps(plan)).toEqual(['DropForeignKey: ALTER TABLE `old_links` DROP FOREIGN KEY `old_links_source_id_fkey`', 'DropTable: DROP TABLE `old_links`']);
    expect(plan.risks).toEqual([{ kind: 'dropTable', table: 'old_links' }]);
  });

  it('drops and re-adds a foreign key around a change of its column type', () => {
    const desiredArticles = { ...articles, columns: [id('bigint'), col('title', 'varchar(255)')] };
    const desiredLinks = { ...links, columns: [id(), col('source_id', 'bigint', false)] };
    const plan = diffMysqlSchema([desiredArticles, desiredLinks], live(articles, links), new Set());
    expect(plan.statements.map((s) => s.step)).toEqual(['DropForeignKey', 'AlterTable', 'AlterTable', 'AddForeignKey']);
  });

  it('keeps the index InnoDB created for a kept foreign key', () => {
    const auto = { ...links, indexes: [{ name: 'articles_tags_lnk_source_id_fkey', unique: false, columns: [{ name: 'source_id' }] }] };
    const desired = { ...links, indexes: [] };
    expect(diffMysqlSchema([articles, desired], live(articles, auto), new Set()).statements).toEqual([]);
  });

  it('re-adds a foreign key only when no index supports it any more (MySQL error 1553 otherwise)', () => {
    const withPosition = (columns: string[]) => ({
      ...links,
      columns: [...links.columns, col('position')],
      indexes: [{ name: `articles_tags_lnk_${columns.join('_')}_idx`, unique: false, columns: columns.map((name) => ({ name })) }],
    });
    const current = { ...links, columns: [...links.columns, col('position')] };
    // source_id still leads the new index: InnoDB accepts the swap in one ALTER.
    expect(diffMysqlSchema([articles, withPosition(['source_id', 'position'])], live(articles, current), new Set()).statements.map((s) => s.step)).toEqual(['AlterTable']);
    const plan = diffMysqlSchema([articles, withPosition(['position', 'source_id'])], live(articles, current), new Set());
    expect(plan.statements.map((s) => s.step)).toEqual(['DropForeignKey', 'AlterTable', 'AddForeignKey']);
  });

  it('refuses to change a primary key', () => {
    const current = { ...articles, primaryKey: ['title'] };
    expect(() => diffMysqlSchema([articles], live(current), new Set())).toThrow(/changing the primary key/);
  });
});
