// A first-come, first-served limit on how many jobs run at once. Image decoding costs hundreds of
// megabytes and whole CPU cores per image: without a bound, N simultaneous uploads cost N times
// that (three 256-Mpx images peaked at 3.8 GB). Waiting jobs hold only their temp file.

export interface WorkQueue {
  /** Runs `job` once fewer than `concurrency` jobs are running; resolves or rejects with it. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now and jobs waiting (for tests and diagnostics). */
  readonly running: number;
  readonly waiting: number;
}

export function createWorkQueue(concurrency: number): WorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer (got ${concurrency})`);
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      // The slot is handed over by `release` without being freed, so a newcomer cannot jump the queue.
      else running++;
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}
