// The runtime every generated app imports. It knows no schema: the app hands it SchemaMeta.
// First, before the rest of the runtime and the app's modules load: the young generation's size.
import '@cms-gen/server/app/young-generation';
export * from '@cms-gen/core/model/types';
export * from '@cms-gen/core/errors';
export type { Db, DialectName, DatabaseConfig } from '@cms-gen/db/types';
export type { AuthContext, CollectionOperations, SingleOperations, Document, RawQuery, FindResult, PaginationMeta } from '@cms-gen/core/engine/types';
export { Engine, collectionOperations, singleOperations } from '@cms-gen/core/documents/operations';
export { EngineEvents, type EngineEvent, type EngineEventListener, type EntryEventName, type MediaEventName } from '@cms-gen/core/engine/events';
export * from '@cms-gen/core/documents/index';
export { v4Transform, type V4Transform } from '@cms-gen/server/http/v4-format';
export type {
  QuerySpec,
  QuerySpecs,
  ContentTypeQuerySpec,
  ComponentQuerySpec,
  QueryEntry,
  FieldEntry,
  HiddenEntry,
  RelationEntry,
  MediaEntry,
  ComponentEntry,
  DynamicZoneEntry,
  OperatorFamily,
} from '@cms-gen/core/query/spec';
export type { FieldRef } from '@cms-gen/core/query/ast';
export { compileQuerySpecs } from '@cms-gen/core/query/compile-specs';
export { startApp, type AppDefinition, type RunningApp, type StartOverrides } from './start-app';
export type { AppLogger, LogFields } from '@cms-gen/server/app/logger';
export { runApp, type RunAppOptions } from './run-app';
export * from '@cms-gen/core/documents/typed';
export * from '@cms-gen/server/customize/index';
export type { StrapiCron, CronTasks, CronTask, CronTaskFn, CronSchedule, CronRuleOptions, CronRecurrence, CronRange, CronSegment, CronDateInput, CronJobSpec } from '@cms-gen/cron/types';
