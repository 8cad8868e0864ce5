// `cms-gen import` into an app whose uploads go to Cloudinary (a loopback stand-in of its upload API):
// the archive's files and formats become assets and the file rows name their secure_urls; an import
// that fails half-way destroys the assets it had uploaded. SQLite.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningApp } from '@cms-gen/runtime';
import { importArchive } from '@cms-gen/transfer';
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { createTransferApp, type TransferApp } from '../helpers/transfer-app';
import { startCloudinary, type TestCloudinary } from '../helpers/cloudinary-server';
import { cutInHalf, withLinksRewritten } from '../helpers/rewrite-archive';

const BATTERY = join(__dirname, '..', 'transfer', 'archives', 'battery.tar.gz');

/** battery.tar.gz with its links file cut short half-way (after its files). */
const corruptCopy = (dir: string): Promise<string> => withLinksRewritten(BATTERY, dir, cutInHalf);

describe('import into an app storing uploads in Cloudinary', () => {
  let cld: TestCloudinary;
  let app: TransferApp;
  let running: RunningApp | undefined;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cms-gen-transfer-cld-'));
    cld = await startCloudinary('import-cloud');
    app = await createTransferApp('sqlite');
    writeFileSync(
      join(app.dir, 'config', 'plugins.json'),
      JSON.stringify({ upload: { config: { provider: 'cloudinary', providerOptions: { cloud_name: cld.cloudName, api_key: cld.apiKey, api_secret: cld.apiSecret, upload_prefix: cld.url } } } }),
    );
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await app?.remove();
    await cld?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const destroys = () => cld.calls.filter((call) => call.path.endsWith('/destroy')).map((call) => `${call.path.split('/')[3]}/${call.fields.public_id}`);

  it('uploads every file and format as an asset, and the rows name their secure_urls', async () => {
    process.env.DATABASE_URL = app.databaseUrl;
    const report = await importArchive({ archive: BATTERY, app: app.dir, schema });
    expect(report.assets).toBe(6);
    expect(cld.assets.size).toBe(6);
    expect(cld.calls.every((call) => call.signatureValid)).toBe(true);
    running = await app.start();
    const files = (await (await fetch(`${running.url}/api/upload/files?sort=id`)).json()) as { url: string; hash: string; provider: string; formats: Record<string, { url: string }> | null }[];
    const urls = files.flatMap((f) => [f.url, ...Object.values(f.formats ?? {}).map((format) => format.url)]);
    const delivered = [...cld.assets.values()].map((a) => `https://res.cloudinary.com/import-cloud/${a.resourceType}/upload/v${a.version}/${a.publicId}`);
    expect(urls.map((url) => url.replace(/\.[a-z0-9]+$/, '')).sort()).toEqual(delivered.sort());
    expect(files.every((f) => f.provider === 'cloudinary')).toBe(true);
    // Deleting an imported file destroys its assets by their resource type.
    cld.calls.length = 0;
    const withFormats = files.find((f) => f.formats !== null) ?? files[0];
    const before = cld.assets.size;
    expect((await fetch(`${running.url}/api/upload/files/${(withFormats as unknown as { id: number }).id}`, { method: 'DELETE' })).status).toBe(200);
    expect(destroys()).toHaveLength(1 + Object.keys(withFormats.formats ?? {}).length);
    expect(cld.assets.size).toBe(before - destroys().length);
    await running.close();
    running = undefined;
  }, 120_000);

  it('destroys what it uploaded when the import fails, one destroy per asset', async () => {
    cld.assets.clear();
    cld.calls.length = 0;
    const fresh = await createTransferApp('sqlite');
    try {
      writeFileSync(join(fresh.dir, 'config', 'plugins.json'), JSON.stringify({ upload: { config: { provider: 'cloudinary', providerOptions: { cloud_name: cld.cloudName, api_key: cld.apiKey, api_secret: cld.apiSecret, upload_prefix: cld.url } } } }));
      process.env.DATABASE_URL = fresh.databaseUrl;
      const progress: string[] = [];
      await expect(importArchive({ archive: await corruptCopy(work), app: fresh.dir, schema, progress: { write: (t) => progress.push(t) } })).rejects.toThrow('not JSON');
      expect(progress.join('')).toContain('assets: 6/6');
      expect(cld.assets.size).toBe(0);
      expect(destroys()).toHaveLength(6);
    } finally {
      await fresh.remove();
    }
  }, 120_000);
});
