// How a generated app process starts and fails. Binding is independent of the database, so this
// runs on SQLite only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';

const ROOT = resolve(__dirname, '..', '..');

function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'fixtures/strapi-blog/app/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((r) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      r({ code, stderr });
    }),
  );
}

describe('app lifecycle', () => {
  let running: FixtureApp;
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-lifecycle-'));
  beforeAll(async () => {
    running = await startFixtureApp('sqlite');
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 1 with a clear message when its port is taken, instead of claiming to listen', async () => {
    const port = new URL(running.url).port;
    const { code, stderr } = await runMain({ PORT: port, HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, 'second.db')}` });
    expect(stderr).toContain(`cannot start the HTTP server: port ${port} on 127.0.0.1 is already in use`);
    expect(stderr).not.toContain('listening');
    expect(code).toBe(1);
    // The first instance still serves.
    expect((await fetch(`${running.url}/api/articles`)).status).toBe(200);
  }, 120_000);
});
