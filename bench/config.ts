// Paths, sizes and durations shared by the bench scripts, in one place so that the seed, both
// servers and the load driver agree on them.
import { join } from 'node:path';

export const ROOT = join(__dirname, '..');
export const BENCH_DIR = __dirname;
/** Seeded databases, server copies and CPU profiles (not committed: add `bench/.data` to .gitignore). */
export const DATA_DIR = join(BENCH_DIR, '.data');
export const FIXTURE_DIR = join(ROOT, 'fixtures', 'strapi-blog');
/** Entry of the generated app; BENCH_APP_MAIN points the bench at another generated copy. */
export const APP_MAIN = process.env.BENCH_APP_MAIN ?? join(FIXTURE_DIR, 'app', 'src', 'main.ts');

export const SEED_COUNTS = { authors: 50, categories: 20, articles: 10_000 } as const;

/** The list URL both servers are measured on (also what the floor's router recognizes). */
export const LIST_PATH = '/api/articles?pagination[pageSize]=25&populate[0]=author&populate[1]=categories';

export const HOST = '127.0.0.1';

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got ${JSON.stringify(raw)})`);
  return n;
}

export interface LoadSettings {
  /** Measured seconds per run. */
  duration: number;
  /** Unmeasured seconds before every run (JIT, statement caches, keep-alive sockets). */
  warmup: number;
  connections: number;
  /** Runs per server per scenario, alternated app / floor. */
  rounds: number;
}

/** Defaults: 3 scenarios × 2 servers × 2 rounds × (2 s + 10 s) = 144 s of load. */
export function loadSettings(): LoadSettings {
  return {
    duration: envNumber('BENCH_DURATION', 10),
    warmup: envNumber('BENCH_WARMUP', 2),
    connections: envNumber('BENCH_CONNECTIONS', 10),
    rounds: envNumber('BENCH_ROUNDS', 2),
  };
}

/**
 * The app-vs-app scenarios (bench/app-scenarios.ts) are ratios between runs of one server in one
 * rotation, so shorter runs do (and keep `npm run bench` under 4 minutes): BENCH_APP_DURATION
 * (default 4) and BENCH_APP_WARMUP (default 1) seconds, the same rounds and connections.
 * Defaults: 6 scenarios × 2 rounds × (1 s + 4 s) = 60 s of load.
 */
export function appLoadSettings(): LoadSettings {
  const base = loadSettings();
  return { ...base, duration: envNumber('BENCH_APP_DURATION', 4), warmup: envNumber('BENCH_APP_WARMUP', 1) };
}
