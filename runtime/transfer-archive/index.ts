// Strapi 5's data-transfer archive (`strapi export` / `strapi import`), read and written as streams.
// Self-contained: it imports nothing from the rest of the runtime. docs/transfer-format.md describes
// the format.
export { openArchive, type ArchiveSummary, type OpenArchiveOptions, type StageSummary, type TransferArchive } from './reader';
export {
  archiveFileName,
  createArchiveWriter,
  DEFAULT_MAX_JSONL_SIZE,
  writeArchive,
  type ArchiveSource,
  type ArchiveWriter,
  type ArchiveWriterOptions,
} from './writer';
export { assetFilename, assetMetadataProblems, validateAssetMetadata } from './asset-metadata';
export { TransferArchiveError, isTransferArchiveError, type TransferArchiveErrorCode } from './errors';
export type * from './types';
