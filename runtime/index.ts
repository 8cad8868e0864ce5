// The runtime every generated app imports. It knows no schema: the app hands it SchemaMeta.
// First, before the rest of the runtime and the app's modules load: the young generation's size.
import './app/young-generation';
export * from './model/types';
export * from './errors';
export type { Db, DialectName, DatabaseConfig } from './db/types';
export type { AuthContext, CollectionOperations, SingleOperations, Document, RawQuery, FindResult, PaginationMeta } from './engine/types';
export { Engine, collectionOperations, singleOperations } from './documents/operations';
export { EngineEvents, type EngineEvent, type EngineEventListener, type EntryEventName, type MediaEventName } from './engine/events';
export * from './documents';
export { v4Transform, type V4Transform } from './http/v4-format';
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
} from './query/spec';
export type { FieldRef } from './query/ast';
export { compileQuerySpecs } from './query/compile-specs';
export { startApp, type AppDefinition, type RunningApp, type StartOverrides } from './app/start-app';
export type { AppLogger, LogFields } from './app/logger';
export { runApp, type RunAppOptions } from './app/run-app';
export * from './graphql';
export * from './documents/typed';
export * from './customize';
export type { StrapiCron, CronTasks, CronTask, CronTaskFn, CronSchedule, CronRuleOptions, CronRecurrence, CronRange, CronSegment, CronDateInput, CronJobSpec } from './cron/types';
