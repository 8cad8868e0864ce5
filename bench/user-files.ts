// `tsx bench/user-files.ts`: what each of the fixture's example user files costs per request.
//
// The fixture app (fixtures/strapi-blog/app) carries a team's customizations: a global request-id
// middleware (config/middlewares.json), a server-timing route middleware on the article list
// (routes/article.ts), a category lifecycle, a Document Service middleware (src/index.ts) and a
// custom article controller. This script copies the app into bench/.data/user-files/<variant>/
// with one of them taken out (or all of them), and measures every variant on the same scenarios,
// alternated round by round, each variant on a fresh copy of the same seeded database. The ratio of a
// variant to `as-shipped` is what that file costs (or, for `none`, what all of them cost).
//
// Environment: BENCH_DURATION (s, default 5), BENCH_WARMUP (1), BENCH_ROUNDS (2), BENCH_CONNECTIONS
// (10), USER_FILES_SCENARIOS (default list-populate,get-one,create).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { startChild, type ServerChild } from './children';
import { DATA_DIR, envNumber, FIXTURE_DIR, ROOT } from './config';
import { copyFor, readSeedIds, seededDatabase } from './data-cache';
import { measure, type RunResult } from './load';
import { SCENARIOS } from './scenarios';

const APP = join(FIXTURE_DIR, 'app');
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Variant {
  name: string;
  what: string;
  /** Edits the copied app directory. */
  strip(dir: string): void;
}

const edit = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`user-files: ${file} did not contain ${String(from)} (the fixture changed: update this script)`);
  writeFileSync(file, next);
};

const STRIPS: Record<string, Variant['strip']> = {
  'request-id': (dir) => {
    const file = join(dir, 'config', 'middlewares.json');
    const list = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
    const kept = list.filter((m) => !(typeof m === 'object' && m !== null && (m as { name?: unknown }).name === 'global::request-id'));
    if (kept.length !== list.length - 1) throw new Error(`user-files: ${file} does not list global::request-id once (the fixture changed: update this script)`);
    writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
    rmSync(join(dir, 'src', 'middlewares', 'request-id.ts'));
  },
  'server-timing': (dir) => {
    edit(join(dir, 'src', 'api', 'article', 'routes', 'article.ts'), /, \{\s*config: \{\s*find: \{ middlewares: \['api::article.server-timing'\] \},\s*\},\s*\}\)/, ')');
    rmSync(join(dir, 'src', 'api', 'article', 'middlewares', 'server-timing.ts'));
  },
  lifecycle: (dir) => rmSync(join(dir, 'src', 'api', 'category', 'content-types', 'category', 'lifecycles.ts')),
  'document-middleware': (dir) => edit(join(dir, 'src', 'index.ts'), /strapi\.documents\.use\([\s\S]*?\n {4}\}\);\n/, ''),
  // The custom controller adds `featured`; its route goes with it.
  controller: (dir) => {
    rmSync(join(dir, 'src', 'api', 'article', 'controllers', 'article.ts'));
    rmSync(join(dir, 'src', 'api', 'article', 'routes', '01-featured.ts'));
  },
};

const VARIANTS: Variant[] = [
  { name: 'as-shipped', what: 'the fixture app as generated, every user file in', strip: () => undefined },
  ...Object.entries(STRIPS).map(([name, strip]) => ({ name: `no-${name}`, what: `without the ${name} user file`, strip })),
  { name: 'none', what: 'without any of them', strip: (dir: string) => Object.values(STRIPS).forEach((s) => s(dir)) },
];

function variantApp(v: Variant): string {
  const dir = join(DATA_DIR, 'user-files', v.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(APP, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(APP, 'config'), join(dir, 'config'), { recursive: true });
  if (existsSync(join(APP, 'bootstrap.json'))) cpSync(join(APP, 'bootstrap.json'), join(dir, 'bootstrap.json'));
  // tsx applies the repository's tsconfig.json only to the files it includes, and `bench/**` skips
  // the dotted bench/.data: the copy gets one extending it (decorators, the runtime's sources).
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include: ['src/**/*.ts'] }, null, 2)}\n`);
  symlinkSync(join(APP, 'prisma'), join(dir, 'prisma'), 'dir');
  v.strip(dir);
  return join(dir, 'src', 'main.ts');
}

async function start(v: Variant, main: string, seeded: string): Promise<ServerChild> {
  const file = copyFor(seeded, `user-files-${v.name}`);
  const tsconfig = join(dirname(dirname(main)), 'tsconfig.json');
  return startChild({
    name: v.name,
    script: 'app-server.ts',
    env: { NODE_ENV: 'production', PORT: '0', DATABASE_URL: `file:${file}`, JWT_SECRET: 'bench-only-secret', BENCH_APP_MAIN: main, TSX_TSCONFIG_PATH: tsconfig },
  });
}

async function main(): Promise<void> {
  const settings = {
    duration: envNumber('BENCH_DURATION', 5),
    warmup: envNumber('BENCH_WARMUP', 1),
    connections: envNumber('BENCH_CONNECTIONS', 10),
    rounds: envNumber('BENCH_ROUNDS', 2),
  };
  const wanted = (process.env.USER_FILES_SCENARIOS ?? 'list-populate,get-one,create').split(',');
  const scenarios = SCENARIOS.filter((s) => wanted.includes(s.name));
  const seeded = await seededDatabase(log);
  const ids = readSeedIds(seeded.file);
  const mains = new Map(VARIANTS.map((v) => [v.name, variantApp(v)]));
  const load = loadavg().map((l) => l.toFixed(2)).join(' / ');
  const runs: RunResult[] = [];
  // Per round, every variant once: one server (a fresh copy of the seeded database) runs the
  // scenarios in order, the write last, so the reads see the seeded state.
  const ordered = [...scenarios].sort((a, b) => Number(a.mutates) - Number(b.mutates));
  for (let round = 1; round <= settings.rounds; round++) {
    for (const v of VARIANTS) {
      const child = await start(v, mains.get(v.name) ?? '', seeded.file);
      try {
        for (const scenario of ordered) {
          const r = await measure(child.url, v.name, round, scenario.name, scenario.load(ids), settings);
          log(`  ${scenario.name} ${v.name.padEnd(24)} round ${round}: ${r.reqPerSec.toFixed(0)} req/s${r.non2xx || r.errors ? ` !!! ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`);
          runs.push(r);
        }
      } finally {
        await child.stop();
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
  const rate = (variant: string, scenario: string) => mean(runs.filter((r) => r.server === variant && r.scenario === scenario).map((r) => r.reqPerSec));
  const header = `| variant | ${scenarios.map((s) => `${s.name} req/s (vs as-shipped)`).join(' | ')} |`;
  const rule = `|---|${scenarios.map(() => '---:').join('|')}|`;
  const rows = VARIANTS.map((v) => `| ${v.name} | ${scenarios.map((s) => `${rate(v.name, s.name).toFixed(0)} (${((rate(v.name, s.name) / rate('as-shipped', s.name)) * 100).toFixed(0)}%)`).join(' | ')} |`);
  const table = [header, rule, ...rows].join('\n');
  const failed = runs.filter((r) => r.non2xx || r.errors).length;
  log(`\nUser files, ${settings.rounds} rounds × ${settings.warmup} s + ${settings.duration} s, ${settings.connections} connections, load average at start ${load}\n\n${table}${failed ? `\n\n!!! ${failed} runs had failed requests` : ''}`);
  writeFileSync(join(DATA_DIR, 'user-files.md'), `${table}\n`);
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
