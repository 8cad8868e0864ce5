// Where the app's log lines go: a file descriptor (stderr), written synchronously, as Node writes
// process.stderr to files and pipes on Linux and as pino's default destination does. The lines of
// one turn of the event loop arrive together (batched-lines.ts), so this is one write call per turn.
//
// Why not pino's asynchronous destination: each of its writes went through the thread pool and
// came back as a callback on the main thread, and under load that cost more main-thread CPU than
// the write itself. Measured on the bench's get-one (same run, alternated, main-thread CPU per
// request): asynchronous 86 µs, this 76 µs, no request lines at all 68 µs (docs/benchmarks.md, "get-one").
//
// A descriptor that would block (a non-blocking pipe whose reader is behind) does not stall the app:
// what it refuses waits in a queue, in order, and is written asynchronously as the reader catches up.
import { write, writeSync } from 'node:fs';
import type { FlushableDestination } from './batched-lines';

/** How long to wait before trying a descriptor that answered EAGAIN again (sonic-boom waits 100 ms too). */
const BUSY_RETRY_MS = 100;

function isBusy(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'EAGAIN';
}

export class FdLines implements FlushableDestination {
  /** What the descriptor refused so far, oldest first. */
  private queue: Buffer[] = [];
  private draining = false;

  constructor(private readonly fd: number) {}

  write(text: string): void {
    if (this.queue.length > 0) {
      this.queue.push(Buffer.from(text));
      return;
    }
    try {
      const written = writeSync(this.fd, text);
      if (written < Buffer.byteLength(text)) this.enqueue(Buffer.from(text).subarray(written));
    } catch (err) {
      if (isBusy(err)) this.enqueue(Buffer.from(text));
      // Any other failure (a closed descriptor, a reader gone): the lines are dropped, as logging
      // must not take the app down.
    }
  }

  /** Writes what waits in the queue now (process exit), waiting out a busy descriptor. */
  flushSync(): void {
    while (this.queue.length > 0) {
      const head = this.queue[0];
      try {
        const written = writeSync(this.fd, head);
        if (written < head.length) this.queue[0] = head.subarray(written);
        else this.queue.shift();
      } catch (err) {
        if (!isBusy(err)) this.queue = [];
      }
    }
  }

  private enqueue(buffer: Buffer): void {
    this.queue.push(buffer);
    if (!this.draining) this.drain();
  }

  private drain(): void {
    const head = this.queue[0];
    if (!head) {
      this.draining = false;
      return;
    }
    this.draining = true;
    write(this.fd, head, (err, written) => {
      if (err && !isBusy(err)) {
        this.queue = [];
        this.draining = false;
        return;
      }
      if (!err) {
        if (written < head.length) this.queue[0] = head.subarray(written);
        else this.queue.shift();
      }
      if (err) setTimeout(() => this.drain(), BUSY_RETRY_MS).unref();
      else this.drain();
    });
  }
}
