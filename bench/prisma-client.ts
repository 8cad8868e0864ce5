// The measurements behind docs/customization.md ("Custom SQL"): what Prisma Client would cost a
// generated app for custom queries, next to the runtime's own Db. cms-gen does not depend on
// @prisma/client or the prisma CLI (that is the decision the numbers led to), so install them
// without saving first:
//
//   npm install --no-save @prisma/client@7.10.0 prisma@7.10.1
//   node_modules/.bin/tsx bench/prisma-client.ts generate             prisma generate per provider (offline)
//   node_modules/.bin/tsx bench/prisma-client.ts latency sqlite 10000   (or postgres / mariadb)
//   node_modules/.bin/tsx bench/prisma-client.ts start 5               cold start and idle RSS, 5 rounds
//
// The generated clients go to bench/.data/prisma-client/<provider> (not committed). They are
// loaded with require() through a small structural type, so this file type-checks and the rest of
// the bench runs without Prisma installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { collectionOperations, startApp, type AuthContext, type Engine } from '@cms-gen/runtime';
import { freshDatabase, type TestDatabase } from '../test/helpers/fixture-app';
import { loadAppDefinition } from './app-definition';
import { DATA_DIR, FIXTURE_DIR, ROOT } from './config';
import { createMany } from './seed-content';

const OUT_DIR = join(DATA_DIR, 'prisma-client');
const PROVIDERS = { sqlite: 'sqlite', postgres: 'postgresql', mariadb: 'mysql' } as const;
const SERVER: AuthContext = { kind: 'api-token', can: () => true };

/** The part of a generated client this file calls (the real one is fully typed from the schema). */
interface ClientShape {
  article: {
    findMany(args: object): Promise<{ id: number; document_id: string; title: string | null; articleAuthorLnk: { target_document_id: string }[] }[]>;
    count(args?: object): Promise<number>;
  };
  author: { findMany(args: object): Promise<{ document_id: string; name: string | null }[]> };
  $queryRawUnsafe(sql: string, ...values: unknown[]): Promise<Record<string, unknown>[]>;
  $disconnect(): Promise<void>;
}
type ClientClass = new (options: { adapter: unknown }) => ClientShape;

function prismaCli(): string {
  try {
    return require.resolve('prisma/build/index.js');
  } catch {
    throw new Error('the prisma CLI is not installed: npm install --no-save @prisma/client@7.10.0 prisma@7.10.1');
  }
}

/** prisma generate for each provider, from a copy of the fixture app's schema (output redirected here). */
function generate(): void {
  const cli = prismaCli();
  for (const provider of Object.values(PROVIDERS)) {
    const dir = join(OUT_DIR, provider);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const schema = readFileSync(join(FIXTURE_DIR, 'app', 'prisma', provider, 'schema.prisma'), 'utf8').replace(/output\s*=\s*"[^"]*"/, 'output = "./client"');
    writeFileSync(join(dir, 'schema.prisma'), schema);
    const started = performance.now();
    // The CLI looks for the native schema engine before generating; generate itself needs none (docs/database.md).
    execFileSync(process.execPath, [cli, 'generate', '--schema', join(dir, 'schema.prisma')], { env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false' }, stdio: 'ignore' });
    const generateMs = performance.now() - started;
    const compiling = performance.now();
    // Compiled as a built app would (tsc), so the start measurement loads JavaScript, not TypeScript through tsx.
    execFileSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['--outDir', join(dir, 'dist'), '--module', 'commonjs', '--moduleResolution', 'node', '--target', 'es2022', '--skipLibCheck', join(dir, 'client', 'client.ts')], { stdio: 'ignore' });
    const size = execFileSync('du', ['-sh', join(dir, 'client')]).toString().split('\t')[0];
    console.log(`${provider.padEnd(10)} prisma generate ${(generateMs / 1000).toFixed(2)} s (whole CLI process), tsc of the client ${((performance.now() - compiling) / 1000).toFixed(2)} s, ${size} of TypeScript`);
  }
}

function loadClient(kind: TestDatabase, url: string): ClientShape {
  const provider = PROVIDERS[kind];
  const entry = join(OUT_DIR, provider, 'dist', 'client.js');
  if (!existsSync(entry)) throw new Error(`no generated client at ${entry}: run \`bench/prisma-client.ts generate\` first`);
  const { PrismaClient } = require(entry) as { PrismaClient: ClientClass };
  if (kind === 'sqlite') {
    const { PrismaBetterSqlite3 }: typeof import('@prisma/adapter-better-sqlite3') = require('@prisma/adapter-better-sqlite3');
    return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: url.replace(/^file:/, '') }) });
  }
  if (kind === 'postgres') {
    const { PrismaPg }: typeof import('@prisma/adapter-pg') = require('@prisma/adapter-pg');
    return new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  }
  const { PrismaMariaDb }: typeof import('@prisma/adapter-mariadb') = require('@prisma/adapter-mariadb');
  return new PrismaClient({ adapter: new PrismaMariaDb(url) });
}

/**
 * Times each candidate `iterations` times, interleaved (one call of each per round), so that other
 * load on the machine falls on all of them alike; prints p50 and p95 per candidate.
 */
async function timeInterleaved(iterations: number, candidates: [label: string, run: () => Promise<unknown>][]): Promise<void> {
  for (let i = 0; i < 200; i++) for (const [, run] of candidates) await run();
  const samples = candidates.map(() => [] as number[]);
  for (let i = 0; i < iterations; i++) {
    for (const [index, [, run]] of candidates.entries()) {
      const started = process.hrtime.bigint();
      await run();
      samples[index].push(Number(process.hrtime.bigint() - started) / 1000);
    }
  }
  for (const [index, [label]] of candidates.entries()) {
    const sorted = samples[index].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))].toFixed(0).padStart(6);
    console.log(`${label.padEnd(48)} p50 ${at(0.5)} µs  p95 ${at(0.95)} µs`);
  }
}

/** "25 published articles, first by id, with their author's name" four ways; checks they agree first. */
async function latency(kind: TestDatabase, articleCount: number): Promise<void> {
  const temp = await freshDatabase(kind);
  process.env.DATABASE_URL = temp.url;
  const running = await startApp(loadAppDefinition(), { port: 0, host: '127.0.0.1', log: () => undefined });
  const prisma = loadClient(kind, temp.url);
  try {
    const engine = running.engine;
    const authors = await createMany(engine, 'api::author.author', Array.from({ length: 50 }, (_, i) => ({ name: `Author ${i}` })));
    for (let start = 0; start < articleCount; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, articleCount - start) }, (_, j) => ({ title: `Article ${start + j}`, slug: `article-${start + j}`, author: authors[(start + j) % authors.length] }));
      await createMany(engine, 'api::article.article', batch);
    }
    const articles = collectionOperations(engine, 'api::article.article');
    const viaOperations = async () =>
      (await articles.find({ status: 'published', sort: 'id', pagination: { pageSize: 25, withCount: false }, fields: ['title'], populate: { author: { fields: ['name'] } } }, SERVER)).results.map((r) => [
        r.title,
        (r.author as { name: string } | null)?.name,
      ]);
    const page = 'SELECT id, title FROM articles WHERE is_draft = ? ORDER BY id LIMIT 25';
    const authorsOf = (n: number) =>
      'SELECT l.source_id, au.name FROM articles_author_lnk l JOIN authors au ON au.document_id = l.target_document_id AND au.is_draft = ? ' +
      `WHERE l.source_id IN (${Array(n).fill('?').join(', ')})`;
    const viaDb = async () => {
      const rows = await engine.db.query(page, [false]);
      const names = new Map((await engine.db.query(authorsOf(rows.length), [false, ...rows.map((r) => r.id as number)])).map((l) => [l.source_id, l.name]));
      return rows.map((r) => [r.title, names.get(r.id)]);
    };
    const viaPrisma = async () => {
      const rows = await prisma.article.findMany({ where: { is_draft: false }, orderBy: { id: 'asc' }, take: 25, select: { id: true, document_id: true, title: true, articleAuthorLnk: { select: { target_document_id: true } } } });
      // The link holds the target's documentId; no Prisma relation reaches the author row.
      const ids = [...new Set(rows.flatMap((r) => r.articleAuthorLnk.map((l) => l.target_document_id)))];
      const names = new Map((await prisma.author.findMany({ where: { document_id: { in: ids }, is_draft: false }, select: { document_id: true, name: true } })).map((a) => [a.document_id, a.name]));
      return rows.map((r) => [r.title, names.get(r.articleAuthorLnk[0]?.target_document_id ?? '')]);
    };
    const mark = (i: number) => (kind === 'postgres' ? `$${i}` : '?');
    const viaPrismaRaw = async () => {
      const rows = await prisma.$queryRawUnsafe(page.replace('?', mark(1)), false);
      let n = 1;
      const sql = authorsOf(rows.length).replace(/\?/g, () => mark(n++));
      const names = new Map((await prisma.$queryRawUnsafe(sql, false, ...rows.map((r) => r.id))).map((l) => [Number(l.source_id), l.name]));
      return rows.map((r) => [r.title, names.get(Number(r.id))]);
    };
    const expected = JSON.stringify(await viaOperations());
    for (const [name, run] of [['Db', viaDb], ['Prisma Client', viaPrisma], ['Prisma raw', viaPrismaRaw]] as const) {
      if (JSON.stringify(await run()) !== expected) throw new Error(`${name} answered differently from the operation layer`);
    }
    // What a first Prisma query returns without the version filter: every draft and published row.
    const rowsAll = await prisma.article.count();
    const rowsPublished = await prisma.article.count({ where: { is_draft: false } });
    const iterations = Number(process.env.BENCH_ITERATIONS ?? 2000);
    console.log(`${kind}, ${articleCount} published articles (${rowsAll} rows without an is_draft filter, ${rowsPublished} with), 50 authors, ${iterations} iterations after 200 warm-up`);
    await timeInterleaved(iterations, [
      ['operation layer: find, populate author', viaOperations],
      ['runtime Db: 2 hand-written statements', viaDb],
      ['Prisma Client: findMany + findMany', viaPrisma],
      ['Prisma $queryRawUnsafe: the same 2 statements', viaPrismaRaw],
      ['runtime Db: SELECT 1', () => engine.db.query('SELECT 1')],
      ['Prisma $queryRawUnsafe: SELECT 1', () => prisma.$queryRawUnsafe('SELECT 1')],
    ]);
  } finally {
    await prisma.$disconnect();
    await running.close();
    await temp.drop();
  }
}

/** One child: start the app on `file`, optionally load the client and run one query, report. */
async function startChild(file: string, mode: 'runtime' | 'prisma'): Promise<void> {
  process.env.DATABASE_URL = `file:${file}`;
  const running = await startApp(loadAppDefinition(), { port: 0, host: '127.0.0.1', log: () => undefined });
  const listening = performance.now();
  let prisma: ClientShape | undefined;
  if (mode === 'prisma') {
    prisma = loadClient('sqlite', file);
    await prisma.article.findMany({ where: { is_draft: false }, take: 25, include: { articleAuthorLnk: true } });
  } else {
    await running.db.query('SELECT * FROM articles WHERE is_draft = ? LIMIT 25', [false]);
  }
  const firstQuery = performance.now();
  await new Promise((r) => setTimeout(r, 1000));
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 200));
  console.log(JSON.stringify({ listening, firstQuery, rss: process.memoryUsage().rss / 1048576 }));
  await prisma?.$disconnect();
  await running.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/** Cold start and idle RSS: fresh processes, alternating with and without the client, on a migrated file. */
function start(rounds: number): void {
  const dir = join(OUT_DIR, 'start');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'data.db');
  const run = (mode: string) => {
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, 'start-child', file, mode], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    if (child.status !== 0) throw new Error(`start-child ${mode} failed: ${child.stderr}`);
    return JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as { listening: number; firstQuery: number; rss: number };
  };
  run('runtime'); // migrates the file once, so every measured start finds it up to date
  const results: Record<string, { listening: number; firstQuery: number; rss: number }[]> = { runtime: [], prisma: [] };
  for (let i = 0; i < rounds; i++) for (const mode of ['runtime', 'prisma']) results[mode].push(run(mode));
  for (const [mode, list] of Object.entries(results)) {
    const afterListening = list.map((r) => r.firstQuery - r.listening);
    console.log(
      `${mode.padEnd(8)} median over ${rounds}: listening at ${median(list.map((r) => r.listening)).toFixed(0)} ms, first custom query done ${median(afterListening).toFixed(0)} ms later, idle RSS ${median(list.map((r) => r.rss)).toFixed(1)} MB`,
    );
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  // Other work on the machine skews every number here: print how busy it was.
  if (command !== 'start-child') console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (command === 'generate') return generate();
  if (command === 'latency') return latency((args[0] ?? 'sqlite') as TestDatabase, Number(args[1] ?? 10_000));
  if (command === 'start') return start(Number(args[0] ?? 5));
  if (command === 'start-child') return startChild(args[0], args[1] === 'prisma' ? 'prisma' : 'runtime');
  throw new Error('usage: bench/prisma-client.ts generate | latency <sqlite|postgres|mariadb> [articles] | start [rounds]');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
