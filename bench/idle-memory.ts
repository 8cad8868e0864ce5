// Memory of a generated app at rest: the fixture app installed as a project outside the repository
// gets it (test/helpers/packaged-app.ts), run compiled (`node dist/main.js`) and from its sources
// under tsx's loader, side by side, each on a fresh SQLite database. After start-up, a warm-up
// (REST list with populate, one document, a GraphQL list, twice each) and 2 s of quiet, RSS and
// peak RSS (VmHWM) are read from /proc/<pid>/status.
//
//   node_modules/.bin/tsx bench/idle-memory.ts [--rounds 2]
//
// Not part of `npm run bench` (building the package takes ~15 s); docs/benchmarks.md has results.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPackagedApp, startPackagedApp } from '../test/helpers/packaged-app';

const MODES = ['compiled', 'tsx'] as const;
type Mode = (typeof MODES)[number];

function statusMb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${key}:`));
  if (!line) throw new Error(`no ${key} for pid ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function warmUp(url: string): Promise<void> {
  const get = async (path: string) => {
    const res = await fetch(`${url}${path}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as { data: { documentId: string }[] };
  };
  for (let i = 0; i < 2; i++) {
    const list = await get('/api/articles?populate[0]=author&populate[1]=categories');
    if (list.data[0]) await get(`/api/articles/${list.data[0].documentId}?populate=*`);
    const gql = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ articles { documentId title author { name } } }' }) });
    if (gql.status !== 200) throw new Error(`graphql: ${gql.status}`);
  }
}

async function measureOnce(appDir: string, mode: Mode, dbFile: string): Promise<{ rss: number; peak: number }> {
  const app = await startPackagedApp(appDir, mode, { DATABASE_URL: `file:${dbFile}` });
  try {
    await warmUp(app.url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const pid = app.process.pid;
    if (pid === undefined) throw new Error('no pid');
    return { rss: statusMb(pid, 'VmRSS'), peak: statusMb(pid, 'VmHWM') };
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--rounds');
  const rounds = at >= 0 ? Number(process.argv[at + 1]) : 2;
  const root = mkdtempSync(join(tmpdir(), 'cms-gen-idle-'));
  try {
    process.stdout.write('building the package and the fixture app…\n');
    const { appDir } = buildPackagedApp(root, join(__dirname, '..', 'fixtures', 'strapi-blog'));
    const results: Record<Mode, { rss: number; peak: number }[]> = { compiled: [], tsx: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const mode of MODES) {
        const r = await measureOnce(appDir, mode, join(root, `${mode}-${round}.db`));
        results[mode].push(r);
        process.stdout.write(`  round ${round} ${mode.padEnd(8)} RSS ${r.rss.toFixed(0)} MB, peak ${r.peak.toFixed(0)} MB\n`);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const rss = (mode: Mode) => mean(results[mode].map((r) => r.rss));
    const peak = (mode: Mode) => mean(results[mode].map((r) => r.peak));
    process.stdout.write('\n| run | RSS at rest (MB) | peak RSS (MB) |\n|---|---:|---:|\n');
    for (const mode of MODES) process.stdout.write(`| ${mode === 'compiled' ? 'compiled, `node dist/main.js`' : 'sources under tsx'} | ${rss(mode).toFixed(0)} | ${peak(mode).toFixed(0)} |\n`);
    process.stdout.write(`\ncompiled / tsx: RSS ${((100 * rss('compiled')) / rss('tsx')).toFixed(0)}%, peak ${((100 * peak('compiled')) / peak('tsx')).toFixed(0)}%\n`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
