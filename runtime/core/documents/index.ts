// The Document Service, its middlewares and lifecycles (see types.ts).
export { createDocumentService } from './service';
export { EngineHooks } from './hooks';
export { DOCUMENT_ACTIONS, LIFECYCLE_NAMES } from './types';
export type {
  DocumentAction,
  DocumentMiddleware,
  DocumentMiddlewareContext,
  DocumentParams,
  DocumentService,
  DocumentStatus,
  DocumentVersionsResult,
  LifecycleEvent,
  LifecycleHook,
  LifecycleName,
  LifecycleSubscriber,
} from './types';
