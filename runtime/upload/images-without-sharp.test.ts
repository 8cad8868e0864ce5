// An install without the optional sharp (`npm install --omit=optional`): an image upload fails as
// the server's fault, naming the package, instead of calling the client's file broken.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OptionalPackageMissing } from '@cms-gen/server/app/optional-package';
import { readImageHeader } from './image-header';
import { processImage, type ImageSettings } from './images';
import { createWorkQueue } from './work-queue';

jest.mock('sharp', () => {
  const error = new Error("Cannot find module 'sharp' from 'runtime/upload/sharp-loader.ts'") as NodeJS.ErrnoException;
  error.code = 'MODULE_NOT_FOUND';
  throw error;
});

const SETTINGS: ImageSettings = {
  sizeOptimization: true,
  autoOrientation: false,
  responsiveDimensions: true,
  breakpoints: { large: 1000, medium: 750, small: 500 },
  limits: { maxPixels: 50_000_000, timeout: 30 },
  queue: createWorkQueue(1),
};

/** A valid 1×1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('processImage without sharp installed', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cms-gen-nosharp-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails with an error naming the package, not as an invalid image', async () => {
    const path = join(dir, 'pixel.png');
    writeFileSync(path, PIXEL);
    await expect(readImageHeader(path, 'image/png', 'pixel.png', SETTINGS.limits)).rejects.toBeInstanceOf(OptionalPackageMissing);
    const header = { format: 'png' as const, width: 1, height: 1 };
    const processing = processImage(path, header, 'pixel.png', dir, SETTINGS);
    await expect(processing).rejects.toBeInstanceOf(OptionalPackageMissing);
    await expect(processing).rejects.toThrow('Image processing (formats, dimensions) needs the package sharp, which is not installed (it is optional): npm install sharp');
  });
});
