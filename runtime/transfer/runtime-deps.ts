// Everything runtime/transfer uses from the rest of the runtime, in one place: the database layer,
// the app's configuration, the value codec, the upload providers and the schema metadata types.
// The import and export code reaches the runtime only through this file.
export { loadConfig } from '@cms-gen/server/config/load-config';
export type { AppConfig } from '@cms-gen/server/config/types';
export { loadDotEnv } from '@cms-gen/server/config/dot-env';
export { connectDatabase, parseDatabaseUrl } from '@cms-gen/core/db/connect';
export { migrate } from '@cms-gen/core/db/migrate';
export type { Db, DialectName, Row, SqlValue } from '@cms-gen/db/types';
export { decodeValue, encodeValue, type ColumnType } from '@cms-gen/core/sql/codec';
export { dialectFor } from '@cms-gen/core/sql/dialect';
export { newDocumentId } from '@cms-gen/core/engine/write/document-writer';
export { createProvider, localDirectory } from '@cms-gen/upload/providers/create-provider';
export type { UploadProvider } from '@cms-gen/upload/providers/provider';
export type { Attribute, ComponentMeta, ContentTypeMeta, MorphAttribute, RelationAttribute, SchemaMeta, ScalarAttribute } from '@cms-gen/core/model/types';
export { LINK_TARGET_IS_DRAFT } from '@cms-gen/core/model/types';
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
} from '@cms-gen/transfer-archive';
