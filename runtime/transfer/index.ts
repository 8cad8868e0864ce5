// Moving content between Strapi 5 and a generated app through Strapi's data-transfer archive:
// `cms-gen import` and `cms-gen export` (docs/transfer.md).
export { importArchive, SchemaMismatchError, type ImportOptions, type ImportReport } from './import';
export { compareSchemas, type SchemaComparison, type SchemaMismatch } from './schema-compare';
export { TransferError } from './open-app';
export { createProgress, type Progress, type ProgressSink } from './progress';
export { exportArchive, type ExportOptions, type ExportReport } from './export';
