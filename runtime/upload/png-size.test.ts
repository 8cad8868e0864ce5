// Stored image sizes against Strapi 5.54's for the same upload (test/upload-samples/hero.png), and
// the PNG re-encode's quality: the optimized original and every responsive format must be no larger
// than what Strapi stored, and the palette re-encode must look as good as Strapi's (PSNR against
// the upload). JPEG and WebP are re-encoded as Strapi does; their inputs are made from the sample.
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { readImageHeader } from './image-header';
import { processImage, type ImageSettings } from './images';
import { createWorkQueue } from './work-queue';

const SAMPLE = join(__dirname, '..', '..', 'test', 'upload-samples', 'hero.png');

const SETTINGS: ImageSettings = {
  sizeOptimization: true,
  autoOrientation: false,
  responsiveDimensions: true,
  breakpoints: { large: 1000, medium: 750, small: 500 },
  limits: { maxPixels: 50_000_000, timeout: 60 },
  queue: createWorkQueue(1),
};

/** Bytes Strapi 5.54 stored for each upload (its optimized original and its formats), recorded from its public/uploads. */
const STRAPI_BYTES = {
  png: { original: 119_035, thumbnail: 35_882, small: 131_812, medium: 395_334, large: 708_370 },
  jpeg: { original: 83_380, thumbnail: 3_765, small: 9_669, medium: 18_743, large: 33_666 },
  webp: { original: 38_704, thumbnail: 2_196, small: 4_686, medium: 7_158, large: 10_102 },
};
/** PSNR (dB) of Strapi's stored PNG original against the upload. */
const STRAPI_PNG_PSNR = 41.687;

async function psnr(reference: string, candidate: string): Promise<number> {
  const a = await sharp(reference).removeAlpha().raw().toBuffer();
  const b = await sharp(candidate).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

describe('stored image sizes against Strapi 5.54 (test/upload-samples/hero.png)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'cms-gen-png-size-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function stored(path: string, mime: string, format: keyof typeof STRAPI_BYTES) {
    const work = join(dir, format);
    const header = await readImageHeader(path, mime, `hero.${format}`, SETTINGS.limits);
    const result = await processImage(path, header, `hero.${format}`, mkdtempSync(`${work}-`), SETTINGS);
    if (!result) throw new Error('not processed as an image');
    const sizes: Record<string, number> = { original: result.sizeInBytes };
    for (const variant of result.variants) sizes[variant.key] = variant.sizeInBytes;
    // What the answer reports is what is stored.
    expect(statSync(result.path).size).toBe(result.sizeInBytes);
    for (const variant of result.variants) expect(statSync(variant.path).size).toBe(variant.sizeInBytes);
    return { result, sizes };
  }

  it('stores a PNG no larger than Strapi, original and every format, at its quality', async () => {
    const upload = join(dir, 'hero.png');
    copyFileSync(SAMPLE, upload);
    const { result, sizes } = await stored(upload, 'image/png', 'png');
    expect(Object.keys(sizes).sort()).toEqual(Object.keys(STRAPI_BYTES.png).sort());
    for (const [key, bytes] of Object.entries(STRAPI_BYTES.png)) expect([key, sizes[key] <= bytes]).toEqual([key, true]);
    // The palette re-encode (lossy) is as faithful as Strapi's, within 0.05 dB.
    expect(await psnr(upload, result.path)).toBeGreaterThan(STRAPI_PNG_PSNR - 0.05);
  }, 60_000);

  it.each([
    ['jpeg', 'image/jpeg', { quality: 92 }],
    ['webp', 'image/webp', { quality: 90 }],
  ] as const)('stores a %s no larger than Strapi', async (format, mime, options) => {
    const upload = join(dir, `hero.${format}`);
    await sharp(SAMPLE).toFormat(format, options).toFile(upload);
    const { sizes } = await stored(upload, mime, format);
    for (const [key, bytes] of Object.entries(STRAPI_BYTES[format])) expect([key, sizes[key] <= bytes]).toEqual([key, true]);
  }, 60_000);
});
