// Main-thread CPU time per request of the app and the floor, for iterating on per-request cost on a shared
// machine: throughput swings with other work on the cores, the CPU a server burns per request
// much less. Each run reads the child's utime + stime from /proc/<pid>/stat before and after an
// autocannon run and divides by the requests completed; app and floor alternate.
//
//   node_modules/.bin/tsx bench/request-cost.ts [scenario …]   (default: get-one list-populate)
//
// The app scenarios (get-one-deep, login, graphql-list…: bench/app-scenarios.ts) are measured on the
// app (and the baseline's app) only, restarted as the app phase runs them: from a temporary app
// directory with the login rate limit lifted, a user registered on each.
//
// BENCH_DURATION (s, default 5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_BASELINE (an older
// commit's app in the rotation, bench/baseline.ts). Not a replacement for
// `npm run bench` (the targets are req/s ratios), but its ratios move far less from run to run.
import autocannon from 'autocannon';
import { envNumber } from './config';
import { cpuMs } from './process-cpu';
import { readSeedIds, seededDatabase } from './data-cache';
import { SCENARIOS } from './scenarios';
import { baselineCommit, prepareBaseline } from './baseline';
import { Servers, type ServerName } from './servers';
import { APP_SCENARIOS, type AppContext } from './app-scenarios';
import { createBenchAppDir } from './app-config-dir';
import { registerBenchUser } from './app-user';
import type { LoadOptions } from './load';

/** A floor scenario, or an app scenario (app and baseline only). */
interface CostScenario {
  name: string;
  mutates: boolean;
  appOnly: boolean;
  load(server: ServerName): LoadOptions;
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const duration = envNumber('BENCH_DURATION', 5);
  const rounds = envNumber('BENCH_ROUNDS', 3);
  const connections = envNumber('BENCH_CONNECTIONS', 10);
  const { file } = await seededDatabase((line) => process.stdout.write(`${line}\n`));
  const ids = readSeedIds(file);
  // BENCH_BASELINE=<commit>: that commit's app runs in the rotation too (bench/baseline.ts).
  const label = baselineCommit();
  const baseline = label ? prepareBaseline(label, (line) => process.stdout.write(`${line}\n`)) : undefined;
  const servers = new Servers(file, false, baseline);
  const idsOf = (name: ServerName) => (name === 'old' && baseline ? baseline.ids : ids);
  // Users registered on the app children of the app scenarios (login, list-populate-auth).
  const contexts = new Map<ServerName, AppContext>();
  const floorScenarios: CostScenario[] = (names.length ? SCENARIOS.filter((s) => names.includes(s.name)) : SCENARIOS.filter((s) => !s.mutates)).map((s) => ({
    name: s.name,
    mutates: s.mutates,
    appOnly: false,
    load: (server) => s.load(idsOf(server)),
  }));
  const appScenarios: CostScenario[] = APP_SCENARIOS.filter((s) => names.includes(s.name) && !SCENARIOS.some((f) => f.name === s.name)).map((s) => ({
    name: s.name,
    mutates: false,
    appOnly: true,
    load: (server) => s.load(contexts.get(server) ?? { ids: idsOf(server), jwt: '', identifier: '', password: '' }),
  }));
  const appDirs = appScenarios.length ? { app: createBenchAppDir(), old: baseline ? createBenchAppDir(baseline.appMain) : undefined } : undefined;
  await servers.startAll();
  try {
    for (const scenario of [...floorScenarios, ...appScenarios]) {
      if (scenario.appOnly && appDirs && contexts.size === 0) {
        for (const name of servers.names) {
          const dir = name === 'app' ? appDirs.app : name === 'old' ? appDirs.old : undefined;
          if (!dir) continue;
          await servers.restartAppWith({ BENCH_APP_DIR: dir.dir }, name);
          contexts.set(name, await registerBenchUser(servers.get(name).url, idsOf(name)));
        }
      }
      const perServer: Record<ServerName, { cpu: number; all: number; requests: number; seconds: number }> = {
        app: { cpu: 0, all: 0, requests: 0, seconds: 0 },
        floor: { cpu: 0, all: 0, requests: 0, seconds: 0 },
        old: { cpu: 0, all: 0, requests: 0, seconds: 0 },
      };
      for (let round = 0; round <= rounds; round++) {
        for (const name of servers.names) {
          if (scenario.appOnly && name === 'floor') continue;
          // A write scenario starts each run from the seeded state (see servers.ts).
          if (scenario.mutates) await servers.restart(name);
          const child = servers.get(name);
          const options = { url: child.url, connections, ...scenario.load(name) };
          const before = cpuMs(child.pid);
          const beforeAll = cpuMs(child.pid, true);
          const r = await autocannon({ ...options, duration: round === 0 ? 2 : duration });
          const used = cpuMs(child.pid) - before;
          const usedAll = cpuMs(child.pid, true) - beforeAll;
          // Round 0 warms both servers up and is not counted.
          if (round === 0) continue;
          if (r.non2xx || r.errors) throw new Error(`${scenario.name} ${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          perServer[name].cpu += used;
          perServer[name].all += usedAll;
          perServer[name].requests += r.requests.total;
          perServer[name].seconds += r.duration;
          process.stdout.write(`  ${scenario.name} ${name.padEnd(5)} round ${round}: ${(r.requests.total / r.duration).toFixed(0)} req/s, ${((1000 * used) / r.requests.total).toFixed(0)} µs CPU/request (all threads ${((1000 * usedAll) / r.requests.total).toFixed(0)} µs)\n`);
        }
      }
      const us = (n: ServerName) => (1000 * perServer[n].cpu) / perServer[n].requests;
      const rps = (n: ServerName) => perServer[n].requests / perServer[n].seconds;
      const all = (n: ServerName) => (1000 * perServer[n].all) / perServer[n].requests;
      if (scenario.appOnly) process.stdout.write(`${scenario.name}: app ${us('app').toFixed(0)} µs/request (all threads ${all('app').toFixed(0)} µs); req/s app ${rps('app').toFixed(0)}\n`);
      else process.stdout.write(
        `${scenario.name}: app ${us('app').toFixed(0)} µs/request, floor ${us('floor').toFixed(0)} µs/request, floor/app CPU ${((100 * us('floor')) / us('app')).toFixed(0)}% (all threads: app ${all('app').toFixed(0)}, floor ${all('floor').toFixed(0)} µs); req/s app ${rps('app').toFixed(0)}, floor ${rps('floor').toFixed(0)} (${((100 * rps('app')) / rps('floor')).toFixed(0)}%)\n`,
      );
      if (baseline) process.stdout.write(`${scenario.name}: baseline ${baseline.label} ${us('old').toFixed(0)} µs/request; today / baseline CPU per request ${(us('app') / us('old')).toFixed(2)} (all threads ${all('old').toFixed(0)} µs, ${(all('app') / all('old')).toFixed(2)}); req/s baseline ${rps('old').toFixed(0)}\n`);
    }
  } finally {
    await servers.stopAll();
    appDirs?.app.remove();
    appDirs?.old?.remove();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
