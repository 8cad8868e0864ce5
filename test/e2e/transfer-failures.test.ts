// What `cms-gen import` does when it must not write: a dry run writes nothing; an archive that turns
// out corrupt after its rows and files were written (a broken line in its links) leaves the database
// as it was and no files behind; schemas that differ are refused, or imported as far as they match
// when asked. Also the command line (exit codes, the report on stderr). On SQLite, with PostgreSQL and
// MariaDB for the rollback.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectDatabase, parseDatabaseUrl } from '../../runtime/core/db/connect';
import type { SchemaMeta } from '@cms-gen/runtime';
import { importArchive, SchemaMismatchError } from '@cms-gen/transfer';
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { createTransferApp, type TransferApp } from '../helpers/transfer-app';
import type { TestDatabase } from '../helpers/fixture-app';
import { withLinksRewritten } from '../helpers/rewrite-archive';

const run = promisify(execFile);
const ARCHIVES = join(__dirname, '..', 'transfer', 'archives');
const BATTERY = join(ARCHIVES, 'battery.tar.gz');
/** A different, smaller Strapi export: what the app holds before the import that must not land. */
const FIRST = join(ARCHIVES, 'plain.tar');
const BIN = join(__dirname, '..', '..', 'bin', 'cms-gen');

/** Every table the import writes, dumped in id order. */
async function snapshot(app: TransferApp): Promise<Record<string, unknown[]>> {
  const db = await connectDatabase(parseDatabaseUrl(app.databaseUrl, app.dir));
  try {
    const tables = new Set<string>(['files_related', 'up_settings']);
    for (const model of [...Object.values(schema.contentTypes), ...Object.values(schema.components)]) {
      tables.add(model.table);
      for (const a of Object.values(model.attributes)) if ((a.kind === 'relation' || a.kind === 'morph') && a.owner) tables.add(a.linkTable);
    }
    const out: Record<string, unknown[]> = {};
    for (const table of [...tables].sort()) {
      const q = db.dialect === 'mysql' ? `\`${table}\`` : `"${table}"`;
      out[table] = (await db.query(`SELECT * FROM ${q} ORDER BY id`)).map((row) => JSON.parse(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))));
    }
    return out;
  } finally {
    await db.close();
  }
}

const uploads = (app: TransferApp): string[] => {
  const dir = join(app.dir, 'public', 'uploads');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

/** battery.tar.gz with one line in the middle of its links file cut short (valid tar, valid gzip). */
const corruptCopy = (dir: string): Promise<string> =>
  withLinksRewritten(BATTERY, dir, (body) => {
    const lines = body.toString('utf8').split('\n');
    lines[Math.floor(lines.length / 2)] = '{"kind":"relation.basic","relation":';
    return Buffer.from(lines.join('\n'));
  });

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('a failed import on %s', (database) => {
  let app: TransferApp;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cms-gen-transfer-fail-'));
    app = await createTransferApp(database);
    process.env.DATABASE_URL = app.databaseUrl;
    await importArchive({ archive: FIRST, app: app.dir, schema });
  }, 120_000);
  afterAll(async () => {
    await app?.remove();
    rmSync(work, { recursive: true, force: true });
  });

  it('leaves the database as it was and removes the files it had copied', async () => {
    const before = await snapshot(app);
    const filesBefore = uploads(app);
    expect(before.articles.length).toBeGreaterThan(0);
    const archive = await corruptCopy(work);
    const progress: string[] = [];
    process.env.DATABASE_URL = app.databaseUrl;
    await expect(importArchive({ archive, app: app.dir, schema, progress: { write: (t) => progress.push(t) } })).rejects.toThrow();
    // It failed in the links, after the rows and all six files of the archive were written.
    expect(progress.join('')).toContain('assets: 6/6');
    expect(progress.join('')).toMatch(/links: \d+\/\d+/);
    expect(await snapshot(app)).toEqual(before);
    expect(uploads(app)).toEqual(filesBefore);
  }, 120_000);
});

describe('dry run, schema differences and the command line (SQLite)', () => {
  let app: TransferApp;

  beforeAll(async () => {
    app = await createTransferApp('sqlite');
    process.env.DATABASE_URL = app.databaseUrl;
    await importArchive({ archive: FIRST, app: app.dir, schema });
  }, 120_000);
  afterAll(() => app?.remove());

  it('a dry run reports what it would import and writes nothing', async () => {
    const before = await snapshot(app);
    const filesBefore = uploads(app);
    process.env.DATABASE_URL = app.databaseUrl;
    const dry = await importArchive({ archive: BATTERY, app: app.dir, schema, dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(dry.entities['api::article.article']).toBe(18);
    expect(dry.assets).toBe(6);
    expect(dry.links.written).toBeGreaterThan(200);
    expect(await snapshot(app)).toEqual(before);
    expect(uploads(app)).toEqual(filesBefore);
  });

  it('refuses an archive whose schemas differ, naming each difference, and writes nothing', async () => {
    const before = await snapshot(app);
    const changed = structuredClone(schema) as SchemaMeta;
    delete changed.contentTypes['api::article.article'].attributes.summary;
    changed.contentTypes['api::author.author'].attributes.email = { ...changed.contentTypes['api::author.author'].attributes.email, type: 'integer' } as never;
    const error = await importArchive({ archive: BATTERY, app: app.dir, schema: changed }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect((error as SchemaMismatchError).mismatches).toEqual([
      { path: 'api::article.article.summary', problem: 'attribute summary (text) is not in the app' },
      { path: 'api::author.author.email', problem: 'attribute email is email in the archive, integer in the app' },
    ]);
    expect(await snapshot(app)).toEqual(before);
  });

  it('imports what matches when asked', async () => {
    const changed = structuredClone(schema) as SchemaMeta;
    delete changed.contentTypes['api::article.article'].attributes.summary;
    process.env.DATABASE_URL = app.databaseUrl;
    const report = await importArchive({ archive: BATTERY, app: app.dir, schema: changed, onlyMatching: true });
    expect(report.mismatches).toEqual([{ path: 'api::article.article.summary', problem: 'attribute summary (text) is not in the app' }]);
    expect(report.entities['api::article.article']).toBe(18);
    const after = await snapshot(app);
    expect(after.articles).toHaveLength(18);
    expect(after.articles.every((row) => (row as { summary: unknown }).summary === null)).toBe(true);
  });

  it('runs from the command line: a dry run, a wrong key, a missing file', async () => {
    const env = { ...process.env, DATABASE_URL: app.databaseUrl };
    const dry = await run('node', [BIN, 'import', BATTERY, '--app', app.dir, '--dry-run'], { env });
    expect(dry.stderr).toContain('dry run (nothing written): would import 148 entities of 11 types');
    const wrongKey = await run('node', [BIN, 'import', join(ARCHIVES, 'encrypted.tar.gz.enc'), '--app', app.dir, '--key', 'not-it'], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(wrongKey).toMatchObject({ code: 1 });
    expect((wrongKey as { stderr: string }).stderr).toContain('cms-gen import:');
    const missing = await run('node', [BIN, 'import', join(ARCHIVES, 'no-such.tar'), '--app', app.dir], { env }).catch((e: { code: number }) => e);
    expect(missing).toMatchObject({ code: 1 });
  }, 120_000);
});
