import { findDestructiveChanges } from './destructive-changes';
import { splitSqlScript } from './sql-script';

describe('splitSqlScript', () => {
  it('splits on semicolons outside literals, identifiers, comments and dollar quotes', () => {
    const script = `-- CreateTable
CREATE TABLE "a;b" ("x" TEXT DEFAULT 'semi;colon');
/* block; comment */
INSERT INTO t VALUES ('it''s; fine');
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;
-- only a comment;
`;
    expect(splitSqlScript(script)).toEqual([
      `-- CreateTable\nCREATE TABLE "a;b" ("x" TEXT DEFAULT 'semi;colon')`,
      `/* block; comment */\nINSERT INTO t VALUES ('it''s; fine')`,
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql',
    ]);
  });

  it('returns nothing for an empty migration', () => {
    expect(splitSqlScript('-- This is an empty migration.\n')).toEqual([]);
  });
});

describe('findDestructiveChanges', () => {
  it('reads PostgreSQL multi-action ALTER TABLE statements', () => {
    const statements = splitSqlScript(`-- AlterTable
ALTER TABLE "as_t" DROP COLUMN "age",
ADD COLUMN "x" DECIMAL(65,30),
ALTER COLUMN "score" SET DATA TYPE INTEGER,
ALTER COLUMN "title" SET DATA TYPE VARCHAR(10),
ALTER COLUMN "name" SET NOT NULL,
DROP CONSTRAINT "as_t_fkey";

-- DropTable
DROP TABLE "Gone";
DROP TABLE "public"."Other" CASCADE;`);
    expect(findDestructiveChanges(statements)).toEqual([
      { kind: 'dropColumn', table: { name: 'as_t' }, column: 'age' },
      { kind: 'alterColumnType', table: { name: 'as_t' }, column: 'score', newType: 'INTEGER' },
      { kind: 'alterColumnType', table: { name: 'as_t' }, column: 'title', newType: 'VARCHAR(10)' },
      { kind: 'dropTable', table: { name: 'Gone' } },
      { kind: 'dropTable', table: { schema: 'public', name: 'Other' } },
    ]);
  });

  it('reads USING clauses and ignores index and constraint drops', () => {
    const statements = splitSqlScript(`ALTER TABLE "t" ALTER COLUMN "e" TYPE "new_enum" USING ("e"::text::"new_enum");
DROP INDEX "t_slug_idx";
ALTER TABLE "t" ALTER COLUMN "x" DROP DEFAULT;`);
    expect(findDestructiveChanges(statements)).toEqual([{ kind: 'alterColumnType', table: { name: 't' }, column: 'e', newType: '"new_enum"' }]);
  });

  it('reads a SQLite table redefinition as the set of copied columns', () => {
    const statements = splitSqlScript(`-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_as_t" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL
);
INSERT INTO "new_as_t" ("id", "name") SELECT "id", coalesce("name", '') AS "name" FROM "as_t";
DROP TABLE "as_t";
ALTER TABLE "new_as_t" RENAME TO "as_t";
PRAGMA foreign_keys=ON;

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "Gone";
PRAGMA foreign_keys=on;`);
    expect(findDestructiveChanges(statements)).toEqual([
      { kind: 'redefineTable', table: { name: 'as_t' }, copied: ['id', 'name', 'name'] },
      { kind: 'dropTable', table: { name: 'Gone' } },
    ]);
  });
});
