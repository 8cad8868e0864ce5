// Document Service middlewares and lifecycle subscribers of one engine. The operation layer
// (runtime/documents/actions.ts) runs every action through `run` and fires lifecycles with
// `fire`; nothing here knows about transports or SQL.
import type { ContentTypeMeta } from '../model/types';
import type { DocumentAction, DocumentMiddleware, DocumentMiddlewareContext, DocumentParams, LifecycleEvent, LifecycleName, LifecycleSubscriber } from './types';
import { LIFECYCLE_NAMES } from './types';

export class EngineHooks {
  private readonly middlewares: DocumentMiddleware[] = [];
  private readonly subscribers: LifecycleSubscriber[] = [];

  /** Adds a Document Service middleware; the first one added is the outermost. Returns a remover. */
  use(middleware: DocumentMiddleware): () => void {
    if (typeof middleware !== 'function') throw new TypeError('engine.hooks.use expects a function (ctx, next) => Promise<unknown>');
    this.middlewares.push(middleware);
    return () => remove(this.middlewares, middleware);
  }

  /** Adds lifecycle hooks, for the models (uids) listed or for every model. Returns a remover. */
  subscribe(subscriber: LifecycleSubscriber): () => void {
    if (!subscriber || typeof subscriber !== 'object') throw new TypeError('engine.hooks.subscribe expects an object of lifecycle hooks');
    for (const [key, value] of Object.entries(subscriber)) {
      if (key === 'models') {
        if (!Array.isArray(value) || value.some((m) => typeof m !== 'string')) throw new TypeError('subscribe: `models` must be a list of content-type uids');
      } else if (!(LIFECYCLE_NAMES as readonly string[]).includes(key)) {
        throw new TypeError(`subscribe: unknown lifecycle "${key}" (known: ${LIFECYCLE_NAMES.join(', ')})`);
      } else if (typeof value !== 'function') {
        throw new TypeError(`subscribe: ${key} must be a function`);
      }
    }
    this.subscribers.push(subscriber);
    return () => remove(this.subscribers, subscriber);
  }

  /**
   * Runs `inner` through the middlewares. Each middleware may change `ctx.params` before calling
   * `next()`, return something else, or throw. `inner` reads `ctx.params` when it finally runs.
   */
  run<T>(uid: string, contentType: ContentTypeMeta, action: DocumentAction, params: DocumentParams, inner: (params: DocumentParams) => Promise<T>): Promise<T> {
    // Fast path: no middleware costs nothing per request.
    if (this.middlewares.length === 0) return inner(params);
    const ctx: DocumentMiddlewareContext = { uid, contentType, action, params };
    return new MiddlewareChain([...this.middlewares], ctx, inner).call(0) as Promise<T>;
  }

  /** True when lifecycle hooks exist: only they run user code inside a write's transaction. */
  get hasSubscribers(): boolean {
    return this.subscribers.length > 0;
  }

  /** True when some lifecycle hooks apply to `uid`: only then does a write of it run user code in its transaction. */
  hasSubscribersFor(uid: string): boolean {
    return this.subscribers.some((s) => applies(s, uid));
  }

  /** True when some subscriber has `name` for `uid` (lets the writer skip building events). */
  has(name: LifecycleName, uid: string): boolean {
    return this.subscribers.some((s) => s[name] !== undefined && applies(s, uid));
  }

  /** Runs the `name` hooks for the event's model in subscription order; a throw stops and propagates. */
  async fire(name: LifecycleName, event: LifecycleEvent): Promise<void> {
    event.action = name;
    for (const subscriber of [...this.subscribers]) {
      const hook = subscriber[name];
      if (hook && applies(subscriber, event.model.uid)) await hook(event);
    }
  }
}

/** One run of the middlewares over an action (a class: its steps are methods, not closures made per call). */
class MiddlewareChain<T> {
  constructor(
    private readonly chain: readonly DocumentMiddleware[],
    private readonly ctx: DocumentMiddlewareContext,
    private readonly inner: (params: DocumentParams) => Promise<T>,
  ) {}

  call(index: number): Promise<unknown> {
    if (index === this.chain.length) return this.inner(this.ctx.params);
    let called = false;
    return Promise.resolve(
      this.chain[index](this.ctx, () => {
        // A middleware calling next() twice would run the action twice (two writes).
        if (called) return Promise.reject(new Error(`a Document Service middleware called next() twice (${this.ctx.action} on ${this.ctx.uid})`));
        called = true;
        return this.call(index + 1);
      }),
    );
  }
}

function applies(subscriber: LifecycleSubscriber, uid: string): boolean {
  return subscriber.models === undefined || subscriber.models.includes(uid);
}

function remove<T>(list: T[], item: T): void {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
}
