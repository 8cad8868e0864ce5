// Command lines run the way a person types them into one terminal: `cd <dir>` moves the session,
// any other line runs through `sh -c` in the session's folder. A line either exits (0, or the run
// fails with its output) or serves: it prints the app's "listening on <url>" line and keeps
// running until stopped (the whole process group: npm, sh, tsx, node).
import { spawn, spawnSync } from 'node:child_process';

export interface Server {
  url: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export type Outcome = { kind: 'exited'; output: string } | { kind: 'serving'; server: Server };

const LISTENING = /listening on (http:\/\/[^\s"]+)/;
const STOP_GRACE_MS = 15_000;

/** Starts `argv` in its own process group; resolves when it exits 0 or starts serving. */
export function start(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Outcome> {
  const [command, ...args] = argv;
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // 'close', not 'exit': every process holding its output (the server under npm and sh) has ended,
  // and all of the output has been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  return new Promise<Outcome>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      void stop().then(() => reject(new Error(`\`${argv.join(' ')}\` in ${cwd} neither finished nor served within ${timeoutMs / 1000} s:\n${output}`)));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve({ kind: 'serving', server: { url: match[1], output: () => output, stop } });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(err);
    });
    void exited.then((code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (code === 0) resolve({ kind: 'exited', output });
      else reject(new Error(`\`${argv.join(' ')}\` in ${cwd} exited with ${code}:\n${output}`));
    });
  });
}

export class ShellSession {
  constructor(
    public cwd: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Runs one typed line (see the top of this file). */
  async run(line: string, timeoutMs: number): Promise<Outcome> {
    if (/^cd\s+[^;&|]+$/.test(line.trim())) {
      // The shell resolves the argument (quotes, ~, ..) as it would for the person typing it.
      const moved = spawnSync('sh', ['-c', `${line} && pwd -P`], { cwd: this.cwd, env: this.env, encoding: 'utf8' });
      if (moved.status !== 0) throw new Error(`\`${line}\` in ${this.cwd} failed:\n${moved.stderr}`);
      this.cwd = moved.stdout.trim();
      return { kind: 'exited', output: '' };
    }
    return start(['sh', '-c', line], this.cwd, this.env, timeoutMs);
  }

  /** Runs a line that must finish; returns what it printed. */
  async finish(line: string, timeoutMs: number): Promise<string> {
    const outcome = await this.run(line, timeoutMs);
    if (outcome.kind === 'serving') {
      await outcome.server.stop();
      throw new Error(`\`${line}\` served at ${outcome.server.url} instead of finishing`);
    }
    return outcome.output;
  }
}
