// CPU time a server process has used so far, read from /proc: what `npm run bench` and
// bench/request-cost.ts divide by the requests a run completed. Throughput swings with whatever
// else the two cores run; the CPU a server burns per request much less, so ratios of it are the
// steadier measure of the same thing (a CPU-bound server's rate is the inverse of its cost).
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/**
 * utime + stime in ms (fields 14 and 15 of /proc/<pid>/task/<pid>/stat, in clock ticks) of the
 * process's main thread, or of the whole process. The main thread is what bounds throughput; GC
 * helpers, the thread pool and tsx's loader thread run beside it.
 */
export function cpuMs(pid: number, wholeProcess = false): number {
  const stat = readFileSync(wholeProcess ? `/proc/${pid}/stat` : `/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
