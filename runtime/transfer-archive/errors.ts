// Errors a caller can tell apart by `code`, each with a message a person can act on.

export type TransferArchiveErrorCode =
  /** The file cannot be opened. */
  | 'UNREADABLE'
  /** Neither a tar, a gzip, nor something encrypted. */
  | 'NOT_AN_ARCHIVE'
  /** The content looks encrypted and no key was given. */
  | 'KEY_REQUIRED'
  /** A key was given but does not decrypt the archive. */
  | 'WRONG_KEY'
  /** The archive ends early. */
  | 'TRUNCATED'
  /** Damaged bytes inside the archive (gzip, tar header or cipher padding). */
  | 'CORRUPT'
  /** A tar without `metadata.json`: not a Strapi data-transfer archive. */
  | 'MISSING_METADATA'
  /** Written by a Strapi other than 5.x (a Strapi 4 export, say). */
  | 'UNSUPPORTED_VERSION'
  /** A JSONL line that is not JSON, or not the record its folder holds. */
  | 'INVALID_RECORD'
  /** An asset without a valid `assets/metadata/<name>.json` sidecar. */
  | 'INVALID_ASSET'
  /** The archive's file cannot be created. */
  | 'UNWRITABLE'
  /** The writer was used wrongly (a name `strapi import` would not read, a size that does not match…). */
  | 'INVALID_WRITE';

export class TransferArchiveError extends Error {
  override readonly name = 'TransferArchiveError';

  constructor(
    readonly code: TransferArchiveErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isTransferArchiveError = (error: unknown): error is TransferArchiveError => error instanceof TransferArchiveError;
