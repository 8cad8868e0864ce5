import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import sharp from 'sharp';
import { ApplicationError, ValidationError } from '@cms-gen/core/errors';
import { readImageHeader } from './image-header';
import { processImage as processWithHeader, type ImageSettings } from './images';
import { brokenHeaderPng, lyingPng, zeroPng } from '../../test/helpers/hostile-images';
import { createWorkQueue } from './work-queue';

const SETTINGS: ImageSettings = {
  sizeOptimization: true,
  autoOrientation: false,
  responsiveDimensions: true,
  breakpoints: { large: 1000, medium: 750, small: 500 },
  limits: { maxPixels: 50_000_000, timeout: 30 },
  queue: createWorkQueue(1),
};

const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif', '.svg': 'image/svg+xml', '.txt': 'text/plain' };

/** What storeFile does: the header (read while the upload is analyzed), then the processing. */
async function processImage(path: string, dir: string, settings: ImageSettings) {
  const header = await readImageHeader(path, MIME[extname(path)], basename(path), settings.limits);
  return processWithHeader(path, header, basename(path), dir, settings);
}

describe('processImage', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cms-gen-img-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function image(name: string, width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<string> {
    const path = join(dir, name);
    // Noise compresses badly, so sizes and optimization behave like a photo's.
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
    await sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toFile(path);
    return path;
  }

  const dims = async (path: string) => {
    const meta = await sharp(path).metadata();
    return [meta.width, meta.height, meta.format];
  };

  it('makes a thumbnail and every breakpoint smaller than a large image, in its format', async () => {
    const result = await processImage(await image('wide.png', 1200, 800, 'png'), dir, SETTINGS);
    expect(result).toBeDefined();
    expect([result?.width, result?.height]).toEqual([1200, 800]);
    const variants = result?.variants ?? [];
    expect(variants.map((v) => [v.key, v.width, v.height])).toEqual([
      ['thumbnail', 234, 156],
      ['large', 1000, 667],
      ['medium', 750, 500],
      ['small', 500, 333],
    ]);
    for (const v of variants) {
      expect(await dims(v.path)).toEqual([v.width, v.height, 'png']);
      expect(v.sizeInBytes).toBe(statSync(v.path).size);
    }
  });

  it('bounds portrait images by their height, like Strapi', async () => {
    const result = await processImage(await image('tall.jpg', 400, 1200, 'jpeg'), dir, SETTINGS);
    expect(result?.variants.map((v) => [v.key, v.width, v.height])).toEqual([
      ['thumbnail', 52, 156],
      ['large', 333, 1000],
      ['medium', 250, 750],
      ['small', 167, 500],
    ]);
  });

  it('makes only the formats an image is larger than; none for a tiny one', async () => {
    const mid = await processImage(await image('mid.webp', 600, 400, 'webp'), dir, SETTINGS);
    expect(mid?.variants.map((v) => v.key)).toEqual(['thumbnail', 'small']);
    const tiny = await processImage(await image('tiny.png', 16, 12, 'png'), dir, SETTINGS);
    expect(tiny?.variants).toEqual([]);
    expect([tiny?.width, tiny?.height]).toEqual([16, 12]);
  });

  it('follows the configured breakpoints and responsiveDimensions', async () => {
    const path = await image('custom.png', 900, 300, 'png');
    const custom = await processImage(path, dir, { ...SETTINGS, breakpoints: { xl: 800, xs: 100 } });
    expect(custom?.variants.map((v) => [v.key, v.width])).toEqual([
      ['thumbnail', 245],
      ['xl', 800],
      ['xs', 100],
    ]);
    const off = await processImage(path, dir, { ...SETTINGS, responsiveDimensions: false });
    expect(off?.variants.map((v) => v.key)).toEqual(['thumbnail']);
  });

  it('stores the optimized original only when it is smaller', async () => {
    const path = await image('photo.jpg', 640, 480, 'jpeg');
    const original = statSync(path).size;
    const result = await processImage(path, dir, SETTINGS);
    expect(result?.sizeInBytes).toBeLessThanOrEqual(original);
    expect(result?.path === path).toBe(result?.sizeInBytes === original);
    const untouched = await processImage(path, dir, { ...SETTINGS, sizeOptimization: false });
    expect(untouched?.path).toBe(path);
  });

  it('applies EXIF orientation when autoOrientation is on', async () => {
    const path = join(dir, 'rotated.jpg');
    // Orientation 6: stored 300x200, displayed rotated 90° (200x300).
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } }).jpeg().withMetadata({ orientation: 6 }).toFile(path);
    const raw = await processImage(path, dir, SETTINGS);
    expect([raw?.width, raw?.height]).toEqual([300, 200]);
    const oriented = await processImage(path, dir, { ...SETTINGS, autoOrientation: true });
    expect([oriented?.width, oriented?.height]).toEqual([200, 300]);
  });

  it('is undefined for non-images and refuses broken ones', async () => {
    const text = join(dir, 'a.txt');
    writeFileSync(text, 'hello');
    expect(await processImage(text, dir, SETTINGS)).toBeUndefined();
    const good = await sharp(await image('ok.png', 64, 64, 'png')).toBuffer();
    const broken = join(dir, 'broken.png');
    writeFileSync(broken, good.subarray(0, 120));
    await expect(processImage(broken, dir, SETTINGS)).rejects.toThrow(ApplicationError);
  });
});

describe('image limits', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cms-gen-img-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, data: Buffer | string) => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };

  it('refuses an image past the pixel limit from its header, without decoding it', async () => {
    // 30 KB on disk, 256 Mpx decoded: under sharp's own default limit (268 Mpx).
    const bomb = write('bomb.png', zeroPng(16000, 16000));
    const refused = readImageHeader(bomb, 'image/png', 'bomb.png', SETTINGS.limits);
    await expect(refused).rejects.toThrow(ValidationError);
    await expect(refused).rejects.toThrow('bomb.png: the image is 16000×16000 pixels (256 Mpx), more than the 50 Mpx allowed');
    // At the limit it is accepted: the limit is width × height.
    const edge = write('edge.png', zeroPng(5000, 10000));
    expect(await readImageHeader(edge, 'image/png', 'edge.png', SETTINGS.limits)).toEqual({ format: 'png', width: 5000, height: 10000 });
  });

  it('refuses an image whose bytes say PNG but whose header or pixels do not parse', async () => {
    const broken = write('broken.png', brokenHeaderPng());
    await expect(readImageHeader(broken, 'image/png', 'broken.png', SETTINGS.limits)).rejects.toThrow('File is not a valid image');
    // 70 bytes claiming 30000×30000: past the default limit by its header...
    const liar = write('liar.png', lyingPng(30000, 30000));
    await expect(readImageHeader(liar, 'image/png', 'liar.png', SETTINGS.limits)).rejects.toThrow(ValidationError);
    // ...and not a valid image when the limit lets it through to the decoder.
    const generous = { ...SETTINGS, limits: { ...SETTINGS.limits, maxPixels: 1_000_000_000 } };
    await expect(processImage(liar, dir, generous)).rejects.toThrow('File is not a valid image');
    const small = write('small-liar.png', lyingPng(3000, 3000));
    await expect(processImage(small, dir, SETTINGS)).rejects.toThrow('File is not a valid image');
  });

  it('records an SVG with its declared size without rasterizing it', async () => {
    const svg = write('huge.svg', `<svg xmlns="http://www.w3.org/2000/svg" width="16000" height="16000"><rect width="16000" height="16000"/></svg>`);
    const result = await processImage(svg, dir, SETTINGS);
    expect([result?.width, result?.height, result?.variants]).toEqual([16000, 16000, []]);
    await expect(processImage(write('bad.svg', '<svg xmlns="http://www.w3.org/2000/svg"'), dir, SETTINGS)).rejects.toThrow('File is not a valid image');
  });

  it('stops an operation that runs past the time limit and refuses the image', async () => {
    // With the pixel limit raised, re-encoding 256 Mpx takes about 13 s: the 1 s limit stops it.
    const bomb = write('slow.png', zeroPng(16000, 16000));
    const slow = { ...SETTINGS, limits: { maxPixels: 300_000_000, timeout: 1 } };
    await expect(processImage(bomb, dir, slow)).rejects.toThrow('slow.png: processing the image took longer than 1 s');
  });

  it('decodes images one at a time through the queue', async () => {
    const queue = createWorkQueue(1);
    const settings = { ...SETTINGS, queue };
    const paths = await Promise.all([1, 2, 3].map((n) => sharp({ create: { width: 600, height: 400, channels: 3, background: '#246' } }).png().toFile(join(dir, `q${n}.png`)).then(() => join(dir, `q${n}.png`))));
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, queue.running)), 1);
    const results = await Promise.all(paths.map((path) => processImage(path, dir, settings)));
    clearInterval(sampler);
    expect(results.map((r) => r?.width)).toEqual([600, 600, 600]);
    expect(peak).toBeLessThanOrEqual(1);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });
});
