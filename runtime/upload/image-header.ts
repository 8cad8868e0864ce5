// The cheap first look at an uploaded image: its format and dimensions from the header, before any
// pixel is decoded. Decoding is what costs memory and time (a 30 KB PNG can claim 16000×16000 and
// decode to gigabytes), so the pixel limit is checked here, and a file whose bytes say "image" but
// whose header sharp cannot read is refused rather than stored as a broken image.
import type { UploadImageLimits } from '@cms-gen/server/config/types';
import { ApplicationError, ValidationError } from '@cms-gen/core/errors';
import { sharpOf } from './sharp-loader';
import { OptionalPackageMissing } from '@cms-gen/server/app/optional-package';

export type SharpFormat = 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'svg' | 'heif';

export interface ImageHeader {
  format: SharpFormat;
  width: number;
  height: number;
}

/** Sniffed types sharp reads with its prebuilt libvips: a header it cannot parse means a broken file. */
const REQUIRED_FORMAT: Readonly<Record<string, SharpFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/avif': 'heif',
};

/** Types read when sharp can (HEIC needs a codec the prebuilt libvips may lack): stored as plain files otherwise. */
const OPTIONAL_FORMAT: Readonly<Record<string, SharpFormat>> = {
  'image/heic': 'heif',
  'image/heif': 'heif',
  'image/heic-sequence': 'heif',
  'image/heif-sequence': 'heif',
};

export const NOT_AN_IMAGE = 'File is not a valid image';

export function invalidImage(): ApplicationError {
  return new ApplicationError(NOT_AN_IMAGE);
}

/** `16000×16000 pixels`, `50 Mpx`: sizes as people read them. */
const megapixels = (pixels: number): string => `${Number((pixels / 1_000_000).toFixed(1))} Mpx`;

function tooLarge(fileName: string, width: number, height: number, maxPixels: number): ValidationError {
  const message = `${fileName}: the image is ${width}×${height} pixels (${megapixels(width * height)}), more than the ${megapixels(maxPixels)} allowed`;
  return new ValidationError(message, { errors: [{ path: ['files'], message, name: 'ValidationError', value: fileName }], maxPixels });
}

/**
 * The header of an image upload, or undefined for files that are not images sharp processes.
 * Throws `File is not a valid image` when the bytes promise a format whose header does not parse,
 * and a ValidationError when the image has more pixels than `limits.maxPixels`. SVG is exempt from
 * the pixel limit: it is parsed, never rasterized.
 */
export async function readImageHeader(path: string, mime: string, fileName: string, limits: Pick<UploadImageLimits, 'maxPixels'>): Promise<ImageHeader | undefined> {
  const expected = REQUIRED_FORMAT[mime] ?? OPTIONAL_FORMAT[mime];
  if (!expected) return undefined;
  let header: ImageHeader | undefined;
  try {
    // The limit is ours to check (with a clear message), so sharp's own must not refuse the header first.
    const meta = await sharpOf(path, { limitInputPixels: false }).metadata();
    if (meta.format === expected && meta.width > 0 && meta.height > 0) header = { format: expected, width: meta.width, height: meta.height };
  } catch (err) {
    // A missing sharp is the server's fault: the file may well be a valid image.
    if (err instanceof OptionalPackageMissing) throw err;
    header = undefined;
  }
  if (!header) {
    if (REQUIRED_FORMAT[mime]) throw invalidImage();
    return undefined;
  }
  if (header.format !== 'svg' && header.width * header.height > limits.maxPixels) throw tooLarge(fileName, header.width, header.height, limits.maxPixels);
  return header;
}
