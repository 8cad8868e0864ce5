// The typed Document Service surface (types, plus the zero-cost `typedDocuments` view): what a
// generated app's src/content-types.ts builds on.
export type {
  ComponentEntry,
  ComponentSpec,
  ContentTypeEntry,
  ContentTypeUid,
  DynamicZoneSpec,
  MediaSpec,
  MorphSpec,
  Registry,
  RegistryEntry,
  RelationSpec,
  ScalarSpec,
} from './typed-registry';
export type { FieldCondition, FieldOperators, FilterOperand, Filters } from './typed-filters';
export type { FieldName, Fields, MorphNode, Populate, PopulatePath, Sort, SortOrder, SortPath } from './typed-query';
export type { Data, MorphChanges, MorphInput, MorphRefInput, RelationChanges, RelationRefInput } from './typed-data';
export type { MorphEntry, Result, ResultOf, Simplify } from './typed-result';
export type { CommonParams, DocumentEntries, ListParams, Pagination, Params, TypedDocumentService, TypedDocuments } from './typed-service';
export { typedDocuments } from './typed-service';
