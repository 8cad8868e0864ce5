// Image work with sharp, on files on disk (never whole buffers): dimensions, the optional
// optimization pass, and Strapi's responsive formats — a thumbnail fitting 245x156 and one format per
// breakpoint (default large 1000, medium 750, small 500) fitting a square of that size, each only when
// the image is larger, in the original's format.
import { join } from 'node:path';
import { stat } from 'node:fs/promises';
import type { Sharp } from 'sharp';
import { ApplicationError } from '../errors';

/** sharp's entry point: `require('sharp')` is the factory itself (its CommonJS build). */
type SharpFactory = typeof import('sharp').default;

let loaded: SharpFactory | undefined;

/**
 * sharp, loaded on the first image: libvips costs tens of MB of resident memory, which an app
 * that never receives an upload should not carry.
 */
function sharp(path: string): Sharp {
  if (!loaded) {
    loaded = require('sharp') as SharpFactory;
    // Every upload is a different image: libvips' operation cache would only hold memory.
    loaded.cache(false);
  }
  return loaded(path);
}

export interface ImageSettings {
  sizeOptimization: boolean;
  autoOrientation: boolean;
  responsiveDimensions: boolean;
  /** format name → width/height bound in pixels, in the order formats are generated */
  breakpoints: Record<string, number>;
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

type SharpFormat = 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'svg' | 'heif';

/** Formats treated as images (dimensions recorded), as Strapi does. */
const IMAGE_FORMATS: ReadonlySet<string> = new Set<SharpFormat>(['jpeg', 'png', 'webp', 'tiff', 'gif', 'svg', 'heif']);
/** Formats that get responsive versions. */
const RESIZABLE: ReadonlySet<string> = new Set<SharpFormat>(['jpeg', 'png', 'webp', 'tiff', 'gif']);
/** Formats the optimization pass re-encodes. */
const OPTIMIZABLE: ReadonlySet<string> = new Set<SharpFormat>(['jpeg', 'png', 'webp', 'tiff']);

export const THUMBNAIL = { width: 245, height: 156 } as const;

async function imageFormat(path: string): Promise<{ format: SharpFormat; width: number; height: number } | undefined> {
  try {
    const meta = await sharp(path).metadata();
    if (!IMAGE_FORMATS.has(meta.format)) return undefined;
    return { format: meta.format as SharpFormat, width: meta.width, height: meta.height };
  } catch {
    // Not an image sharp can read: stored as a plain file.
    return undefined;
  }
}

/**
 * Processes an image upload; undefined when the file is not an image. `workDir` receives the
 * optimized original and the variants (the caller removes it).
 */
export async function processImage(path: string, workDir: string, settings: ImageSettings): Promise<ProcessedImage | undefined> {
  const image = await imageFormat(path);
  if (!image) return undefined;
  try {
    // A header that parses over pixel data that does not: refuse rather than store a broken image.
    await sharp(path).stats();
  } catch {
    throw new ApplicationError('File is not a valid image');
  }
  const original = { path, sizeInBytes: (await stat(path)).size, width: image.width, height: image.height };
  const source = OPTIMIZABLE.has(image.format) ? await optimize(original, image.format, join(workDir, 'optimized'), settings) : original;
  const variants: ImageVariant[] = [];
  if (RESIZABLE.has(image.format)) {
    if (source.width > THUMBNAIL.width || source.height > THUMBNAIL.height) {
      variants.push(await resize(source.path, image.format, 'thumbnail', THUMBNAIL.width, THUMBNAIL.height, workDir));
    }
    if (settings.responsiveDimensions) {
      for (const [key, bound] of Object.entries(settings.breakpoints)) {
        if (bound < source.width || bound < source.height) variants.push(await resize(source.path, image.format, key, bound, bound, workDir));
      }
    }
  }
  return { ...source, variants };
}

type Stored = Omit<ProcessedImage, 'variants'>;

/**
 * Re-encodes at quality 80 and/or applies EXIF orientation. A re-encode that came out larger is
 * dropped for the original (as Strapi), unless orientation was asked for: that must apply.
 */
async function optimize(original: Stored, format: SharpFormat, out: string, settings: ImageSettings): Promise<Stored> {
  if (!settings.sizeOptimization && !settings.autoOrientation) return original;
  let pipeline = sharp(original.path);
  if (settings.autoOrientation) pipeline = pipeline.rotate();
  const info = await pipeline.toFormat(format, { quality: settings.sizeOptimization ? 80 : 100 }).toFile(out);
  if (info.size > original.sizeInBytes && !settings.autoOrientation) return original;
  return { path: out, sizeInBytes: info.size, width: info.width, height: info.height };
}

async function resize(path: string, format: SharpFormat, key: string, width: number, height: number, workDir: string): Promise<ImageVariant> {
  const out = join(workDir, key);
  const info = await sharp(path).resize({ width, height, fit: 'inside' }).toFormat(format).toFile(out);
  return { key, path: out, width: info.width, height: info.height, sizeInBytes: info.size };
}
