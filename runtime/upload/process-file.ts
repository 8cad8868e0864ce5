// One uploaded file from temp file to stored objects: its type decided from its bytes, the
// configured allow/deny lists applied, image work done on disk, then the original and its formats
// handed to the provider. `analyzeFile` only reads (an image's header included, so an image past the
// pixel limit is refused before anything is stored); `storeFile` removes what it stored when a later
// put fails.
import type { UploadImageLimits, UploadSecurityConfig } from '@cms-gen/server/config/types';
import { ValidationError } from '@cms-gen/core/errors';
import { detectType } from './detect-type';
import type { FileInfo } from './file-info';
import { baseNameOf, bytesToKb, fileHash, safeExtension } from './file-name';
import type { FileValues, FormatRecord } from './file-records';
import { readImageHeader, type ImageHeader } from './image-header';
import { processImage, type ImageSettings } from './images';
import { mimeTypeAllowed } from './mime-policy';
import type { UploadProvider } from './providers/provider';
import { looksLikeText, sniffFile } from './sniff-mime';

export interface IncomingFile {
  /** Temp file holding the upload. */
  path: string;
  /** The client's file name (already reduced to a base name by the multipart parser). */
  originalName: string;
  size: number;
}

export interface AnalyzedFile {
  source: IncomingFile;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  hash: string;
  ext: string;
  mime: string;
  /** Format and dimensions of an image sharp processes, from its header. */
  image?: ImageHeader;
}

/** What an upload must satisfy before anything is stored. */
export interface UploadPolicy {
  security: UploadSecurityConfig;
  imageLimits: Pick<UploadImageLimits, 'maxPixels'>;
}

export interface StoredUpload {
  values: Omit<FileValues, 'folderPath'>;
  /** Keys of every stored object (original and formats), to remove them if the request fails. */
  keys: string[];
}

function refused(message: string, fileName: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: ['files'], message, name: 'ValidationError', value: fileName }] });
}

export async function analyzeFile(file: IncomingFile, info: FileInfo, { security, imageLimits }: UploadPolicy): Promise<AnalyzedFile> {
  const originalName = file.originalName.normalize();
  const ext = safeExtension(originalName);
  const sniffed = await sniffFile(file.path);
  const detected = detectType({ ext, sniffed, looksText: sniffed ? false : await looksLikeText(file.path) });
  if ('mismatch' in detected) throw refused(`${originalName}: ${detected.mismatch}`, originalName);
  if (!mimeTypeAllowed(detected.mime, security)) throw refused(`File type '${detected.mime}' is not allowed`, originalName);
  const image = await readImageHeader(file.path, detected.mime, originalName, imageLimits);
  const name = (info.name || originalName).normalize();
  return {
    source: file,
    name,
    alternativeText: info.alternativeText ?? null,
    caption: info.caption ?? null,
    hash: fileHash(baseNameOf(name, ext)),
    ext: detected.ext,
    mime: detected.mime,
    image,
  };
}

export interface StoreOptions {
  provider: UploadProvider;
  images: ImageSettings;
  /** Scratch directory for this file (optimized original, formats). */
  workDir: string;
  /** Folder path inside the bucket, for providers that have folders. */
  path?: string;
}

export async function storeFile(file: AnalyzedFile, options: StoreOptions): Promise<StoredUpload> {
  const { provider } = options;
  const image = await processImage(file.source.path, file.image, file.source.originalName, options.workDir, options.images);
  const keys: string[] = [];
  const put = async (fileName: string, filePath: string, size: number) => {
    const key = provider.keyFor(fileName, options.path);
    const url = await provider.put({ key, filePath, mime: file.mime, size });
    // The key a delete will derive from the record's URL (Cloudinary learns its key from the upload).
    keys.push(provider.keyOfUrl(url) ?? key);
    return url;
  };
  try {
    let formats: Record<string, FormatRecord> | null = null;
    for (const variant of image?.variants ?? []) {
      const hash = `${variant.key}_${file.hash}`;
      const url = await put(`${hash}${file.ext}`, variant.path, variant.sizeInBytes);
      formats ??= {};
      formats[variant.key] = {
        name: `${variant.key}_${file.name}`,
        hash,
        ext: file.ext,
        mime: file.mime,
        path: options.path ?? null,
        width: variant.width,
        height: variant.height,
        size: bytesToKb(variant.sizeInBytes),
        sizeInBytes: variant.sizeInBytes,
        url,
      };
    }
    const sizeInBytes = image?.sizeInBytes ?? file.source.size;
    const url = await put(`${file.hash}${file.ext}`, image?.path ?? file.source.path, sizeInBytes);
    return {
      keys,
      values: {
        name: file.name,
        alternativeText: file.alternativeText,
        caption: file.caption,
        width: image?.width ?? null,
        height: image?.height ?? null,
        formats,
        hash: file.hash,
        ext: file.ext,
        mime: file.mime,
        size: bytesToKb(sizeInBytes),
        url,
        provider: provider.name,
      },
    };
  } catch (err) {
    await removeObjects(provider, keys);
    throw err;
  }
}

/** Best-effort removal (a failure to clean up must not hide the error that caused it). */
export async function removeObjects(provider: UploadProvider, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => provider.delete(key)));
}
