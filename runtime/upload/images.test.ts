import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApplicationError } from '../errors';
import { processImage, type ImageSettings } from './images';

const SETTINGS: ImageSettings = { sizeOptimization: true, autoOrientation: false, responsiveDimensions: true, breakpoints: { large: 1000, medium: 750, small: 500 } };

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
