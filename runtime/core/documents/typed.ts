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
} from '@cms-gen/types/typed-registry';
export type { FieldCondition, FieldOperators, FilterOperand, Filters } from '@cms-gen/types/typed-filters';
export type { FieldName, Fields, MorphNode, Populate, PopulatePath, Sort, SortOrder, SortPath } from '@cms-gen/types/typed-query';
export type { Data, MorphChanges, MorphInput, MorphRefInput, RelationChanges, RelationRefInput } from '@cms-gen/types/typed-data';
export type { MorphEntry, Result, ResultOf, Simplify } from '@cms-gen/types/typed-result';
export type { CommonParams, DocumentEntries, ListParams, Pagination, Params, TypedDocumentService, TypedDocuments } from './typed-service';
export { typedDocuments } from './typed-service';
export type { ActionData, DocumentMiddlewareContextOf, TypedDocumentMiddleware, TypedLifecycleEvent, TypedLifecycles, TypedLifecycleSubscriber, TypedMiddlewareContext } from './typed-hooks';
export { queryCompiler, type AnyQueryCompiler, type QueryCompiler } from './query-compiler';
