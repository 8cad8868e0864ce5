// Everything runtime/transfer uses from the rest of the runtime, in one place: the database layer,
// the app's configuration, the value codec, the upload providers and the schema metadata types.
// The import and export code reaches the runtime only through this file.
export { loadConfig } from '../config/load-config';
export type { AppConfig } from '../config/types';
export { loadDotEnv } from '../config/dot-env';
export { connectDatabase, parseDatabaseUrl } from '../db/connect';
export { migrate } from '../db/migrate';
export type { Db, DialectName, Row, SqlValue } from '../db/types';
export { decodeValue, encodeValue, type ColumnType } from '../sql/codec';
export { dialectFor } from '../sql/dialect';
export { newDocumentId } from '../engine/write/document-writer';
export { createProvider, localDirectory } from '../upload/providers/create-provider';
export type { UploadProvider } from '../upload/providers/provider';
export type { Attribute, ComponentMeta, ContentTypeMeta, MorphAttribute, RelationAttribute, SchemaMeta, ScalarAttribute } from '../model/types';
export { LINK_TARGET_IS_DRAFT } from '../model/types';
export {
  openArchive,
  createArchiveWriter,
  archiveFileName,
  TransferArchiveError,
  isTransferArchiveError,
  type TransferArchive,
  type ArchiveWriter,
  type EntityRecord,
  type EntityData,
  type LinkRecord,
  type SchemaRecord,
  type ConfigurationRecord,
  type AssetMetadata,
  type JsonValue,
  type JsonObject,
} from '../transfer-archive';
