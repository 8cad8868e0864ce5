// The fixture app and the runtime compiled once to JavaScript, for tests that start the app as a
// process of its own (app-process.ts, multi-instance/cluster.ts, hostile-upload and
// hostile-durability). Such a process started from the TypeScript sources under tsx's loader costs
// 3.5 to 5 CPU-seconds before it listens: tsx resolves and transforms some 1,300 modules through
// its loader thread (its transform cache lives in the temp folder, so a process given a TMPDIR of
// its own transforms everything again). Compiled, the same start costs about 1.5 s, plus the
// migration child a compiled runtime starts on a new database, as a deployed `node dist/main.js`
// does (runtime/server/app/migrate-process.ts). docs/testing.md has the numbers.
//
// The compile is esbuild's transform of each file, the one tsx applies (same tsconfig, CommonJS),
// without bundling: every module keeps its own file, so paths from __dirname and the runtime's
// look-ups of user files (`.js` beside the compiled main) work as they do in a compiled app.
// The copy is kept in the checkout's .cms-gen-cache/compiled-app/<key>/, keyed by a hash of the
// sources and esbuild's version. The first suite that needs it builds it in a folder of its own
// and renames that into place (atomic: workers building at once end with one complete copy);
// later suites and runs reuse it until a source changes.
//
// Layout of a copy, mirroring the checkout so relative paths hold:
//   runtime/<package>/…js, package.json (main: index.js)   the runtime's packages
//   runtime/admin-ui -> <checkout>/runtime/admin-ui        the panel's prebuilt dist/
//   node_modules/@cms-gen/<package> -> ../../runtime/<package>
//   fixtures/strapi-blog/app/src/…js                       the generated app
//   fixtures/strapi-blog/app/<other> -> <checkout>/…       config/, prisma/, public/, bootstrap.json, …
//   test/helpers/…js                                       entry points of the tests
// Third-party packages resolve from the checkout's node_modules, two folders up.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CACHE = join(ROOT, '.cms-gen-cache', 'compiled-app');
/** What is compiled: the runtime, the fixture app's sources and the test helpers. */
const SOURCES = ['runtime', 'fixtures/strapi-blog/app/src', 'test/helpers'];
/** The panel's prebuilt package: linked, not compiled. Unit-test fixtures are not needed. */
const SKIPPED = new Set(['node_modules', 'dist', 'admin-ui', '__fixtures__']);
const APP = 'fixtures/strapi-blog/app';
/** Copies of older sources kept besides the current one. */
const KEPT = 2;
/** Bump when the layout or the compile's options change. */
const LAYOUT = 'compiled-app 1';

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(ROOT, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(path);
      } else if (/\.(ts|json|c?js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  for (const source of SOURCES) walk(source);
  return files;
}

function esbuildVersion(): string {
  return (JSON.parse(readFileSync(require.resolve('esbuild/package.json', { paths: [ROOT] }), 'utf8')) as { version: string }).version;
}

/** A hash of what the copy is built from. */
function sourceKey(files: string[]): string {
  const hash = createHash('sha256');
  hash.update(`${LAYOUT}\0esbuild ${esbuildVersion()}\0`);
  for (const file of [...files, 'tsconfig.json']) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function build(files: string[], into: string): void {
  const esbuild = require(require.resolve('esbuild', { paths: [ROOT] })) as typeof import('esbuild');
  const typescript = files.filter((file) => file.endsWith('.ts'));
  // What tsx does to each file: the checkout's tsconfig (decorators, class fields), CommonJS.
  esbuild.buildSync({
    entryPoints: typescript.map((file) => join(ROOT, file)),
    outdir: into,
    outbase: ROOT,
    format: 'cjs',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    tsconfig: join(ROOT, 'tsconfig.json'),
    logLevel: 'error',
  });
  // JSON and JavaScript files the sources load by relative path, as they are.
  for (const file of files.filter((f) => !f.endsWith('.ts') && !f.endsWith('package.json'))) {
    mkdirSync(join(into, file, '..'), { recursive: true });
    writeFileSync(join(into, file), readFileSync(join(ROOT, file)));
  }
  const scope = join(into, 'node_modules', '@cms-gen');
  mkdirSync(scope, { recursive: true });
  for (const name of readdirSync(join(ROOT, 'runtime'))) {
    if (!existsSync(join(ROOT, 'runtime', name, 'package.json'))) continue;
    if (name === 'admin-ui') {
      symlinkSync(join(ROOT, 'runtime', name), join(into, 'runtime', name));
      continue;
    }
    // The package's own manifest (name, version), pointing at the compiled files beside it.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'runtime', name, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['exports', 'types', 'typesVersions']) delete manifest[field];
    manifest.main = 'index.js';
    writeFileSync(join(into, 'runtime', name, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    symlinkSync(join('..', '..', 'runtime', name), join(scope, name));
  }
  // public/ (uploads) too, made if missing: the compiled app writes where the app from its sources would.
  mkdirSync(join(ROOT, APP, 'public'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, APP))) {
    if (entry !== 'src') symlinkSync(join(ROOT, APP, entry), join(into, APP, entry));
  }
  chmodSync(into, 0o755);
}

let cached: string | undefined;

/** The folder of the compiled copy for the checkout's sources (as this process first saw them), built now if missing. */
export function compiledCopy(): string {
  if (cached && existsSync(join(cached, 'complete'))) return cached;
  const files = sourceFiles();
  const key = sourceKey(files);
  const entry = join(CACHE, key);
  if (existsSync(join(entry, 'complete'))) return (cached = entry);
  mkdirSync(CACHE, { recursive: true });
  const stage = mkdtempSync(join(CACHE, 'stage-'));
  try {
    build(files, stage);
    writeFileSync(join(stage, 'complete'), `${key}\n`);
    try {
      renameSync(stage, entry);
    } catch (err) {
      // Another worker built the same sources meanwhile: its copy is the same.
      if (!existsSync(join(entry, 'complete'))) throw err;
    }
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  const others = readdirSync(CACHE)
    .filter((name) => name !== key && !name.startsWith('stage-'))
    .map((name) => ({ name, time: statSync(join(CACHE, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of others.slice(KEPT)) rmSync(join(CACHE, name), { recursive: true, force: true });
  return (cached = entry);
}

/** The compiled counterpart of a `.ts` file of the checkout (`fixtures/strapi-blog/app/src/main.ts` → `<copy>/…/main.js`). */
export function compiledPath(source: string): string {
  const rel = relative(ROOT, source);
  if (rel.startsWith('..') || !rel.endsWith('.ts')) throw new Error(`not a TypeScript file of the checkout: ${source}`);
  return join(compiledCopy(), rel.replace(/\.ts$/, '.js'));
}
