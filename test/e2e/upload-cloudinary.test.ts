// The media library over REST with `provider: 'cloudinary'` (Strapi's config, upload_prefix pointed
// at a loopback stand-in of Cloudinary's upload API that checks every signature): the File record
// holds Cloudinary's secure_url for the original and each format, a replacement keeps the asset it
// overwrote, a deletion destroys every asset by its resource type, and a refused upload leaves
// neither assets nor a record.
import sharp from 'sharp';
import { startCloudinary, type TestCloudinary } from '../helpers/cloudinary-server';
import { createTestDatabase, startConfiguredApp, type ConfiguredApp, type TestDb } from '../helpers/configured-app';
import { client } from '../helpers/http';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

function form(name: string, data: Buffer | string, type: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.append('files', new Blob([new Uint8Array(typeof data === 'string' ? Buffer.from(data) : data)], { type }), name);
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

describe('upload with the cloudinary provider', () => {
  let cld: TestCloudinary;
  let testDb: TestDb;
  let app: ConfiguredApp;
  const upload = async (body: FormData, query = '') => {
    const res = await fetch(`${app.url}/api/upload${query}`, { method: 'POST', body });
    return { status: res.status, body: (await res.json()) as any };
  };
  const uploads = () => cld.calls.filter((call) => call.path.endsWith('/upload'));
  const destroys = () => cld.calls.filter((call) => call.path.endsWith('/destroy')).map((call) => `${call.path.split('/')[3]}/${call.fields.public_id}`);

  beforeAll(async () => {
    cld = await startCloudinary('cms-cloud');
    testDb = await createTestDatabase('sqlite');
    app = await startConfiguredApp(testDb.url, {
      upload: {
        config: {
          provider: '@strapi/provider-upload-cloudinary',
          providerOptions: { cloud_name: cld.cloudName, api_key: cld.apiKey, api_secret: cld.apiSecret, upload_prefix: cld.url },
          actionOptions: { upload: {}, uploadStream: { tags: ['cms'] }, delete: {} },
        },
      },
    });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await testDb?.drop();
    await cld?.close();
  });

  beforeEach(() => {
    cld.calls.length = 0;
  });

  it('stores an image and its formats as Cloudinary assets; the record holds their secure_urls; delete destroys them all', async () => {
    const res = await upload(form('hero.png', await png(900, 600), 'image/png'));
    expect(res.status).toBe(201);
    const file = res.body[0];
    expect(file).toMatchObject({ provider: 'cloudinary', mime: 'image/png', ext: '.png', width: 900, height: 600, isUrlSigned: false });
    // Formats first, the original last; each upload signed, public_id its hash, the configured tags sent.
    const calls = uploads();
    expect(calls.map((call) => call.fields.public_id)).toEqual([`thumbnail_${file.hash}`, `medium_${file.hash}`, `small_${file.hash}`, file.hash]);
    for (const call of calls) {
      expect([call.path, call.signatureValid, call.fields.tags, call.file?.type]).toEqual(['/v1_1/cms-cloud/auto/upload', true, 'cms', 'image/png']);
    }
    const original = cld.assets.get(`image/${file.hash}`)!;
    expect(file.url).toBe(`https://res.cloudinary.com/cms-cloud/image/upload/v${original.version}/${file.hash}.png`);
    expect(Object.keys(file.formats)).toEqual(['thumbnail', 'medium', 'small']);
    for (const [name, format] of Object.entries<{ url: string; hash: string; width: number }>(file.formats)) {
      const asset = cld.assets.get(`image/${name}_${file.hash}`)!;
      expect(format.url).toBe(`https://res.cloudinary.com/cms-cloud/image/upload/v${asset.version}/${name}_${file.hash}.png`);
      expect((await sharp(asset.bytes).metadata()).width).toBe(format.width);
    }
    expect((await sharp(original.bytes).metadata()).width).toBe(900);
    // The stored record reads back the same.
    expect((await client(app.url).get(`/api/upload/files/${file.id}`)).body.url).toBe(file.url);

    cld.calls.length = 0;
    expect((await client(app.url).del(`/api/upload/files/${file.id}`)).status).toBe(200);
    expect(destroys().sort()).toEqual([`image/${file.hash}`, `image/medium_${file.hash}`, `image/small_${file.hash}`, `image/thumbnail_${file.hash}`]);
    expect(cld.calls.every((call) => call.signatureValid && call.fields.invalidate === 'true')).toBe(true);
    expect([...cld.assets.keys()].filter((key) => key.includes(file.hash))).toEqual([]);
  });

  it('stores other files as raw assets, under `path` when given', async () => {
    const res = await upload(form('notes.txt', 'first draft', 'text/plain', { path: 'docs/2024' }));
    expect(res.status).toBe(201);
    const file = res.body[0];
    const key = `raw/docs/2024/${file.hash}`;
    expect(uploads()[0].fields).toMatchObject({ folder: 'docs/2024', public_id: file.hash });
    expect(uploads()[0].file).toEqual({ name: `${file.hash}.txt`, type: 'text/plain', bytes: Buffer.from('first draft') });
    expect(file.url).toBe(`https://res.cloudinary.com/cms-cloud/raw/upload/v${cld.assets.get(key)!.version}/docs/2024/${file.hash}`);
    expect(file.formats).toBeNull();

    cld.calls.length = 0;
    expect((await client(app.url).del(`/api/upload/files/${file.id}`)).status).toBe(200);
    expect(destroys()).toEqual([key]);
    expect(cld.assets.has(key)).toBe(false);
  });

  it('replacing a file overwrites its asset (a new version) and destroys nothing the record still uses', async () => {
    const file = (await upload(form('readme.txt', 'first draft', 'text/plain'))).body[0];
    const key = `raw/${file.hash}`;
    cld.calls.length = 0;
    const replaced = await upload(form('readme.txt', 'second draft', 'text/plain'), `?id=${file.id}`);
    expect(replaced.status).toBe(200);
    expect(uploads().map((call) => call.fields.public_id)).toEqual([file.hash]);
    expect(destroys()).toEqual([]);
    expect(cld.assets.get(key)?.bytes.toString()).toBe('second draft');
    expect(replaced.body.url).toBe(`https://res.cloudinary.com/cms-cloud/raw/upload/v${cld.assets.get(key)!.version}/${file.hash}`);
    expect(replaced.body.url).not.toBe(file.url);

    // An image replaced by a smaller one: the format it no longer has is destroyed, the others overwritten.
    const image = (await upload(form('pic.png', await png(900, 600), 'image/png'))).body[0];
    cld.calls.length = 0;
    const smaller = await upload(form('pic.png', await png(600, 400), 'image/png'), `?id=${image.id}`);
    expect(smaller.status).toBe(200);
    expect(Object.keys(smaller.body.formats)).toEqual(['thumbnail', 'small']);
    expect(destroys()).toEqual([`image/medium_${image.hash}`]);
    expect([...cld.assets.keys()].filter((k) => k.includes(image.hash)).sort()).toEqual([`image/${image.hash}`, `image/small_${image.hash}`, `image/thumbnail_${image.hash}`]);
  });

  it('a refused upload destroys the formats already stored and records nothing', async () => {
    const before = Number((await app.db.query('SELECT COUNT(*) AS c FROM files'))[0].c);
    const assetsBefore = cld.assets.size;
    cld.refuseUploads(1, 'Upload quota exceeded', 3);
    const res = await upload(form('second.png', await png(800, 500), 'image/png'));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.data).toBeNull();
    expect(uploads()).toHaveLength(4);
    const hash = uploads()[3].fields.public_id;
    expect(destroys().sort()).toEqual([`image/medium_${hash}`, `image/small_${hash}`, `image/thumbnail_${hash}`]);
    expect(cld.assets.size).toBe(assetsBefore);
    expect(Number((await app.db.query('SELECT COUNT(*) AS c FROM files'))[0].c)).toBe(before);
  });
});
