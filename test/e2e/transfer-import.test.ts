// `cms-gen import` of a real Strapi 5.54 export (test/transfer/archives/battery.tar.gz, recorded with
// the answers in test/transfer/answers/strapi.json by test/transfer/record-battery.sh): after the
// import the app answers the battery of reads (test/transfer/battery.ts) exactly as the Strapi that
// exported it did, ids, documentIds and timestamps included; the seeded user logs in with the
// password it had in Strapi. On SQLite, PostgreSQL and MariaDB.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningApp } from '@cms-gen/runtime';
import { importArchive, type ImportReport } from '@cms-gen/transfer';
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { runBattery, type Battery } from '../transfer/battery';
import { createTransferApp, type TransferApp } from '../helpers/transfer-app';
import type { TestDatabase } from '../helpers/fixture-app';

const ARCHIVE = join(__dirname, '..', 'transfer', 'archives', 'battery.tar.gz');
const strapi = (JSON.parse(readFileSync(join(__dirname, '..', 'transfer', 'answers', 'strapi.json'), 'utf8')) as { answers: Battery }).answers;

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('import of a Strapi 5.54 export, on %s', (database) => {
  let target: TransferApp;
  let running: RunningApp;
  let report: ImportReport;
  let ours: Battery;

  beforeAll(async () => {
    target = await createTransferApp(database);
    process.env.DATABASE_URL = target.databaseUrl;
    report = await importArchive({ archive: ARCHIVE, app: target.dir, schema });
    running = await target.start();
    ours = await runBattery(running.url);
  }, 180_000);
  afterAll(async () => {
    await running?.close();
    await target?.remove();
  });

  it('reports what it imported', () => {
    expect(report.mismatches).toEqual([]);
    expect(report.skippedEntities).toEqual({});
    expect(report.entities['api::article.article']).toBeGreaterThan(10);
    expect(report.links.skipped).toBe(0);
    expect(report.assets).toBeGreaterThan(0);
    expect(report.configuration.settings).toBe(3);
    expect(report.configuration.webhooks.map((w) => w.name)).toEqual(['fixture hook']);
  });

  it('copied every file into the upload folder', () => {
    const files = readdirSync(join(target.dir, 'public', 'uploads'));
    expect(files).toHaveLength(report.assets);
    for (const file of files) expect(existsSync(join(target.dir, 'public', 'uploads', file))).toBe(true);
  });

  it('answers every read of the battery', () => {
    expect(Object.keys(ours)).toEqual(Object.keys(strapi));
  });

  it.each(Object.keys(strapi))('%s answers as Strapi did', (name) => {
    expect(ours[name]).toEqual(strapi[name]);
  });

  it('lets the seeded user log in with the password it had in Strapi', () => {
    expect(ours['auth.login'].status).toBe(200);
    expect((ours['auth.login'].body as { jwt: string }).jwt).toBe('<jwt>');
  });
});
