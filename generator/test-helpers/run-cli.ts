// The CLI's entry point (runCli, what bin/cms-gen calls) run inside the test process, its stdout and
// stderr captured: the generator and the runtime are loaded once per test file instead of once per
// command, as a process per command under tsx would. `env` is set for the command's duration only.
// generator/cli.test.ts runs bin/cms-gen as a process too, for what a shell sees.
import { join } from 'node:path';
import { runCli } from '../cli';

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

const BIN = join(__dirname, '..', '..', 'bin', 'cms-gen');

export async function runCliInProcess(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const captured = { stdout: '', stderr: '' };
  const { write: out } = process.stdout;
  const { write: err } = process.stderr;
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  process.stdout.write = ((chunk: string | Uint8Array) => {
    captured.stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    captured.stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  Object.assign(process.env, env);
  try {
    const status = await runCli([process.execPath, BIN, ...args]);
    return { status, ...captured };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
