// Bounds V8's young generation while the app starts: one 1 MB semi-space, instead of letting V8
// double it to its 16 MB maximum (32 MB of new space, never given back at rest), then lets it grow
// up to V8's own maximum once the app serves.
//
// Why: loading ~1,300 modules and building the schema at start-up keeps most of what it
// allocates, and V8 answers a high survival rate by doubling the new space each scavenge until its
// maximum. An idle server then holds 32 MB of new space it no longer uses (V8 only shrinks it in a
// garbage collection that sees a low allocation rate, and an idle server collects nothing). The
// growth factor is read each time V8 considers growing, so setting it to 1 keeps the new space
// where it is. Measured (docs/benchmarks.md, "Memory"): the compiled app rests at ~87 MB this way
// against ~113 MB without.
//
// Under load the cap is V8's default (16 MB semi-spaces), reached by quadrupling. It was 4 MB
// until 2026-11-28: a scavenge costs about the same whatever the nursery's size (it copies what the
// requests in flight hold), so a 4 MB nursery collected several times as often: a create paid
// 180-220 µs of scavenges against 50-80 µs with 16 MB, the largest difference to the 2026-11-23
// app's create. The compiled app still rests at 86-87 MB after a warm-up; after the bench's load
// it rests at ~143 MB (bound 160) instead of ~128 MB with 8 MB semi-spaces (docs/benchmarks.md,
// "2026-11-28").
//
// The flag is process-wide, which is why only the packages' entry modules set it, by importing
// this module before anything else: @cms-gen/runtime's, and @cms-gen/graphql's, which a
// generated main.ts imports first (its modules loaded under V8's default growth left the idle
// app 11 MB larger). A
// `--semi-space-growth-factor` or `--max-semi-space-size` given on the command line or in
// NODE_OPTIONS is the operator's choice and wins.
import { setFlagsFromString } from 'node:v8';

/**
 * Once serving, each growth quadruples (V8 doubles): from the start's semi-space to V8's 16 MB
 * maximum in two steps, so a write load reaches a nursery of 8-16 MB within seconds instead of
 * paying the small nursery's scavenges for a minute.
 *
 * The factor stays set for the process's life. V8 shrinks the new space back to its minimum at a
 * scavenge that follows a few idle seconds (its allocation throughput then reads as low), which is
 * what keeps an idle server small; the next load must be able to grow it again. Until 2026-11-28
 * the factor went back to 1 once the new space had reached the cap, so after the first quiet
 * moment the app served on a 1 MB nursery for good: 150-190 µs of CPU per get-one instead of
 * 100-120 (docs/benchmarks.md, "2026-11-28, 16:20").
 */
const SERVING_GROWTH_FACTOR = 4;

const chosenByUser = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => /semi-space/.test(arg));

function growthFactor(factor: number): void {
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
}

if (!chosenByUser) growthFactor(1);

/** Lets the young generation grow again, up to V8's maximum: called once the app is listening. */
export function releaseYoungGeneration(): void {
  if (chosenByUser) return;
  growthFactor(SERVING_GROWTH_FACTOR);
}
