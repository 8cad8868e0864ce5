import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectedSignature, startCloudinary, type TestCloudinary } from '../../../test/helpers/cloudinary-server';
import sharp from 'sharp';
import { storeFile, type AnalyzedFile } from '../process-file';
import { createWorkQueue } from '../work-queue';
import { createCloudinaryProvider, signParams } from './cloudinary';

describe('signParams', () => {
  it("gives Cloudinary's documented example signature", () => {
    // Cloudinary's "Generating authentication signatures" page: API secret `abcd`.
    const params = { timestamp: 1315060510, public_id: 'sample_image', eager: 'w_400,h_300,c_pad|w_260,h_200,c_crop' };
    expect(signParams(params, 'abcd')).toBe('bfd09f95f331f558cbd1320e67aa8d488770583e');
  });

  it('joins arrays with commas, writes booleans as words and leaves empty values out', () => {
    const a = signParams({ tags: ['a', 'b'], invalidate: true, folder: '', timestamp: 1 }, 's');
    expect(a).toBe(signParams({ invalidate: 'true', tags: 'a,b', timestamp: '1' }, 's'));
  });
});

describe('cloudinary provider against a stand-in of the upload API', () => {
  let cld: TestCloudinary;
  let dir: string;
  beforeAll(async () => {
    cld = await startCloudinary();
    dir = mkdtempSync(join(tmpdir(), 'cms-gen-cld-'));
  });
  afterAll(async () => {
    await cld?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    cld.calls.length = 0;
    cld.assets.clear();
  });

  const provider = (actionOptions = {}) =>
    createCloudinaryProvider({ cloud_name: cld.cloudName, api_key: cld.apiKey, api_secret: cld.apiSecret, upload_prefix: `${cld.url}/` }, actionOptions);

  const source = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('uploads with resource_type auto, public_id = the hash, a valid signature and the bytes; answers secure_url', async () => {
    const p = provider();
    const before = Math.floor(Date.now() / 1000);
    const key = p.keyFor('photo_abc123.png', undefined);
    const path = source('a.png', 'not really a png');
    const url = await p.put({ key, filePath: path, mime: 'image/png', size: 16 });
    expect(cld.calls).toHaveLength(1);
    const [call] = cld.calls;
    expect(call.path).toBe('/v1_1/demo-cloud/auto/upload');
    expect(Object.keys(call.fields).sort()).toEqual(['api_key', 'public_id', 'signature', 'timestamp']);
    expect(call.fields).toMatchObject({ api_key: cld.apiKey, public_id: 'photo_abc123' });
    expect(Number(call.fields.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(call.fields.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // The signature, recomputed by hand from what was sent.
    expect(call.fields.signature).toBe(expectedSignature({ public_id: 'photo_abc123', timestamp: call.fields.timestamp }, cld.apiSecret));
    expect(call.signatureValid).toBe(true);
    expect(call.file).toEqual({ name: 'photo_abc123.png', type: 'image/png', bytes: Buffer.from('not really a png') });
    expect(url).toMatch(/^https:\/\/res\.cloudinary\.com\/demo-cloud\/image\/upload\/v\d+\/photo_abc123\.png$/);
    // The file is read, not moved: the caller's temp file stays for it to remove.
    expect(existsSync(path)).toBe(true);
    expect(p.isPrivate).toBe(false);
    expect(p.keyOfUrl(url)).toBe('image/photo_abc123');
    expect(await p.signedUrl('image/photo_abc123')).toBe('https://res.cloudinary.com/demo-cloud/image/upload/photo_abc123');
  });

  it('sends the storage folder and the configured upload parameters (uploadStream winning), signed', async () => {
    const p = provider({ upload: { tags: ['cms', 'strapi'], overwrite: true, folder: 'from-upload' }, uploadStream: { folder: 'site/media' } });
    const url = await p.put({ key: p.keyFor('notes_0a1b2c.txt', 'docs/2024'), filePath: source('b.txt', 'hello'), mime: 'text/plain', size: 5 });
    const [call] = cld.calls;
    expect(call.fields).toMatchObject({ folder: 'site/media', tags: 'cms,strapi', overwrite: 'true', public_id: 'notes_0a1b2c' });
    expect(call.signatureValid).toBe(true);
    expect(url).toMatch(/^https:\/\/res\.cloudinary\.com\/demo-cloud\/raw\/upload\/v\d+\/site\/media\/notes_0a1b2c$/);
    expect(p.keyOfUrl(url)).toBe('raw/site/media/notes_0a1b2c');

    const q = provider();
    await q.put({ key: q.keyFor('notes_0a1b2c.txt', '/docs//2024/'), filePath: source('c.txt', 'x'), mime: 'text/plain', size: 1 });
    expect(cld.calls[1].fields.folder).toBe('docs/2024');
  });

  it('deletes with the destroy API of the resource type, invalidating; a missing asset is not an error', async () => {
    const p = provider({ delete: { invalidate: false } });
    const url = await p.put({ key: p.keyFor('clip_99.mp4', undefined), filePath: source('d.mp4', 'frames'), mime: 'video/mp4', size: 6 });
    const key = p.keyOfUrl(url)!;
    expect(key).toBe('video/clip_99');
    await p.delete(key);
    const destroy = cld.calls[1];
    expect(destroy.path).toBe('/v1_1/demo-cloud/video/destroy');
    expect(destroy.fields).toMatchObject({ public_id: 'clip_99', invalidate: 'false' });
    expect(destroy.signatureValid).toBe(true);
    expect(cld.assets.size).toBe(0);
    await p.delete(key);
    expect(cld.calls).toHaveLength(3);

    const q = provider();
    await q.put({ key: q.keyFor('pic_1.jpg', undefined), filePath: source('e.jpg', 'jpeg'), mime: 'image/jpeg', size: 4 });
    await q.delete('image/pic_1');
    expect(cld.calls[4].fields).toMatchObject({ public_id: 'pic_1', invalidate: 'true' });
    expect(cld.assets.size).toBe(0);
  });

  it('deletes a provisional key by trying image, video, then raw', async () => {
    const p = provider();
    const key = p.keyFor('data_7.csv', 'exports');
    await p.put({ key, filePath: source('f.csv', 'a,b'), mime: 'text/csv', size: 3 });
    await p.delete(key);
    expect(cld.calls.slice(1).map((c) => [c.path, c.fields.public_id])).toEqual([
      ['/v1_1/demo-cloud/image/destroy', 'exports/data_7'],
      ['/v1_1/demo-cloud/video/destroy', 'exports/data_7'],
      ['/v1_1/demo-cloud/raw/destroy', 'exports/data_7'],
    ]);
    expect(cld.assets.size).toBe(0);
  });

  it('maps only its own URLs back to keys', () => {
    const p = provider();
    expect(p.keyOfUrl('https://res.cloudinary.com/demo-cloud/image/upload/v1712345678/folder/sub/photo_1.webp')).toBe('image/folder/sub/photo_1');
    expect(p.keyOfUrl('https://res.cloudinary.com/demo-cloud/image/upload/photo_1.png')).toBe('image/photo_1');
    expect(p.keyOfUrl('https://demo-cloud-res.cloudinary.com/video/upload/v1/clip.mp4')).toBe('video/clip');
    expect(p.keyOfUrl('https://res.cloudinary.com/demo-cloud/raw/upload/v2/doc_1.pdf')).toBe('raw/doc_1.pdf');
    for (const url of [
      'https://res.cloudinary.com/other-cloud/image/upload/v1/photo_1.png',
      'https://cdn.example.com/demo-cloud/image/upload/v1/photo_1.png',
      'http://res.cloudinary.com/demo-cloud/image/upload/v1/photo_1.png',
      'https://res.cloudinary.com/demo-cloud/image/private/v1/photo_1.png',
      'https://res.cloudinary.com/demo-cloud/image/upload/v1/../photo_1.png',
      '/uploads/photo_1.png',
    ]) {
      expect([url, p.keyOfUrl(url)]).toEqual([url, undefined]);
    }
  });

  it('throws what Cloudinary answers, and a refused upload leaves nothing stored by storeFile', async () => {
    const p = provider();
    cld.refuseUploads(1, 'Invalid Signature 12345');
    await expect(p.put({ key: p.keyFor('x_1.txt', undefined), filePath: source('g.txt', 'x'), mime: 'text/plain', size: 1 })).rejects.toThrow(
      'cloudinary refused the request (400): Invalid Signature 12345',
    );
    cld.refuseUploads(1, 'File size too large. Got 200000000. Maximum is 104857600.');
    await expect(p.put({ key: p.keyFor('x_2.txt', undefined), filePath: source('h.txt', 'x'), mime: 'text/plain', size: 1 })).rejects.toMatchObject({
      name: 'PayloadTooLargeError',
      status: 413,
    });

    // An image with formats: the formats go first, the original last; refusing the original must
    // destroy the formats already stored, by their resource type.
    const image = source('big.png', await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer());
    const file: AnalyzedFile = {
      source: { path: image, originalName: 'big.png', size: 1 },
      name: 'big.png',
      alternativeText: null,
      caption: null,
      hash: 'big_5e5e5e5e5e',
      ext: '.png',
      mime: 'image/png',
      image: { format: 'png', width: 600, height: 400 },
    };
    const images = { sizeOptimization: false, autoOrientation: false, responsiveDimensions: true, breakpoints: { small: 500 }, limits: { maxPixels: 1e8, timeout: 30 }, queue: createWorkQueue(1) };
    cld.calls.length = 0;
    // thumbnail and small are stored, then the original is refused.
    cld.refuseUploads(1, 'Upload quota exceeded', 2);
    await expect(storeFile(file, { provider: p, images, workDir: mkdtempSync(join(dir, 'work-')) })).rejects.toThrow('Upload quota exceeded');
    expect(cld.calls.filter((c) => c.path.endsWith('/upload')).map((c) => c.fields.public_id)).toEqual(['thumbnail_big_5e5e5e5e5e', 'small_big_5e5e5e5e5e', 'big_5e5e5e5e5e']);
    expect(cld.calls.filter((c) => c.path.endsWith('/destroy')).map((c) => [c.path, c.fields.public_id]).sort()).toEqual([
      ['/v1_1/demo-cloud/image/destroy', 'small_big_5e5e5e5e5e'],
      ['/v1_1/demo-cloud/image/destroy', 'thumbnail_big_5e5e5e5e5e'],
    ]);
    expect(cld.assets.size).toBe(0);

    // Stored: the keys kept for cleanup are the ones a delete derives from the record's URLs.
    const stored = await storeFile(file, { provider: p, images, workDir: mkdtempSync(join(dir, 'work-')) });
    const urls = [stored.values.url, ...Object.values(stored.values.formats ?? {}).map((f) => f.url)];
    expect(stored.values.url).toMatch(/^https:\/\/res\.cloudinary\.com\/demo-cloud\/image\/upload\/v\d+\/big_5e5e5e5e5e\.png$/);
    expect(stored.values.provider).toBe('cloudinary');
    expect(stored.keys.sort()).toEqual(urls.map((url) => p.keyOfUrl(url)).sort());
    expect(stored.keys.sort()).toEqual(['image/big_5e5e5e5e5e', 'image/small_big_5e5e5e5e5e', 'image/thumbnail_big_5e5e5e5e5e']);
  });

  it('sends large files in chunks naming their byte range, one upload id and one signature for all', async () => {
    const p = createCloudinaryProvider({ cloud_name: cld.cloudName, api_key: cld.apiKey, api_secret: cld.apiSecret, upload_prefix: cld.url }, {}, { from: 10, size: 4 });
    const url = await p.put({ key: p.keyFor('big_1.bin', undefined), filePath: source('i.bin', 'abcdefghij'), mime: 'application/octet-stream', size: 10 });
    expect(cld.calls.map((c) => [c.chunk?.range, c.file?.bytes.toString(), c.signatureValid])).toEqual([
      ['bytes 0-3/10', 'abcd', true],
      ['bytes 4-7/10', 'efgh', true],
      ['bytes 8-9/10', 'ij', true],
    ]);
    expect(new Set(cld.calls.map((c) => c.chunk?.uploadId)).size).toBe(1);
    expect(new Set(cld.calls.map((c) => c.fields.signature)).size).toBe(1);
    expect(cld.assets.get('raw/big_1')?.bytes.toString()).toBe('abcdefghij');
    expect(p.keyOfUrl(url)).toBe('raw/big_1');
    // Under the threshold: one request, no range.
    cld.calls.length = 0;
    await p.put({ key: p.keyFor('small_1.bin', undefined), filePath: source('j.bin', 'abcdefghi'), mime: 'application/octet-stream', size: 9 });
    expect(cld.calls.map((c) => c.chunk)).toEqual([undefined]);
  });

  it('requires the account keys', () => {
    expect(() => createCloudinaryProvider({ cloud_name: 'c', api_key: 'k' })).toThrow('upload provider cloudinary: providerOptions.api_secret is required');
  });
});
