// cms-gen as a project outside this repository uses it: the package built (`npm run build`) and
// installed with what npm would publish (bin/, dist/, templates/), its compiled CLI generating an
// app, the app compiled with tsc and run with plain node. Node modules are linked flat, as npm
// hoists them, so the app and the runtime share one type-graphql (its metadata is global).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { data } from '../helpers/graphql';
import { client } from '../helpers/http';

const REPO = join(__dirname, '..', '..');
const FIXTURE = join(REPO, 'fixtures', 'strapi-blog');
const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

/** The tsconfig README.md recommends for a generated app. */
const APP_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'node16',
    moduleResolution: 'node16',
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    experimentalDecorators: true,
    outDir: 'dist',
    rootDir: 'src',
  },
  include: ['src/**/*.ts'],
};

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(process.execPath, [command, ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout + result.stderr;
}

/** Lists every file under `dir`, relative, sorted. */
function files(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name), base) : [join(dir, entry.name).slice(base.length + 1)]))
    .sort();
}

describe('a generated app built and run outside the repository', () => {
  let root: string;
  let appDir: string;
  let child: ChildProcess | undefined;
  let url: string;
  let cliOutput: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cms-gen-packaged-'));
    const pkg = join(root, 'project', 'node_modules', 'cms-gen');
    mkdirSync(pkg, { recursive: true });
    // What `npm publish` would ship (package.json `files`), built from the sources.
    run(tsc, ['-p', join(REPO, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist')], REPO);
    for (const entry of ['package.json', 'bin', 'templates']) cpSync(join(REPO, entry), join(pkg, entry), { recursive: true });
    // Dependencies hoisted next to the package, as npm installs them.
    const modules = join(root, 'project', 'node_modules');
    for (const name of readdirSync(join(REPO, 'node_modules'))) {
      if (name !== '.bin' && name !== 'cms-gen') symlinkSync(join(REPO, 'node_modules', name), join(modules, name));
    }

    appDir = join(root, 'project', 'app');
    cliOutput = run(join(pkg, 'bin', 'cms-gen'), ['build', FIXTURE, '--out', appDir], join(root, 'project'));
    writeFileSync(join(appDir, 'tsconfig.json'), `${JSON.stringify(APP_TSCONFIG, null, 2)}\n`);
    run(tsc, ['-p', appDir], appDir);

    const proc = spawn(process.execPath, [join(appDir, 'dist', 'main.js')], {
      cwd: appDir,
      env: { ...process.env, PORT: '0', DATABASE_URL: `file:${join(root, 'data.db')}`, NODE_ENV: 'development' },
    });
    child = proc;
    url = await new Promise<string>((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => reject(new Error(`app did not start:\n${log}`)), 60_000);
      proc.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(log);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      proc.on('exit', (code) => reject(new Error(`app exited with ${code}:\n${log}`)));
    });
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('generates with the compiled CLI exactly what the sources generate', () => {
    expect(cliOutput).toContain('loaded 6 content types, 6 components');
    const committed = join(FIXTURE, 'app');
    const generated = files(appDir).filter((f) => !f.startsWith('dist/') && f !== 'tsconfig.json' && !f.startsWith('.tmp/') && !f.startsWith('public/'));
    expect(generated).toEqual(files(committed).filter((f) => !f.startsWith('public/') && !f.startsWith('.tmp/')));
    for (const file of generated) expect(readFileSync(join(appDir, file), 'utf8')).toBe(readFileSync(join(committed, file), 'utf8'));
  });

  it('serves REST and GraphQL from plain node', async () => {
    const api = client(url);
    const created = await api.post('/api/authors', { data: { name: 'Compiled' } });
    expect(created.status).toBe(201);
    const list = await api.get('/api/authors', { fields: ['name'] });
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['Compiled']);
    expect((await data(url, '{ authors { name } }')).authors).toEqual([{ name: 'Compiled' }]);
    expect((await api.get('/api/nope')).status).toBe(404);
  });
});
