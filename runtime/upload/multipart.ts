// Multipart parsing with multer's disk storage: each file streams straight into a temp file, so a
// large upload never sits in memory. Limits are enforced while streaming (the per-file `sizeLimit`
// aborts the request as soon as it is exceeded; multer removes the partial files) and multer's errors
// become the API's: 413 PayloadTooLargeError for size, 400 ValidationError for malformed bodies.
import type { Request, Response } from 'express';
import type multer from 'multer';
import { lazyModule } from '@cms-gen/core/lazy-module';
import { PayloadTooLargeError, ValidationError } from '@cms-gen/core/errors';

/** multer (with busboy), loaded on the first multipart request. */
const loadMulter = lazyModule(() => require('multer') as typeof multer);

export interface MultipartBody {
  files: Express.Multer.File[];
  /** Text fields (multer/append-field shape: strings, arrays of strings, bracket objects). */
  fields: Record<string, unknown>;
}

export interface MultipartOptions {
  /** Directory the temp files go to. */
  tmpDir: string;
  /** Bytes per file. */
  sizeLimit: number;
}

/** Files per request; generous, but bounded so one request cannot open unbounded temp files. */
export const MAX_FILES = 100;

/** `200 MB`, `1 KB`: the limit as people read it. */
export function humanSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

function isMulterError(err: unknown): err is multer.MulterError & { filename?: string } {
  return err instanceof loadMulter().MulterError;
}

function toApiError(err: unknown, sizeLimit: number): unknown {
  if (isMulterError(err)) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new PayloadTooLargeError(`${err.filename ?? 'A file'} exceeds size limit of ${humanSize(sizeLimit)}.`, { sizeLimit });
      case 'LIMIT_UNEXPECTED_FILE':
        return new ValidationError(`Unexpected file field "${err.field ?? ''}": upload files in the "files" field`);
      default:
        return new ValidationError(err.message);
    }
  }
  // Disk and other system errors (ENOSPC, EACCES) are ours, not the client's.
  if (err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test(String((err as NodeJS.ErrnoException).code))) return err;
  // busboy: a body that is not well-formed multipart.
  if (err instanceof Error) return new ValidationError(`Malformed multipart body: ${err.message}`);
  return err;
}

export function createMultipartParser(options: MultipartOptions): (req: Request, res: Response) => Promise<MultipartBody> {
  // Made on the first request: the plugin creates its parser at start, which needs no multer.
  let middleware: ReturnType<ReturnType<typeof multer>['array']> | undefined;
  const made = () => {
    const create = loadMulter();
    return create({
      storage: create.diskStorage({ destination: options.tmpDir }),
      // Browsers send file names as raw UTF-8; busboy's default (latin1) would garble them.
      defParamCharset: 'utf8',
      limits: { fileSize: options.sizeLimit, files: MAX_FILES, fields: 1000, fieldSize: 1024 * 1024, fieldNestingDepth: 3 },
    }).array('files', MAX_FILES);
  };
  return (req, res) =>
    new Promise((resolve, reject) => {
      (middleware ??= made())(req, res, (err?: unknown) => {
        if (err) {
          reject(toApiError(err, options.sizeLimit));
          return;
        }
        const files = Array.isArray(req.files) ? req.files : [];
        const body: unknown = req.body;
        resolve({ files, fields: typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {} });
      });
    });
}
