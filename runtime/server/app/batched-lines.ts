// Log lines written once per turn of the event loop instead of once per line. Under load a turn
// serves several requests, each adding its request line; writing them together costs one write
// call where there were as many as lines (a request line cost about 5% of a cached GET's CPU,
// docs/benchmarks.md "Hot spots"). A line waits at most until the end of the current turn, so
// nothing is held back when the app is idle. What is pending when the process exits (a crash
// included) is written synchronously then; only a SIGKILL can lose the lines of that last turn.
import type { DestinationStream } from 'pino';

/** A destination of whole batches (fd-lines.ts; tests pass their own). */
export interface FlushableDestination extends DestinationStream {
  flushSync(): void;
}

/** Every batcher alive, flushed by one `exit` listener (weakly held: apps started in tests go away). */
const live = new Set<WeakRef<BatchedLines>>();
let exitListener = false;

function flushAllSync(): void {
  for (const ref of live) ref.deref()?.flushSync();
}

export class BatchedLines implements DestinationStream {
  private pending = '';
  private scheduled = false;
  private readonly flushTurn = (): void => {
    this.scheduled = false;
    this.flush();
  };

  constructor(private readonly destination: FlushableDestination) {
    live.add(new WeakRef(this));
    if (!exitListener) {
      exitListener = true;
      process.once('exit', flushAllSync);
    }
  }

  write(chunk: string): void {
    this.pending += chunk;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushTurn);
    }
  }

  /** Hands what is pending to the destination (fd-lines.ts writes it in one call). */
  flush(): void {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.destination.write(text);
  }

  /** Writes everything now (process exit). */
  flushSync(): void {
    this.flush();
    try {
      this.destination.flushSync();
    } catch {
      // A destination already closed (or never opened) has nothing left to write.
    }
  }
}
