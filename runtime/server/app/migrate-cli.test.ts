// `cms-gen migrate plan|apply|status` on a generated app's folder (SQLite; the three dialects'
// planning is covered by runtime/db/migrate-renames.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../generator/cli';
import { migrateApply, migratePlan, migrateStatus } from './migrate-cli';

const schema = (column: string, hint = ''): string => `datasource db {
  provider = "sqlite"
}

model Article {
  id    Int     @id @default(autoincrement())
${hint ? `  /// renamed from ${hint}\n` : ''}  ${column} String?

  @@map("articles")
}
`;

let app: string;
const savedUrl = process.env.DATABASE_URL;

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

function writeSchema(text: string): void {
  mkdirSync(join(app, 'prisma', 'sqlite'), { recursive: true });
  writeFileSync(join(app, 'prisma', 'sqlite', 'schema.prisma'), text);
}

beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'cms-gen-migrate-cli-'));
  process.env.DATABASE_URL = `file:${join(app, 'data.db')}`;
});

afterAll(() => {
  if (savedUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = savedUrl;
  rmSync(app, { recursive: true, force: true });
});

describe('cms-gen migrate', () => {
  it('plan prints the SQL of a fresh database on stdout and changes nothing', async () => {
    writeSchema(schema('headline'));
    const c = capture();
    expect(await migratePlan({ app }, c.io)).toBe(0);
    expect(c.out.join('\n')).toMatch(/CREATE TABLE "articles"/);
    const status = capture();
    expect(await migrateStatus({ app, json: true }, status.io)).toBe(0);
    expect(JSON.parse(status.out[0])).toEqual({ schema: [], schemaPending: true, dataMigrations: [], dataMigrationsPending: [] });
  });

  it('apply migrates, runs the data migrations, and status lists both', async () => {
    mkdirSync(join(app, 'database', 'migrations'), { recursive: true });
    writeFileSync(join(app, 'database', 'migrations', '2026-01-01-seed.js'), "exports.up = async (db) => { await db.execute(\"INSERT INTO articles (headline) VALUES ('kept')\"); };\n");
    const c = capture();
    expect(await migrateApply({ app }, c.io)).toBe(0);
    expect(c.err.join('\n')).toMatch(/data migration 2026-01-01-seed applied/);
    const status = capture();
    await migrateStatus({ app }, status.io);
    expect(status.out).toEqual([expect.stringMatching(/^applied {2}schema {2}\d{14}_1 /), expect.stringMatching(/^applied {2}data {4}2026-01-01-seed /)]);
  });

  it('plan shows a rename and the data loss it avoids; apply refuses the loss without --allow-data-loss', async () => {
    writeSchema(schema('title'));
    const lossy = capture();
    expect(await migratePlan({ app }, lossy.io)).toBe(0);
    expect(lossy.err.join('\n')).toMatch(/warning: data loss: articles.headline: .*without --allow-data-loss/);
    const refused = capture();
    expect(await migrateApply({ app }, refused.io)).toBe(1);
    expect(refused.err.join('\n')).toMatch(/^cms-gen migrate: .*articles.headline/s);

    writeSchema(schema('title', 'headline'));
    const plan = capture();
    await migratePlan({ app }, plan.io);
    expect(plan.err).toContain('rename: articles.headline → title (data kept)');
    expect(plan.out).toEqual(['ALTER TABLE "articles" RENAME COLUMN "headline" TO "title";']);
    expect(await migrateApply({ app }, capture().io)).toBe(0);
  });

  it('is wired into the cms-gen command line', async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      expect(await runCli(['node', 'cms-gen', 'migrate', 'status', '--app', app, '--json'])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    const status = JSON.parse(written.join(''));
    expect(status.schema).toHaveLength(2);
    expect(status.schemaPending).toBe(false);
    expect(status.dataMigrations.map((d: { name: string }) => d.name)).toEqual(['2026-01-01-seed']);
  });
});
