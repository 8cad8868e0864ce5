// What bounds the login scenario: one bcrypt comparison per request, run on libuv's thread pool, so
// at most (cores / CPU time of one comparison) logins per second — before autocannon, which runs on
// the same cores, takes its share. Measured here rather than assumed, since it depends on the CPU.
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcrypt';

/** The users-permissions default (`bcryptRounds`), which the bench app's config keeps. */
export const BENCH_BCRYPT_ROUNDS = 10;

export function bcryptCompareMs(rounds: number, samples = 5): number {
  const hash = bcrypt.hashSync('bench-password', rounds);
  bcrypt.compareSync('bench-password', hash);
  const started = performance.now();
  for (let i = 0; i < samples; i++) bcrypt.compareSync('bench-password', hash);
  return (performance.now() - started) / samples;
}

export function loginBoundNote(rounds = BENCH_BCRYPT_ROUNDS): string {
  const ms = bcryptCompareMs(rounds);
  const cores = cpus().length;
  return (
    `login bound: one bcrypt cost-${rounds} comparison per login takes ${ms.toFixed(0)} ms of CPU here, so at most ` +
    `${cores} cores / ${(ms / 1000).toFixed(3)} s ≈ ${((cores * 1000) / ms).toFixed(0)} logins/s, less with autocannon on the same cores`
  );
}
