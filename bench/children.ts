// Starting and stopping the two servers as child processes, and reading their peak memory.
//
// Each child is `node --import tsx <script>` rather than `node_modules/.bin/tsx <script>`: the tsx
// CLI runs the script in a *second* node process, so the pid we spawn would be a wrapper whose
// VmHWM says nothing about the server, and signals would go through a relay. The loader is the
// same tsx either way. The child also reports its own pid on the READY line and that is the pid
// whose /proc status we read.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, ROOT } from './config';

export interface ServerChild {
  name: string;
  url: string;
  /** pid of the process actually serving (from its READY line). */
  pid: number;
  process: ChildProcess;
  /** Peak resident set size (VmHWM) so far, in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

export interface ChildSpec {
  name: string;
  script: 'app-server.ts' | 'floor-server.ts';
  env: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** Run this compiled JavaScript file instead of the script under tsx (BENCH_COMPILED=1, compiled.ts). */
  compiled?: string;
  /** Checkout the script is taken from and run in (BENCH_BASELINE: an older commit's); default this one. */
  root?: string;
}

export function vmHwmMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

const READY_TIMEOUT_MS = 60_000;

export function startChild(spec: ChildSpec): Promise<ServerChild> {
  const entry = spec.compiled ? [spec.compiled] : ['--import', 'tsx', spec.root ? join(spec.root, 'bench', spec.script) : join(BENCH_DIR, spec.script)];
  const child = spawn(process.execPath, [...(spec.nodeFlags ?? []), ...entry], {
    cwd: spec.root ?? ROOT,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${spec.name}: not ready after ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n--- ${spec.name} stderr ---\n${stderr}`));
    };
    child.once('exit', (code) => fail(new Error(`${spec.name} exited with code ${code} before it was ready`)));
    let out = '';
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (ready) return; // later output is drained, not kept
      out += chunk.toString('utf8');
      const line = /^READY (.*)$/m.exec(out);
      if (!line) return;
      ready = true;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const info = JSON.parse(line[1]) as { port: number; pid: number };
      resolve(serverChild(spec.name, info, child, () => stderr));
    });
  });
}

function serverChild(name: string, ready: { port: number; pid: number }, child: ChildProcess, stderr: () => string): ServerChild {
  return {
    name,
    url: `http://127.0.0.1:${ready.port}`,
    pid: ready.pid,
    process: child,
    peakRssMb: () => vmHwmMb(ready.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', (code) => {
          clearTimeout(timer);
          if (code !== 0 && code !== null) process.stderr.write(`${name} exited with code ${code}\n${stderr().slice(-2000)}\n`);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
