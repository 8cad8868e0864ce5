// Image work with sharp, on files on disk (never whole buffers): the decode check, the optional
// optimization pass, and Strapi's responsive formats — a thumbnail fitting 245x156 and one format per
// breakpoint (default large 1000, medium 750, small 500) fitting a square of that size, each only when
// the image is larger, in the original's format.
//
// What this may cost is bounded: the header (read by `readImageHeader` before anything else) must be
// within the pixel limit, the decoding steps of one image run in a slot of the app's work queue, and
// every sharp operation has a time limit.
import { join } from 'node:path';
import { stat } from 'node:fs/promises';
import type { Sharp } from 'sharp';
import type { UploadImageLimits } from '@cms-gen/server/config/types';
import { ValidationError } from '@cms-gen/core/errors';
import { invalidImage, type ImageHeader, type SharpFormat } from './image-header';
import { sharpOf } from './sharp-loader';
import { OptionalPackageMissing } from '@cms-gen/server/app/optional-package';
import type { WorkQueue } from './work-queue';

export interface ImageSettings {
  sizeOptimization: boolean;
  autoOrientation: boolean;
  responsiveDimensions: boolean;
  /** format name → width/height bound in pixels, in the order formats are generated */
  breakpoints: Record<string, number>;
  limits: Pick<UploadImageLimits, 'maxPixels' | 'timeout'>;
  /** Where the decoding steps wait for a slot (the app's `imageLimits.concurrency`). */
  queue: WorkQueue;
}

export interface ImageVariant {
  /** `thumbnail`, or a breakpoint name */
  key: string;
  path: string;
  width: number;
  height: number;
  sizeInBytes: number;
}

export interface ProcessedImage {
  /** The file to store as the original: the upload itself, or its optimized version. */
  path: string;
  sizeInBytes: number;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** Formats that get responsive versions. */
const RESIZABLE: ReadonlySet<string> = new Set<SharpFormat>(['jpeg', 'png', 'webp', 'tiff', 'gif']);
/** Formats the optimization pass re-encodes. */
const OPTIMIZABLE: ReadonlySet<string> = new Set<SharpFormat>(['jpeg', 'png', 'webp', 'tiff']);

export const THUMBNAIL = { width: 245, height: 156 } as const;

class ImageTimeout extends Error {}

/** A decoding pipeline within the limits: sharp refuses more pixels, and stops after `timeout` seconds. */
function pipeline(path: string, settings: ImageSettings): Sharp {
  return sharpOf(path, { limitInputPixels: settings.limits.maxPixels }).timeout({ seconds: settings.limits.timeout });
}

/** sharp reports its time limit as an error whose message starts with `timeout:`. */
async function limited<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('timeout:')) throw new ImageTimeout(err.message);
    throw err;
  }
}

function tookTooLong(fileName: string, seconds: number): ValidationError {
  const message = `${fileName}: processing the image took longer than ${seconds} s`;
  return new ValidationError(message, { errors: [{ path: ['files'], message, name: 'ValidationError', value: fileName }] });
}

/**
 * Decodes every pixel (shrunk on the way to a tiny buffer, so the check costs what a sequential read
 * costs): a header that parses over pixel data that does not is refused rather than stored. sharp's
 * `stats()` would do the same work with more memory and without honouring the time limit.
 */
async function checkDecodes(path: string, settings: ImageSettings): Promise<void> {
  try {
    await limited(pipeline(path, settings).resize(64, 64, { fit: 'inside' }).raw().toBuffer());
  } catch (err) {
    // A missing sharp is the server's fault, not a sign that the file is broken.
    if (err instanceof ImageTimeout || err instanceof OptionalPackageMissing) throw err;
    throw invalidImage();
  }
}

/**
 * Processes an image upload whose header `readImageHeader` accepted; undefined when it is not an
 * image. `workDir` receives the optimized original and the variants (the caller removes it).
 */
export async function processImage(path: string, header: ImageHeader | undefined, fileName: string, workDir: string, settings: ImageSettings): Promise<ProcessedImage | undefined> {
  if (!header) return undefined;
  const original = { path, sizeInBytes: (await stat(path)).size, width: header.width, height: header.height };
  // SVG is recorded with its declared size; rasterizing it (to check it or make formats) is what
  // would cost memory, and Strapi makes no formats of it either.
  if (header.format === 'svg') return { ...original, variants: [] };
  try {
    return await settings.queue.run(async () => {
      await checkDecodes(path, settings);
      const source = OPTIMIZABLE.has(header.format) ? await optimize(original, header.format, join(workDir, 'optimized'), settings) : original;
      const variants: ImageVariant[] = [];
      if (RESIZABLE.has(header.format)) {
        if (source.width > THUMBNAIL.width || source.height > THUMBNAIL.height) {
          variants.push(await resize(source.path, header.format, 'thumbnail', THUMBNAIL.width, THUMBNAIL.height, workDir, settings));
        }
        if (settings.responsiveDimensions) {
          for (const [key, bound] of Object.entries(settings.breakpoints)) {
            if (bound < source.width || bound < source.height) variants.push(await resize(source.path, header.format, key, bound, bound, workDir, settings));
          }
        }
      }
      return { ...source, variants };
    });
  } catch (err) {
    if (err instanceof ImageTimeout) throw tookTooLong(fileName, settings.limits.timeout);
    throw err;
  }
}

type Stored = Omit<ProcessedImage, 'variants'>;

/**
 * Re-encodes at quality 80 and/or applies EXIF orientation. A re-encode that came out larger is
 * dropped for the original (as Strapi), unless orientation was asked for: that must apply.
 */
async function optimize(original: Stored, format: SharpFormat, out: string, settings: ImageSettings): Promise<Stored> {
  if (!settings.sizeOptimization && !settings.autoOrientation) return original;
  let encode = pipeline(original.path, settings);
  if (settings.autoOrientation) encode = encode.rotate();
  const info = await limited(encode.toFormat(format, encodeOptions(format, settings)).toFile(out));
  if (info.size > original.sizeInBytes && !settings.autoOrientation) return original;
  return { path: out, sizeInBytes: info.size, width: info.width, height: info.height };
}

/**
 * Encoder options of the optimizing re-encode. For PNG, a quality makes sharp quantize to a palette
 * (as Strapi's re-encode does, at sharp's default effort 7), and that step ignores sharp's time
 * limit. Effort 6 gives Strapi's palette quality (PSNR 41.67 dB against 41.69 on the sample hero
 * image of runtime/upload/png-size.test.ts) for about 80% of effort 7's CPU on a 2000×2000 PNG of
 * noise (3.9 s against 4.8 s); effort 5, used before, stored that hero image 2.1× larger than
 * Strapi (its quantizer keeps far more colours) and looked worse (40.76 dB). zlib level 9 is
 * lossless and makes it 4% smaller than Strapi's.
 */
function encodeOptions(format: SharpFormat, settings: ImageSettings): { quality: number; effort?: number; compressionLevel?: number } {
  const quality = settings.sizeOptimization ? 80 : 100;
  return format === 'png' ? { quality, effort: 6, compressionLevel: 9 } : { quality };
}

/**
 * Encoder options of the responsive formats. sharp's defaults, as Strapi's, except for PNG: zlib
 * level 9 with adaptive filtering, lossless, stores the sample hero image's formats 3–16% smaller
 * than Strapi does (large: 594 KB against 708 KB) for about 0.5 s more CPU on its four formats.
 */
const resizeOptions = (format: SharpFormat): { compressionLevel?: number; adaptiveFiltering?: boolean } =>
  format === 'png' ? { compressionLevel: 9, adaptiveFiltering: true } : {};

async function resize(path: string, format: SharpFormat, key: string, width: number, height: number, workDir: string, settings: ImageSettings): Promise<ImageVariant> {
  const out = join(workDir, key);
  const info = await limited(pipeline(path, settings).resize({ width, height, fit: 'inside' }).toFormat(format, resizeOptions(format)).toFile(out));
  return { key, path: out, width: info.width, height: info.height, sizeInBytes: info.size };
}
