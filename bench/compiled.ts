// BENCH_COMPILED=1: the two servers run as compiled JavaScript (`node server.js`), as a deployed
// app runs (`node dist/main.js`), instead of from TypeScript under tsx's loader.
//
// Why a mode of its own: tsx compiles with esbuild's `keepNames`, which wraps every function
// created at run time in a helper that redefines its `name` (an Object.defineProperty per closure,
// per request), and its loader adds a thread. The app creates closures on every request, the floor
// almost none, so under tsx the app pays a cost the deployed app does not (about 13% of the
// app's CPU per get-one on this machine; docs/benchmarks.md). Both servers are compiled here, so
// the comparison stays even.
//
// tsc compiles the runtime, the fixture app's sources and the two server scripts into
// bench/.data/compiled-<hash>/ (the hash covers every input, so a change recompiles; ~30 s). The
// generated app imports `@cms-gen/runtime`: a node_modules link beside the output resolves it to
// the compiled runtime, the way an installed app resolves the package. The app's prisma/, config/
// and bootstrap.json are linked next to its compiled main.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DATA_DIR, FIXTURE_DIR, ROOT } from './config';

const APP_DIR = join(FIXTURE_DIR, 'app');

export function compiledMode(): boolean {
  return process.env.BENCH_COMPILED === '1';
}

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' || name === '.data' ? [] : tsFilesUnder(path);
      return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
    });
}

/** Everything the compiled servers are built from. */
function inputs(): string[] {
  return [...tsFilesUnder(join(ROOT, 'runtime')), ...tsFilesUnder(join(APP_DIR, 'src')), ...tsFilesUnder(join(ROOT, 'bench'))];
}

export interface CompiledServers {
  /** Compiled bench/app-server.js and bench/floor-server.js. */
  appServer: string;
  floorServer: string;
  /** The compiled fixture app's main.js (BENCH_APP_MAIN for the app server). */
  appMain: string;
}

/** Compiles (or reuses) the servers; returns where they are. */
export function compiledServers(log: (line: string) => void): CompiledServers {
  const files = inputs();
  const hash = createHash('sha256');
  for (const file of files) hash.update(relative(ROOT, file)).update(readFileSync(file));
  const out = join(DATA_DIR, `compiled-${hash.digest('hex').slice(0, 12)}`);
  const servers = { appServer: join(out, 'bench', 'app-server.js'), floorServer: join(out, 'bench', 'floor-server.js'), appMain: join(out, 'fixtures', 'strapi-blog', 'app', 'src', 'main.js') };
  if (existsSync(join(out, '.complete'))) return servers;
  for (const name of readdirSync(DATA_DIR)) if (name.startsWith('compiled-')) rmSync(join(DATA_DIR, name), { recursive: true, force: true });
  log(`compiling the servers into ${relative(ROOT, out)} (BENCH_COMPILED=1)…`);
  mkdirSync(out, { recursive: true });
  const tsconfig = join(out, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: { noEmit: false, declaration: false, sourceMap: false, rootDir: ROOT, outDir: out, types: ['node'] },
      files: [join(ROOT, 'bench', 'app-server.ts'), join(ROOT, 'bench', 'floor-server.ts')],
      // The app's user files are found at run time, not imported: compile its whole src/.
      include: [join(APP_DIR, 'src', '**', '*.ts')],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], { cwd: ROOT, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  // The runtime's packages (`@cms-gen/<name>`) as installed packages: their compiled folders.
  const scope = join(out, 'node_modules', '@cms-gen');
  mkdirSync(scope, { recursive: true });
  for (const name of readdirSync(join(out, 'runtime'))) {
    symlinkSync(join(out, 'runtime', name), join(scope, name), 'dir');
    writeFileSync(join(out, 'runtime', name, 'package.json'), JSON.stringify({ name: `@cms-gen/${name}`, main: 'index.js' }));
  }
  for (const entry of ['prisma', 'config', 'bootstrap.json']) {
    const from = join(APP_DIR, entry);
    if (existsSync(from)) symlinkSync(from, join(out, 'fixtures', 'strapi-blog', 'app', entry));
  }
  writeFileSync(join(out, '.complete'), '');
  return servers;
}
