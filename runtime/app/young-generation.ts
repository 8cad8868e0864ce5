// Keeps V8's young generation at its initial size (one 1 MB semi-space) instead of letting it
// grow to 16 MB semi-spaces (32 MB of new space) while the app starts.
//
// Why: loading ~1,300 modules and building the schema at start-up keeps most of what it
// allocates, and V8 answers a high survival rate by doubling the new space each scavenge until its
// maximum. The app then rests with 32 MB of new space it no longer uses (V8 only shrinks it in a
// garbage collection that sees a low allocation rate, and an idle server collects nothing): about
// 20 of the compiled app's ~110 MB at rest (docs/benchmarks.md, "Memory"). The growth factor is
// read each time V8 considers growing, so setting it to 1 keeps the new space where it starts.
// Measured under the bench's load, the smaller young generation cost no throughput (get-one and
// the populated list alike, main-thread CPU per request within noise); it also stays in the CPU's
// caches. The flag is process-wide, which is why only the runtime's entry module sets it: it is
// what a generated app loads first.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--semi-space-growth-factor=1');
