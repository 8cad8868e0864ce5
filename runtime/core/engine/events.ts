// Events the operation layer announces after a write has committed (entry.create, entry.publish,
// media.create, ...). Webhooks and user code listen here. A listener can neither delay nor fail
// the request that caused the event: it is called after the response data exists, its result is
// not awaited, and what it throws is logged.

export type EntryEventName = 'entry.create' | 'entry.update' | 'entry.delete' | 'entry.publish' | 'entry.unpublish' | 'entry.draft-discard';
export type MediaEventName = 'media.create' | 'media.update' | 'media.delete';

export type EngineEvent =
  | { event: EntryEventName; uid: string; /** singularName, as Strapi's webhook payload names the model */ model: string; entry: Record<string, unknown> }
  | { event: MediaEventName; media: Record<string, unknown> };

export type EngineEventListener = (event: EngineEvent) => void | Promise<void>;

export class EngineEvents {
  private readonly listeners: EngineEventListener[] = [];

  constructor(private readonly logError: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {}

  /** Adds a listener; the returned function removes it. */
  on(listener: EngineEventListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** True when someone listens: writers skip reading the entry an event would carry otherwise. */
  get listening(): boolean {
    return this.listeners.length > 0;
  }

  /** Calls every listener without waiting for it; failures are logged, never thrown. */
  emit(event: EngineEvent): void {
    for (const listener of this.listeners) {
      try {
        const pending = listener(event);
        if (pending && typeof pending.then === 'function') pending.then(undefined, (err: unknown) => this.report(event, err));
      } catch (err) {
        this.report(event, err);
      }
    }
  }

  private report(event: EngineEvent, err: unknown): void {
    this.logError(`error: a listener of ${event.event} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
