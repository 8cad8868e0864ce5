// `cms-gen export`: after importing real Strapi's export (test/transfer/archives/battery.tar.gz), the
// app's export holds the same records Strapi's did (entities, links, files, settings), and imported
// into a fresh app it answers the battery as Strapi did. The reverse direction with real Strapi was
// recorded by test/transfer/record-reverse.sh (it needs Strapi installed; CI does not): Strapi's
// `strapi import` of the app's export (archives/cms-gen-export.tar.gz) answered the battery as the
// original Strapi had, but for the row ids its import renumbers (answers/strapi-after-import.json).
// Here the app's export must hold exactly the records of that recorded export, so the recorded
// answers are Strapi's answers to what the app exports. On SQLite, PostgreSQL and MariaDB.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningApp } from '@cms-gen/runtime';
import { exportArchive, importArchive, type ExportReport } from '@cms-gen/transfer';
import { openArchive } from '@cms-gen/transfer-archive';
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { runBattery, type Battery } from '../transfer/battery';
import { archiveRecords, type ArchiveRecords } from '../transfer/archive-records';
import { createTransferApp, type TransferApp } from '../helpers/transfer-app';
import type { TestDatabase } from '../helpers/fixture-app';

const HERE = join(__dirname, '..', 'transfer');
const STRAPI_EXPORT = join(HERE, 'archives', 'battery.tar.gz');
const RECORDED_EXPORT = join(HERE, 'archives', 'cms-gen-export.tar.gz');
const answers = (name: string) => (JSON.parse(readFileSync(join(HERE, 'answers', name), 'utf8')) as { answers: Battery }).answers;
const strapi = answers('strapi.json');
const strapiAfterImport = answers('strapi-after-import.json');

/** Row ids replaced: what Strapi's import renumbers (it creates every row anew). */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'id' && typeof v === 'number' ? '<id>' : withoutIds(v)]));
}

describe('real Strapi after `strapi import` of the app\'s export (recorded)', () => {
  it('answered every read of the battery', () => {
    expect(Object.keys(strapiAfterImport)).toEqual(Object.keys(strapi));
  });
  it.each(Object.keys(strapi))('%s: as the original Strapi, documentIds and timestamps included (row ids renumbered by Strapi)', (name) => {
    expect(withoutIds(strapiAfterImport[name])).toEqual(withoutIds(strapi[name]));
  });
});

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('export after an import, on %s', (database) => {
  let source: TransferApp;
  let copy: TransferApp;
  let running: RunningApp;
  let out: string;
  let report: ExportReport;
  let exported: ArchiveRecords;
  let ours: Battery;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'cms-gen-export-'));
    source = await createTransferApp(database);
    process.env.DATABASE_URL = source.databaseUrl;
    await importArchive({ archive: STRAPI_EXPORT, app: source.dir, schema });
    report = await exportArchive({ app: source.dir, schema, file: join(out, 'export'), encrypt: false });
    exported = await archiveRecords(report.file);
    copy = await createTransferApp(database);
    process.env.DATABASE_URL = copy.databaseUrl;
    await importArchive({ archive: report.file, app: copy.dir, schema });
    running = await copy.start();
    ours = await runBattery(running.url);
  }, 240_000);
  afterAll(async () => {
    await running?.close();
    await copy?.remove();
    await source?.remove();
    rmSync(out, { recursive: true, force: true });
  });

  it('writes a gzipped tar named as strapi import expects', () => {
    expect(report.file).toBe(join(out, 'export.tar.gz'));
    expect(report.missingAssets).toEqual([]);
  });

  it('holds the entities, links, files and settings Strapi exported', async () => {
    const original = await archiveRecords(STRAPI_EXPORT);
    expect(exported.entities).toEqual(original.entities);
    expect(exported.links).toEqual(original.links);
    expect(exported.assets).toEqual(original.assets);
    expect(exported.configuration).toEqual(original.configuration);
  });

  it('holds exactly the records of the export real Strapi imported (test/transfer/record-reverse.sh)', async () => {
    expect(exported).toEqual(await archiveRecords(RECORDED_EXPORT));
  });

  it('writes every schema of the app (its own internal tables aside)', async () => {
    const archive = await openArchive(report.file);
    const uids: string[] = [];
    for await (const record of archive.schemas()) uids.push(record.uid);
    expect(uids).toEqual(expect.arrayContaining(['plugin::upload.file', 'plugin::users-permissions.user', 'api::article.article', 'shared.seo', 'sections.cta']));
    expect(uids).not.toContain('plugin::users-permissions.session');
  });

  it.each(Object.keys(strapi))('imported into a fresh app, %s answers as Strapi did', (name) => {
    expect(ours[name]).toEqual(strapi[name]);
  });
});

describe('export options', () => {
  let source: TransferApp;
  let out: string;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'cms-gen-export-'));
    source = await createTransferApp('sqlite');
    process.env.DATABASE_URL = source.databaseUrl;
    await importArchive({ archive: STRAPI_EXPORT, app: source.dir, schema });
  }, 120_000);
  afterAll(async () => {
    await source?.remove();
    rmSync(out, { recursive: true, force: true });
  });

  it('encrypts with a key, as strapi export --key does', async () => {
    const report = await exportArchive({ app: source.dir, schema, file: join(out, 'secret'), key: 'k3y' });
    expect(report.file).toBe(join(out, 'secret.tar.gz.enc'));
    await expect(openArchive(report.file)).rejects.toMatchObject({ code: 'KEY_REQUIRED' });
    const archive = await openArchive(report.file, { key: 'k3y' });
    expect(archive.layers).toEqual({ compressed: true, encrypted: true });
    expect((await archiveRecords(report.file, 'k3y')).entities).toEqual((await archiveRecords(STRAPI_EXPORT)).entities);
  });

  it('writes a plain tar with --no-compress', async () => {
    const report = await exportArchive({ app: source.dir, schema, file: join(out, 'plain'), encrypt: false, compress: false });
    expect(report.file).toBe(join(out, 'plain.tar'));
    expect((await openArchive(report.file)).layers).toEqual({ compressed: false, encrypted: false });
  });

  it('refuses to write without a key unless told not to encrypt', async () => {
    await expect(exportArchive({ app: source.dir, schema, file: join(out, 'x') })).rejects.toThrow('--no-encrypt');
  });
});
