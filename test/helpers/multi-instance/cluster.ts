// Several instances of the generated fixture app, each its own process, started at the same
// moment on one database, as a deployment behind a load balancer runs them. They share one app
// directory (config/, .env, prisma/: what a container image would hold) and differ only in PORT.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compiledPath } from '../compiled-app';

const ROOT = resolve(__dirname, '..', '..', '..');
const FIXTURE_APP = join(ROOT, 'fixtures', 'strapi-blog', 'app');
const ENTRY = join(__dirname, 'instance-main.ts');
const START_TIMEOUT_MS = 90_000;
/** Lines of each instance's log kept for failure messages and log assertions. */
const KEPT_LINES = 400;

export interface AppFiles {
  /** config/<name>.js files, each `module.exports = ({ env }) => (…)` source text. */
  config: Record<string, string>;
  /** The .env file's variables (secrets every instance must share). */
  dotEnv: Record<string, string>;
}

export interface Instance {
  index: number;
  url: string;
  child: ChildProcess;
  /** The instance's log lines (pino JSON in production), the last KEPT_LINES. */
  lines: string[];
}

export interface StartOutcome {
  instances: Instance[];
  /** Instances that exited before listening, with their output. */
  failures: string[];
}

export interface Cluster extends StartOutcome {
  appDir: string;
  /** Every instance's log lines, joined. */
  logs(): string;
  /** SIGTERM to every instance still running; resolves with how each instance ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }[]>;
}

/** The app directory every instance starts from: the fixture's prisma/ and openapi.json, its config files, the test's config and .env. */
function writeAppDir(files: AppFiles): string {
  const appDir = mkdtempSync(join(tmpdir(), 'cms-gen-multi-'));
  symlinkSync(join(FIXTURE_APP, 'prisma'), join(appDir, 'prisma'), 'dir');
  symlinkSync(join(FIXTURE_APP, 'openapi.json'), join(appDir, 'openapi.json'));
  mkdirSync(join(appDir, 'config'));
  for (const name of ['middlewares.json', 'webhooks.js']) copyFileSync(join(FIXTURE_APP, 'config', name), join(appDir, 'config', name));
  for (const [name, source] of Object.entries(files.config)) writeFileSync(join(appDir, 'config', `${name}.js`), source);
  writeFileSync(join(appDir, '.env'), Object.entries(files.dotEnv).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
  return appDir;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
}

/** Spawns one instance (node on the compiled entry, compiled-app.ts, so the pid is the server's) and resolves when it listens. */
function spawnInstance(index: number, appDir: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [compiledPath(ENTRY)], {
    cwd: ROOT,
    // A clean environment: what the instance reads comes from the app directory's .env and `env`,
    // not from whatever the test process happens to hold (DATABASE_URL of another test, …).
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: tmpdir(), ...env, CMS_APP_DIR: appDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance ${index} did not start within ${START_TIMEOUT_MS} ms:\n${lines.join('\n')}`));
    }, START_TIMEOUT_MS);
    const watch = setInterval(() => {
      const match = /listening on (http:\/\/[^\s"]+)/.exec(lines.join('\n') + partial);
      if (!match) return;
      clearInterval(watch);
      clearTimeout(timer);
      child.off('exit', onExit);
      resolvePromise({ index, url: match[1], child, lines });
    }, 20);
    const onExit = (code: number | null) => {
      clearInterval(watch);
      clearTimeout(timer);
      reject(new Error(`instance ${index} exited with ${code} before listening:\n${[...lines, partial].join('\n')}`));
    };
    child.once('exit', onExit);
  });
}

/**
 * Starts `count` instances at once on `env.DATABASE_URL`. Resolves when every instance listens or
 * has failed; the failures are returned (a test asserts there are none), never thrown, so the
 * ones that did start can still be stopped.
 */
export async function startCluster(count: number, files: AppFiles, env: Record<string, string>): Promise<Cluster> {
  const appDir = writeAppDir(files);
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, i) => spawnInstance(i, appDir, env)));
  const instances = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [String(s.reason instanceof Error ? s.reason.message : s.reason)] : []));
  return {
    appDir,
    instances,
    failures,
    logs: () => instances.map((i) => i.lines.map((l) => `[${i.index}] ${l}`).join('\n')).join('\n'),
    async stop() {
      // SIGTERM: each instance drains its requests and closes its pools (runtime/app/run-app.ts).
      const exits = await Promise.all(
        instances.map(async ({ child }) => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            await exited(child);
            clearTimeout(timer);
          }
          return { code: child.exitCode, signal: child.signalCode };
        }),
      );
      for (const { child } of instances) child.stderr?.destroy();
      rmSync(appDir, { recursive: true, force: true });
      return exits;
    },
  };
}
