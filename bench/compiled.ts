// BENCH_COMPILED=1: the servers run as compiled JavaScript (`node server.js`), as a deployed app
// runs (`node dist/main.js`, the Dockerfile's CMD), instead of from their TypeScript sources under
// tsx's loader (what `npm run dev` runs, and the bench's default, which every recorded result
// since 2026-11-23 used).
//
// Why a mode of its own: tsx compiles with esbuild's `keepNames`, which wraps every function
// created at run time in a helper that redefines its `name` (an Object.defineProperty per closure,
// per request), and its loader adds a thread. The app creates closures on every request, the floor
// almost none, so under tsx the app pays a cost the deployed app does not (about 13% of the app's
// CPU per get-one; docs/benchmarks.md). Every server of a run is compiled the same way, the
// baseline's app too (BENCH_BASELINE), so the comparisons stay even.
//
// tsc compiles a checkout's runtime, its fixture app's sources and its server scripts into
// <checkout>/bench/.data/compiled-<hash>/ (the hash covers every input, so a change recompiles;
// ~30 s), with that checkout's own TypeScript and tsconfig.json. The generated app imports the
// runtime by package name: links in a node_modules folder beside the output resolve it to the
// compiled runtime, the way an installed app resolves its packages (`@cms-gen/<name>` for the
// workspace packages of runtime/<name>/, `cms-gen/runtime` for older commits' single runtime). The
// app's prisma/, config/ and bootstrap.json are linked next to its compiled main.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './config';

export function compiledMode(): boolean {
  return process.env.BENCH_COMPILED === '1';
}

/** The mode as the report's header names it. */
export function modeLabel(): string {
  return compiledMode() ? 'compiled (BENCH_COMPILED=1)' : 'under tsx';
}

function tsFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' || name === '.data' ? [] : tsFilesUnder(path);
      return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
    });
}

/** A checkout whose servers are compiled: this one, or a baseline's worktree. */
export interface Checkout {
  root: string;
  /** The bench scripts to compile (their imports come along). */
  scripts: ReadonlyArray<'app-server.ts' | 'floor-server.ts'>;
}

export interface CompiledServers {
  /** The compiled checkout's folder (its node_modules links resolve the runtime's packages). */
  out: string;
  /** Compiled bench/app-server.js. */
  appServer: string;
  /** Compiled bench/floor-server.js (this checkout only). */
  floorServer: string;
  /** The compiled fixture app's main.js (BENCH_APP_MAIN for the app server). */
  appMain: string;
}

/** Compiles (or reuses) a checkout's servers; returns where they are. */
export function compileCheckout(checkout: Checkout, log: (line: string) => void): CompiledServers {
  const { root } = checkout;
  const appDir = join(root, 'fixtures', 'strapi-blog', 'app');
  const dataDir = join(root, 'bench', '.data');
  const hash = createHash('sha256');
  for (const file of [...tsFilesUnder(join(root, 'runtime')), ...tsFilesUnder(join(appDir, 'src')), ...tsFilesUnder(join(root, 'bench'))]) hash.update(relative(root, file)).update(readFileSync(file));
  const out = join(dataDir, `compiled-${hash.digest('hex').slice(0, 12)}`);
  const servers = { out, appServer: join(out, 'bench', 'app-server.js'), floorServer: join(out, 'bench', 'floor-server.js'), appMain: join(out, 'fixtures', 'strapi-blog', 'app', 'src', 'main.js') };
  if (existsSync(join(out, '.complete'))) return servers;
  mkdirSync(dataDir, { recursive: true });
  for (const name of readdirSync(dataDir)) if (name.startsWith('compiled-')) rmSync(join(dataDir, name), { recursive: true, force: true });
  log(`compiling the servers of ${root} into ${relative(root, out)}…`);
  mkdirSync(out, { recursive: true });
  const tsconfig = join(out, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: join(root, 'tsconfig.json'),
      compilerOptions: { noEmit: false, declaration: false, sourceMap: false, incremental: false, rootDir: root, outDir: out, types: ['node'] },
      files: checkout.scripts.map((script) => join(root, 'bench', script)),
      // The app's user files are found at run time, not imported: compile its whole src/.
      include: [join(appDir, 'src', '**', '*.ts')],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  // A package scope of its own: inside the checkout's (package.json `name: cms-gen`, whose exports
  // point at a dist/ the bench does not build) `cms-gen/runtime` would resolve to the checkout itself.
  writeFileSync(join(out, 'package.json'), JSON.stringify({ name: 'cms-gen-bench-compiled', private: true }));
  // The runtime as installed packages: the workspace's `@cms-gen/<name>` (runtime/<name>/), or an
  // older commit's single runtime as `cms-gen/runtime`.
  if (existsSync(join(root, 'runtime', 'index.ts'))) {
    mkdirSync(join(out, 'node_modules', 'cms-gen'), { recursive: true });
    symlinkSync(join(out, 'runtime'), join(out, 'node_modules', 'cms-gen', 'runtime'), 'dir');
  }
  const scope = join(out, 'node_modules', '@cms-gen');
  for (const name of readdirSync(join(out, 'runtime'))) {
    if (!existsSync(join(root, 'runtime', name, 'package.json'))) continue;
    mkdirSync(scope, { recursive: true });
    symlinkSync(join(out, 'runtime', name), join(scope, name), 'dir');
    writeFileSync(join(out, 'runtime', name, 'package.json'), JSON.stringify({ name: `@cms-gen/${name}`, main: 'index.js' }));
  }
  for (const entry of ['prisma', 'config', 'bootstrap.json']) {
    const from = join(appDir, entry);
    if (existsSync(from)) symlinkSync(from, join(out, 'fixtures', 'strapi-blog', 'app', entry));
  }
  writeFileSync(join(out, '.complete'), '');
  return servers;
}

/** This checkout's two servers, compiled. */
export function compiledServers(log: (line: string) => void): CompiledServers {
  return compileCheckout({ root: ROOT, scripts: ['app-server.ts', 'floor-server.ts'] }, log);
}
