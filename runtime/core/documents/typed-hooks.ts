// Typed views of what user code hooks into the Document Service: a middleware's context
// (`strapi.documents.use`) and a lifecycle's event (`lifecycles.ts`, `strapi.db.lifecycles`),
// typed by uid and action from the app's registry, so `params.data` is the type's input (its
// `Data`) instead of a bag of unknowns. Types only: at run time they are the untyped objects of
// types.ts (a registry built for the app is a refinement of the untyped one).
import type { Data } from '@cms-gen/types/typed-data';
import type { ContentTypeUid, Registry } from '@cms-gen/types/typed-registry';
import type { DocumentAction, DocumentMiddlewareContext, DocumentParams, LifecycleEvent, LifecycleName } from './types';

/** What a write sends as `data`: the create or update input of the type; other actions send none. */
export type ActionData<R extends Registry, U extends keyof R, A extends DocumentAction> = A extends 'create'
  ? Data<R, U, 'create'>
  : A extends 'update'
    ? Data<R, U, 'update'>
    : undefined;

/** A middleware's context for one uid and one action. */
export type TypedMiddlewareContext<R extends Registry, U extends keyof R & string, A extends DocumentAction> = Omit<DocumentMiddlewareContext, 'uid' | 'action' | 'params'> & {
  uid: U;
  action: A;
  params: Omit<DocumentParams, 'data'> & { data?: ActionData<R, U, A> };
};

/** Every (uid, action) pair: checking `ctx.uid` and `ctx.action` narrows `ctx.params.data`. */
export type DocumentMiddlewareContextOf<R extends Registry> = {
  [U in ContentTypeUid<R>]: { [A in DocumentAction]: TypedMiddlewareContext<R, U, A> }[DocumentAction];
}[ContentTypeUid<R>];

/** Strapi 5's Document Service middleware, typed from the app's registry. */
export type TypedDocumentMiddleware<R extends Registry> = (ctx: DocumentMiddlewareContextOf<R>, next: () => Promise<unknown>) => Promise<unknown>;

/** The lifecycles that carry `data`, and the mode of that data. */
type LifecycleData<R extends Registry, U extends keyof R, L extends LifecycleName> = L extends 'beforeCreate' | 'afterCreate'
  ? Data<R, U, 'create'>
  : L extends 'beforeUpdate' | 'afterUpdate'
    ? Data<R, U, 'update'>
    : undefined;

/** A lifecycle event of one content type (distributed over a union of uids) and one lifecycle. */
export type TypedLifecycleEvent<R extends Registry, U extends keyof R & string, L extends LifecycleName> = U extends unknown
  ? Omit<LifecycleEvent, 'action' | 'model' | 'params'> & {
      action: L;
      model: Omit<LifecycleEvent['model'], 'uid'> & { uid: U };
      params: Omit<LifecycleEvent['params'], 'data'> & { data?: LifecycleData<R, U, L> };
    }
  : never;

/** The hooks of a lifecycles file (src/api/<api>/content-types/<name>/lifecycles.ts) of the type `U`. */
export type TypedLifecycles<R extends Registry, U extends keyof R & string> = {
  [L in LifecycleName]?: (event: TypedLifecycleEvent<R, U, L>) => void | Promise<void>;
};

/** `strapi.db.lifecycles.subscribe`'s argument: the hooks of the types in `models` (every type when absent). */
export type TypedLifecycleSubscriber<R extends Registry, U extends keyof R & string> = { models?: U[] } & TypedLifecycles<R, U>;
