// `cms-gen import` into an app whose uploads go to S3 (an s3rver on loopback): the archive's files and
// their formats are stored in the bucket and the file rows name the bucket's URLs; an import that
// fails half-way removes from the bucket what it had put there. SQLite.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningApp } from '@cms-gen/runtime';
import { importArchive } from '@cms-gen/transfer';
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { createTransferApp, type TransferApp } from '../helpers/transfer-app';
import { startS3, type TestS3 } from '../helpers/s3-server';
import { cutInHalf, withLinksRewritten } from '../helpers/rewrite-archive';

const BATTERY = join(__dirname, '..', 'transfer', 'archives', 'battery.tar.gz');

/** battery.tar.gz with its links file cut short half-way (after its files). */
const corruptCopy = (dir: string): Promise<string> => withLinksRewritten(BATTERY, dir, cutInHalf);

describe('import into an app storing uploads in S3', () => {
  let s3: TestS3;
  let app: TransferApp;
  let running: RunningApp | undefined;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cms-gen-transfer-s3-'));
    s3 = await startS3(['imported', 'failed']);
    app = await createTransferApp('sqlite');
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await app?.remove();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const useBucket = (bucket: string) =>
    writeFileSync(
      join(app.dir, 'config', 'plugins.json'),
      JSON.stringify({ upload: { config: { provider: 'aws-s3', providerOptions: { rootPath: 'cms', s3Options: { endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials, params: { Bucket: bucket, ACL: 'public-read' } } } } } }),
    );

  it('stores every file and format in the bucket, and the rows name their URLs', async () => {
    useBucket('imported');
    process.env.DATABASE_URL = app.databaseUrl;
    const report = await importArchive({ archive: BATTERY, app: app.dir, schema });
    expect(report.assets).toBe(6);
    const keys = await s3.keys('imported');
    expect(keys).toHaveLength(6);
    running = await app.start();
    const files = (await (await fetch(`${running.url}/api/upload/files?sort=id`)).json()) as { url: string; provider: string; formats: Record<string, { url: string }> | null }[];
    const urls = files.flatMap((f) => [f.url, ...Object.values(f.formats ?? {}).map((format) => format.url)]);
    expect(urls.sort()).toEqual(keys.map((key) => `${s3.endpoint}/imported/${key}`).sort());
    expect(files.every((f) => f.provider === 'aws-s3')).toBe(true);
    const first = await fetch(files[0].url);
    expect(first.status).toBe(200);
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(0);
    await running.close();
    running = undefined;
  }, 120_000);

  it('removes what it put in the bucket when the import fails', async () => {
    useBucket('failed');
    process.env.DATABASE_URL = app.databaseUrl;
    const progress: string[] = [];
    await expect(importArchive({ archive: await corruptCopy(work), app: app.dir, schema, progress: { write: (t) => progress.push(t) } })).rejects.toThrow('not JSON');
    // It failed in the links, after its six files were stored.
    expect(progress.join('')).toContain('assets: 6/6');
    expect(await s3.keys('failed')).toEqual([]);
  }, 120_000);
});
