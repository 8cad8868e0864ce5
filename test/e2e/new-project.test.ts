// A newcomer's path, run exactly as README.md ("Using cms-gen in your own project") and the CLI
// print it, in temporary folders outside the repository: build an app from schemas with the
// clone's CLI, then the printed steps (`cd`, `npm install` with no registry package of cms-gen's,
// `npm run dev`, `npm run build && npm start`), the app's `npm run generate` and `npx cms-gen`, the
// rebuild after an update, and the Dockerfile's steps run as shell commands in a clean copy.
//
// This checkout stands in for the clone: a link named `cms-gen` beside the schemas, its `npm
// install` already done (the README's clone and install lines are checked, not run). npm installs
// the app's other dependencies from the registry, preferring its cache, where test/global-setup.ts
// put better-sqlite3's prebuilt binary (packed from the checkout's own build), so no install
// compiles it. The path does not depend on the schemas: other schemas (FoodAdvisor's among them) are
// generated, type-checked and served by test/e2e/realworld-corpus.test.ts and foodadvisor.test.ts.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDockerBuild } from '../helpers/dockerfile-steps';
import { data } from '../helpers/graphql';
import { client } from '../helpers/http';
import { markdownCodeBlocks, printedCommands, withoutComment } from '../helpers/printed-commands';
import { ShellSession, start, type Outcome, type Server } from '../helpers/shell-session';

const REPO = join(__dirname, '..', '..');
const README = join(REPO, 'README.md');
const SECTION = '### Using cms-gen in your own project';
const BLOG_SCHEMAS = join(REPO, 'fixtures', 'strapi-blog', 'src');

const MINUTE = 60_000;
/** A step of the path (an npm install among them): minutes on a busy machine. */
const STEP_TIMEOUT = 15 * MINUTE;

/**
 * A newcomer's terminal: no variables of jest or of an npm script running it (npm_config_*,
 * NODE_ENV=test), npm preferring its cache; the apps listen on a free port of 127.0.0.1.
 */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|NODE_ENV$|INIT_CWD$|DATABASE_URL$|JWT_SECRET$|PORT$|HOST$|JEST_|NODE_OPTIONS$)/i.test(name)) env[name] = value;
  }
  return { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', PORT: '0', HOST: '127.0.0.1' };
}

/** The README's path: the clone's lines (checked, stood in for), the build line, then what the build prints. */
function readmePath(): { setup: string[]; build: string; next: string[]; update: { setup: string[]; run: string[] } } {
  const [first, second] = markdownCodeBlocks(README, SECTION);
  const at = first.findIndex((line) => line.startsWith('node cms-gen/bin/cms-gen build '));
  if (at < 0 || !second) throw new Error(`${SECTION}: expected a block with the build line and a block for updates`);
  const updateAt = second.findIndex((line) => line.startsWith('node cms-gen/bin/cms-gen build '));
  return { setup: first.slice(0, at), build: first[at], next: first.slice(at + 1), update: { setup: second.slice(0, updateAt), run: second.slice(updateAt) } };
}

/** A folder outside the repository with the clone (this checkout) and `schemas` beside each other. */
function newcomerFolder(prefix: string, schemas: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(REPO, join(root, 'cms-gen'), 'dir');
  cpSync(schemas, join(root, 'schemas'), { recursive: true });
  return root;
}

const servers: Server[] = [];

/** Runs the printed commands in order; each server is checked with `check` and stopped. Returns the lines that served. */
async function runPrinted(session: ShellSession, commands: string[], check: (url: string) => Promise<void>, before: (line: string) => void = () => undefined): Promise<string[]> {
  const served: string[] = [];
  for (const line of commands) {
    before(line);
    const outcome: Outcome = await session.run(line, STEP_TIMEOUT);
    if (outcome.kind !== 'serving') continue;
    servers.push(outcome.server);
    try {
      await check(outcome.server.url);
    } catch (err) {
      throw new Error(`\`${line}\` served, but: ${err instanceof Error ? err.message : String(err)}\n--- its output:\n${outcome.server.output()}`);
    } finally {
      await outcome.server.stop();
    }
    served.push(withoutComment(line));
  }
  return served;
}

/** The blog app (no bootstrap.json beside the schemas): the starter grants Public read and nothing else. */
async function checkBlog(url: string): Promise<void> {
  const api = client(url);
  const list = await api.get('/api/articles');
  expect(list.status).toBe(200);
  expect(list.body.meta.pagination).toMatchObject({ page: 1, pageSize: 25 });
  expect((await api.get('/api/articles/nope')).status).toBe(404);
  const create = await api.post('/api/articles', { data: { title: 'x' } });
  expect(create.status).toBe(403);
  expect(create.body.error.name).toBe('ForbiddenError');
  expect(Array.isArray((await data(url, '{ articles { documentId title } }')).articles)).toBe(true);
}

const env = newcomerEnv();
const path = readmePath();
const roots: string[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("README's path for a new project, as printed, outside the repository", () => {
  let root: string;
  let app: string;
  let session: ShellSession;
  let buildOutput: string;

  beforeAll(async () => {
    root = newcomerFolder('cms-gen-newcomer-', BLOG_SCHEMAS);
    roots.push(root);
    app = join(root, 'app');
    session = new ShellSession(root, env);
    // Packs cms-gen's packages on a new checkout (a minute or two), then reuses them.
    buildOutput = await session.finish(path.build, STEP_TIMEOUT);
  }, STEP_TIMEOUT);

  it('README: the clone, then the build line; its next lines are what the build prints', () => {
    expect(path.setup).toEqual([expect.stringMatching(/^git clone \S.* cms-gen$/), 'cd cms-gen && npm install && cd ..']);
    expect(path.build).toBe('node cms-gen/bin/cms-gen build ./schemas --out ./app');
    expect(printedCommands(buildOutput).map(withoutComment)).toEqual(path.next.map(withoutComment));
    expect(buildOutput).toContain('Any other request but login and register is 403');
  });

  it('the app names cms-gen\'s packages by files in its vendor/ folder, not by registry versions', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; optionalDependencies: Record<string, string> };
    expect(pkg.dependencies['@cms-gen/runtime']).toMatch(/^file:vendor\/cms-gen-runtime-0\.1\.0-[0-9a-f]{12}\.tgz$/);
    expect(pkg.devDependencies['cms-gen']).toMatch(/^file:vendor\/cms-gen-0\.1\.0-[0-9a-f]{12}\.tgz$/);
    // The runtime's packages beside it, and the driver of the app's database only (SQLite here).
    for (const name of ['core', 'server', 'graphql', 'db-sqlite']) expect(pkg.dependencies[`@cms-gen/${name}`]).toMatch(new RegExp(`^file:vendor/cms-gen-${name}-0\\.1\\.0-[0-9a-f]{12}\\.tgz$`));
    for (const name of ['db-postgres', 'db-mysql']) expect(pkg.dependencies[`@cms-gen/${name}`]).toBeUndefined();
    // The admin panel is optional (`npm install --omit=optional` leaves it out).
    expect(pkg.optionalDependencies['@cms-gen/admin-ui']).toMatch(/^file:vendor\/cms-gen-admin-ui-0\.1\.0-[0-9a-f]{12}\.tgz$/);
    const files = readdirSync(join(app, 'vendor')).sort();
    const named = Object.values({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies }).filter((spec) => spec.startsWith('file:vendor/'));
    expect(files.map((f) => `file:vendor/${f}`).sort()).toEqual(named.sort());
  });

  it(
    'the printed steps: npm install, then npm run dev and npm run build && npm start each serve the API',
    async () => {
      const served = await runPrinted(session, printedCommands(buildOutput), checkBlog);
      expect(served).toEqual(['npm run dev', 'npm run build && npm start']);
      expect(session.cwd).toBe(spawnSync('sh', ['-c', 'cd "$0" && pwd -P', app], { encoding: 'utf8' }).stdout.trim());
      // Installed from vendor/: the packages are cms-gen's, with their compiled files.
      expect(existsSync(join(app, 'node_modules', '@cms-gen', 'runtime', 'dist', 'index.js'))).toBe(true);
      expect(existsSync(join(app, 'node_modules', 'cms-gen', 'dist', 'generator', 'cli.js'))).toBe(true);
      // `npm run build` builds the client package too.
      for (const file of ['index.js', 'index.d.ts', 'auth.js']) expect(existsSync(join(app, 'client', 'dist', file))).toBe(true);
    },
    3 * STEP_TIMEOUT,
  );

  it("the app's npm run generate and npx cms-gen run the vendored cms-gen", async () => {
    const before = readFileSync(join(app, 'package.json'), 'utf8');
    // A client dist/ from an older generation is rebuilt from the regenerated sources.
    const builtAuth = readFileSync(join(app, 'client', 'dist', 'auth.js'), 'utf8');
    writeFileSync(join(app, 'client', 'dist', 'auth.js'), '// stale\n');
    rmSync(join(app, 'client', 'dist', 'index.js'));
    const generated = await session.finish('npm run generate', STEP_TIMEOUT);
    expect(readFileSync(join(app, 'client', 'dist', 'auth.js'), 'utf8')).toBe(builtAuth);
    expect(existsSync(join(app, 'client', 'dist', 'index.js'))).toBe(true);
    expect(generated).toMatch(/wrote 0 files \(\d+ unchanged\)/);
    expect(generated).not.toContain('next steps');
    expect(readFileSync(join(app, 'package.json'), 'utf8')).toBe(before);
    expect(await session.finish('npx cms-gen token create --name newcomer --type read-only', STEP_TIMEOUT)).toContain('created read-only token "newcomer"');
  }, 2 * STEP_TIMEOUT);

  it('README: after an update, a build from the clone replaces older vendored files and npm install installs them', async () => {
    expect(path.update.setup).toEqual(['cd cms-gen && git pull && npm install && cd ..']);
    // As if an older cms-gen had written the app: a runtime with other contents, under its own name.
    const pkgPath = join(app, 'package.json');
    const pkg = readFileSync(pkgPath, 'utf8');
    const current = /cms-gen-runtime-0\.1\.0-[0-9a-f]{12}\.tgz/.exec(pkg)?.[0] ?? '';
    const older = 'cms-gen-runtime-0.1.0-000000000000.tgz';
    const scratch = join(root, 'older-runtime');
    mkdirSync(scratch);
    expect(spawnSync('tar', ['-xzf', join(app, 'vendor', current), '-C', scratch]).status).toBe(0);
    appendFileSync(join(scratch, 'package', 'README.md'), '\nolder runtime\n');
    expect(spawnSync('npm', ['pack', join(scratch, 'package'), '--ignore-scripts', '--pack-destination', scratch], { env, encoding: 'utf8' }).status).toBe(0);
    renameSync(join(scratch, 'cms-gen-runtime-0.1.0.tgz'), join(app, 'vendor', older));
    unlinkSync(join(app, 'vendor', current));
    writeFileSync(pkgPath, pkg.replace(current, older));
    expect(await session.finish('npm install', STEP_TIMEOUT)).toMatch(/changed 1 package/);
    const installedReadme = join(app, 'node_modules', '@cms-gen', 'runtime', 'README.md');
    expect(readFileSync(installedReadme, 'utf8')).toContain('older runtime');

    const update = new ShellSession(root, env);
    const [build, ...rest] = path.update.run;
    const rebuilt = await update.finish(build, STEP_TIMEOUT);
    expect(rebuilt).toContain(`${older} → ${current}`);
    expect(rebuilt).toContain('run npm install');
    expect(readFileSync(pkgPath, 'utf8')).toBe(pkg);
    expect(readdirSync(join(app, 'vendor'))).not.toContain(older);
    let installed = '';
    for (const line of rest) installed += await update.finish(line, STEP_TIMEOUT);
    expect(installed).toMatch(/changed 1 package/);
    expect(readFileSync(installedReadme, 'utf8')).not.toContain('older runtime');
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
    expect(lock.packages['node_modules/@cms-gen/runtime'].resolved).toBe(`file:vendor/${current}`);
  }, 3 * STEP_TIMEOUT);

  it(
    "the Dockerfile's steps in a clean copy of the app: install from vendor/, compile, prune, serve in production",
    async () => {
      const image = runDockerBuild(app, join(root, 'docker'), env, STEP_TIMEOUT);
      // `npm prune --omit=dev` left the generator out: the image runs on @cms-gen/runtime alone.
      expect(existsSync(join(image.dir, 'node_modules', 'cms-gen'))).toBe(false);
      expect(existsSync(join(image.dir, 'node_modules', '@cms-gen', 'runtime', 'dist', 'index.js'))).toBe(true);
      expect(image.env).toMatchObject({ NODE_ENV: 'production' });
      expect(image.exposed).toEqual([image.env.PORT]);
      // `docker run -e JWT_SECRET=… -e PORT=… -e HOST=…`, as the Dockerfile's first lines say.
      const run = { ...env, ...image.env, JWT_SECRET: 'newcomer-docker-secret-0123456789abcdef', PORT: '0', HOST: '127.0.0.1' };
      const outcome = await start(image.cmd, image.dir, run, STEP_TIMEOUT);
      if (outcome.kind !== 'serving') throw new Error(`the image's CMD exited:\n${outcome.output}`);
      servers.push(outcome.server);
      try {
        await checkBlog(outcome.server.url);
      } finally {
        await outcome.server.stop();
      }
    },
    2 * STEP_TIMEOUT,
  );
});
