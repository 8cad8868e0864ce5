// How an archive's bytes wrap its tar: `strapi export` gzips the tar (unless --no-compress) and then
// encrypts the result (with --key). `strapi import` goes by the file name (`.tar`, `.tar.gz`,
// `.tar.gz.enc`, `.tar.enc`); this reader looks at the content instead, so a renamed file still reads
// and a wrong key is told apart from a damaged file.
import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { CIPHER_BLOCK, createArchiveDecipher, decryptBlocks, deriveKey } from './cipher';
import { TransferArchiveError } from './errors';
import type { ArchiveLayers } from './types';

const SNIFF_BYTES = 512;

const isGzip = (bytes: Buffer): boolean => bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;
/** POSIX ustar and GNU tar headers both carry "ustar" at offset 257. */
const isTar = (bytes: Buffer): boolean => bytes.length >= 262 && bytes.toString('latin1', 257, 262) === 'ustar';

export interface DetectedArchive extends ArchiveLayers {
  path: string;
  /** The derived AES key, when the archive is encrypted. */
  key?: Buffer;
  /** Size of the file on disk. */
  size: number;
}

export async function detectArchive(path: string, passphrase: string | undefined): Promise<DetectedArchive> {
  let head: Buffer;
  let size: number;
  try {
    const file = await open(path, 'r');
    try {
      size = (await file.stat()).size;
      const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, size));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new TransferArchiveError('UNREADABLE', `Cannot read the archive ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (size === 0) throw new TransferArchiveError('NOT_AN_ARCHIVE', `${path} is empty, not a Strapi data-transfer archive.`);
  if (isGzip(head)) return { path, size, compressed: true, encrypted: false };
  if (isTar(head)) return { path, size, compressed: false, encrypted: false };

  const blockAligned = size % CIPHER_BLOCK === 0 && size >= 2 * CIPHER_BLOCK;
  if (passphrase === undefined || passphrase === '') {
    if (blockAligned) {
      throw new TransferArchiveError(
        'KEY_REQUIRED',
        `${path} is neither a tar nor a gzip file: if it is an encrypted Strapi export (.enc), give its key.`,
      );
    }
    throw new TransferArchiveError('NOT_AN_ARCHIVE', `${path} is not a Strapi data-transfer archive (neither tar, gzip nor encrypted).`);
  }
  if (!blockAligned) {
    throw new TransferArchiveError(
      'NOT_AN_ARCHIVE',
      `${path} is not a Strapi data-transfer archive: its size (${size} bytes) is not a whole number of cipher blocks, so it is not encrypted either.`,
    );
  }
  const key = await deriveKey(passphrase);
  const clear = decryptBlocks(key, head);
  if (isGzip(clear)) return { path, size, key, compressed: true, encrypted: true };
  if (isTar(clear)) return { path, size, key, compressed: false, encrypted: true };
  throw new TransferArchiveError('WRONG_KEY', `The key does not decrypt ${path} (or the file is not a Strapi data-transfer archive).`);
}

/** Turns an error from a decoding layer into one that says what happened to the archive. */
export function explainDecodeError(error: unknown, path: string): TransferArchiveError {
  if (error instanceof TransferArchiveError) return error;
  const err = error as NodeJS.ErrnoException;
  const message = String(err?.message ?? err);
  if (err?.code === 'Z_BUF_ERROR' || /unexpected end/i.test(message) || /wrong final block length/i.test(message)) {
    return new TransferArchiveError('TRUNCATED', `${path} ends early: the archive is truncated (${message}).`, { cause: error });
  }
  if (/bad decrypt/i.test(message)) {
    return new TransferArchiveError('TRUNCATED', `${path} does not decrypt to its end: the archive is truncated or damaged (${message}).`, {
      cause: error,
    });
  }
  if (err?.code === 'Z_DATA_ERROR' || /incorrect header check|invalid (block|distance|code)|header/i.test(message)) {
    return new TransferArchiveError('CORRUPT', `${path} is damaged: ${message}.`, { cause: error });
  }
  return new TransferArchiveError('CORRUPT', `Cannot read ${path}: ${message}`, { cause: error });
}

/** The tar bytes of the archive, with decryption and decompression applied as detected. */
export function openTarBytes(archive: DetectedArchive): Readable {
  const stages: NodeJS.ReadWriteStream[] = [];
  if (archive.encrypted && archive.key) stages.push(createArchiveDecipher(archive.key));
  if (archive.compressed) stages.push(createGunzip());
  const source = createReadStream(archive.path);
  if (stages.length === 0) return source;
  const out = new PassThrough();
  // pipeline() tears every stage down on error and hands the error to `out`'s reader.
  pipeline([source, ...stages, out] as unknown as [Readable, ...NodeJS.ReadWriteStream[]], (error) => {
    if (error) out.destroy(error);
  });
  return out;
}
