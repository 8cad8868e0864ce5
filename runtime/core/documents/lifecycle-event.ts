// The lifecycle event of one action, and firing its before*/after* hooks only when someone listens.
import type { ActionTarget } from './action-context';
import type { DocumentAction, LifecycleEvent, LifecycleName } from './types';

/** The lifecycle event of one document write or read (its `action` is set when fired). */
export function lifecycleEvent(t: ActionTarget, documentAction: DocumentAction, params: LifecycleEvent['params']): LifecycleEvent {
  const { meta } = t;
  return {
    action: 'beforeCreate',
    documentAction,
    model: { uid: meta.uid, singularName: meta.singularName, pluralName: meta.pluralName, kind: meta.kind },
    params,
    state: {},
  };
}

/** Fires an `after*` lifecycle with `result`; answers what the hooks left in `event.result`. */
export async function fireAfter<T>(t: ActionTarget, name: LifecycleName, event: LifecycleEvent, result: T): Promise<T> {
  if (!t.engine.hooks.has(name, t.uid)) return result;
  event.result = result;
  await t.engine.hooks.fire(name, event);
  return event.result as T;
}

/** Fires a `before*` lifecycle when someone listens. */
export async function fireBefore(t: ActionTarget, name: LifecycleName, event: LifecycleEvent): Promise<void> {
  if (t.engine.hooks.has(name, t.uid)) await t.engine.hooks.fire(name, event);
}
