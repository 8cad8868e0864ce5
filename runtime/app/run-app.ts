// The process around a generated app: what `node dist/main.js` (or `tsx src/main.ts`) does. Starts
// the app, and on SIGTERM or SIGINT stops accepting, drains requests in flight and exits 0, so a
// deploy or Ctrl-C never cuts an upload or a write in half. A start-up failure exits 1.
import { startApp, type AppDefinition, type RunningApp } from './start-app';

export interface RunAppOptions {
  /** How long requests in flight may take to finish after a stop signal (env SHUTDOWN_TIMEOUT_MS). */
  drainMs?: number;
  /** Called once the app is serving (after the "listening" line). */
  onReady?: (running: RunningApp) => Promise<void> | void;
}

function drainFromEnv(): number | undefined {
  const raw = process.env.SHUTDOWN_TIMEOUT_MS;
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`environment variable SHUTDOWN_TIMEOUT_MS must be a non-negative integer (got "${raw}")`);
  return value;
}

export async function runApp(definition: AppDefinition, options: RunAppOptions = {}): Promise<void> {
  const write = (line: string) => process.stderr.write(`${line}\n`);
  let running: RunningApp;
  let drainMs: number | undefined;
  try {
    drainMs = options.drainMs ?? drainFromEnv();
    running = await startApp(definition);
    running.logger.info(`cms-gen app listening on ${running.url}`);
    await options.onReady?.(running);
  } catch (err) {
    write(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal while draining means "now": exit without waiting.
    if (stopping) process.exit(1);
    stopping = true;
    running.logger.info(`${signal}: finishing requests in flight, then stopping`);
    running.close({ drainMs }).then(
      () => process.exit(0),
      (err: unknown) => {
        running.logger.error('error while stopping', { err });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
