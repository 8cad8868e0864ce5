// The generated fixture app as its own process, started the way it is deployed (`node dist/main.js`):
// node itself on the app compiled to JavaScript (compiled-app.ts: compiled once per change of the
// sources), not the tsx command (which runs the app in a child of its own, so signals would reach a
// relay instead of the server). For tests of how the process starts, stops and dies.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { compiledPath } from './compiled-app';

const ROOT = resolve(__dirname, '..', '..');
const MAIN = join(ROOT, 'fixtures', 'strapi-blog', 'app', 'src', 'main.ts');
const START_TIMEOUT_MS = 120_000;

export interface AppProcess {
  /** The server's own pid. */
  pid: number;
  /** What the process wrote to stderr so far (its log). */
  stderr(): string;
  /** Resolves with the exit code and signal; never resolves for a `keepZombie` process (nobody reaps it). */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the app's URL once it logged "listening"; rejects if it exits first. */
  listening(): Promise<string>;
  /** Resolves once `text` appears in the log. */
  logged(text: string): Promise<void>;
  signal(signal: NodeJS.Signals): void;
  /** Ends the process (and the zombie's parent) if still there; for afterAll. */
  dispose(): void;
}

export interface AppProcessOptions {
  /**
   * Runs the app under a parent that never reaps it (`sh -c 'node … & exec sleep'`), as under a
   * container init or supervisor that does not collect its orphans: once killed, the app stays a
   * zombie, a pid that `kill(pid, 0)` still finds although the process is gone.
   */
  keepZombie?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the fixture app's generated main with `env` over this process's environment. */
export function startAppProcess(env: Record<string, string>, options: AppProcessOptions = {}): AppProcess {
  const node = [process.execPath, compiledPath(MAIN)];
  const child: ChildProcess = options.keepZombie
    ? // `$!` is the app's pid; `exec sleep` replaces the shell by a parent that never calls wait().
      spawn('sh', ['-c', `"$@" & echo $!; exec sleep 3600`, 'sh', ...node], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(node[0], node.slice(1), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const ownPid = async (): Promise<number> => {
    if (!options.keepZombie) return child.pid ?? -1;
    for (let i = 0; i < 100 && !/^\d+\n/.test(stdout); i++) await sleep(50);
    return Number(stdout.trim());
  };
  let pid = options.keepZombie ? -1 : (child.pid ?? -1);
  const pidReady = ownPid().then((p) => (pid = p));
  const waitFor = async (test: () => string | undefined, what: string): Promise<string> => {
    const started = Date.now();
    while (Date.now() - started < START_TIMEOUT_MS) {
      const found = test();
      if (found !== undefined) return found;
      if (child.exitCode !== null || child.signalCode !== null) break;
      await sleep(50);
    }
    throw new Error(`${what}; the app's log:\n${stderr}`);
  };
  return {
    get pid() {
      return pid;
    },
    stderr: () => stderr,
    exit,
    async listening() {
      await pidReady;
      return waitFor(() => /listening on (http:\/\/[^\s"]+)/.exec(stderr)?.[1], 'the app did not start');
    },
    async logged(text) {
      await waitFor(() => (stderr.includes(text) ? text : undefined), `"${text}" was not logged`);
    },
    signal(signal) {
      process.kill(pid, signal);
    },
    dispose() {
      for (const target of [pid, child.pid]) {
        try {
          if (target && target > 0) process.kill(target, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}
