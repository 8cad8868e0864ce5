import { createWorkQueue } from './work-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkQueue', () => {
  it('runs at most `concurrency` jobs at once, in arrival order', async () => {
    const queue = createWorkQueue(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    let peak = 0;
    const jobs = [0, 1, 2, 3, 4].map((n) =>
      queue.run(async () => {
        started.push(n);
        peak = Math.max(peak, queue.running);
        await new Promise<void>((resolve) => finish.push(resolve));
        return n * 10;
      }),
    );
    await tick();
    expect([started, queue.running, queue.waiting]).toEqual([[0, 1], 2, 3]);
    // Bounded: five jobs, each released once.
    for (let i = 0; i < 5; i++) {
      finish.shift()?.();
      await tick();
    }
    expect(await Promise.all(jobs)).toEqual([0, 10, 20, 30, 40]);
    expect([started, peak, queue.running, queue.waiting]).toEqual([[0, 1, 2, 3, 4], 2, 0, 0]);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createWorkQueue(1);
    const failed = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
    expect(queue.running).toBe(0);
  });

  it('refuses a concurrency below 1', () => {
    expect(() => createWorkQueue(0)).toThrow(RangeError);
  });
});
