// A newcomer's path from schemas to a running app, with nothing written by hand: cms-gen installed
// from the packed layout (test/helpers/packaged-app.ts, no registry), the compiled CLI building
// into an empty folder, then the scaffolded package.json's own scripts: `npm run build` (tsc with
// the scaffolded tsconfig.json), `npm start` (node dist/main.js, as the Dockerfile runs it) and
// `npm run generate`. The schemas bring no bootstrap.json, so the starter one decides access.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client } from '../helpers/http';
import { installPackage, runCli } from '../helpers/packaged-app';

const FIXTURE_SCHEMAS = join(__dirname, '..', '..', 'fixtures', 'strapi-blog', 'src');

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' }, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout + result.stderr;
}

interface Served {
  url: string;
  stop(): Promise<void>;
}

/** `npm start` in its own process group (npm, sh, node), stopped with SIGTERM to the group. */
async function npmStart(cwd: string, env: Record<string, string>): Promise<Served> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn('npm', ['start'], { cwd, env: childEnv, detached: true });
  const url = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`npm start did not serve:\n${log}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

describe('a new project: cms-gen build into an empty folder, then its own npm scripts', () => {
  let root: string;
  let project: string;
  let buildOutput: string;
  let served: Served | undefined;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cms-gen-new-project-'));
    // The schemas of the fixture, without its bootstrap.json.
    cpSync(FIXTURE_SCHEMAS, join(root, 'schemas', 'src'), { recursive: true });
    // cms-gen installed one level up, as `npm install <tgz>` in a parent folder would (node and npm
    // scripts look up the tree for node_modules and node_modules/.bin).
    const cli = installPackage(root);
    project = join(root, 'blog');
    mkdirSync(project);
    buildOutput = runCli(cli, ['build', '../schemas', '--out', '.'], project);
    npm(['run', 'build'], project);
    served = await npmStart(project, { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', JWT_SECRET: 'new-project-test-secret-0123456789abcdef' });
  }, 240_000);

  afterAll(async () => {
    await served?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('scaffolds the project files and prints the next steps with the 403 note', () => {
    for (const file of ['package.json', 'tsconfig.json', '.gitignore', '.dockerignore', 'Dockerfile', 'bootstrap.json']) expect(existsSync(join(project, file))).toBe(true);
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.generate).toBe('cms-gen build ../schemas --out . && npm run build:client');
    expect(buildOutput).toContain('next steps:\n  npm install\n  npm run dev');
    expect(buildOutput).toContain('Any other request but login and register is 403');
    expect(buildOutput).toContain('cms-gen token create');
  });

  it('npm run build compiles with the scaffolded tsconfig.json, and builds the client package', () => {
    expect(existsSync(join(project, 'dist', 'main.js'))).toBe(true);
    for (const file of ['index.js', 'index.d.ts', 'auth.js']) expect(existsSync(join(project, 'client', 'dist', file))).toBe(true);
  });

  it('npm start serves the API; the starter bootstrap grants Public read and nothing else', async () => {
    if (!served) throw new Error('not started');
    const api = client(served.url);
    const list = await api.get('/api/articles');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
    expect((await api.get('/api/articles/nope')).status).toBe(404);
    expect((await api.get('/api/homepage')).status).not.toBe(403);
    const create = await api.post('/api/articles', { data: { title: 'x' } });
    expect(create.status).toBe(403);
    expect(create.body.error.name).toBe('ForbiddenError');
    // The default SQLite database lives where .gitignore expects it.
    expect(existsSync(join(project, '.tmp', 'data.db'))).toBe(true);
  });

  it('npm run generate regenerates in place through the installed bin, leaving the project files alone', () => {
    const before = readFileSync(join(project, 'package.json'), 'utf8');
    // A client dist/ from an older generation is rebuilt from the regenerated sources.
    const builtAuth = readFileSync(join(project, 'client', 'dist', 'auth.js'), 'utf8');
    writeFileSync(join(project, 'client', 'dist', 'auth.js'), '// stale\n');
    rmSync(join(project, 'client', 'dist', 'index.js'));
    const output = npm(['run', 'generate'], project);
    expect(readFileSync(join(project, 'client', 'dist', 'auth.js'), 'utf8')).toBe(builtAuth);
    expect(existsSync(join(project, 'client', 'dist', 'index.js'))).toBe(true);
    expect(output).toMatch(/wrote 0 files \(\d+ unchanged\)/);
    expect(output).not.toContain('next steps');
    expect(readFileSync(join(project, 'package.json'), 'utf8')).toBe(before);
  });
});
