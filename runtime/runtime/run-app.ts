// The process around a generated app: what `node dist/main.js` (or `tsx src/main.ts`) does. Starts
// the app, and on SIGTERM or SIGINT stops accepting, drains requests in flight and exits 0, so a
// deploy or Ctrl-C never cuts an upload or a write in half (http/graceful-close.ts says what
// clients see). A start-up failure exits 1.
//
// The app owns shutdown: no library may stop the process on a signal (Apollo Server would, and is
// told not to). Requests still running after SHUTDOWN_TIMEOUT_MS are cut and the stop goes on; a
// second signal during the drain means "now": the process exits at once with 128 + the signal's
// number (130 for SIGINT, 143 for SIGTERM), as a shell reports a process a signal ended.
import { constants } from 'node:os';
import { startApp, type AppDefinition, type RunningApp } from './start-app';

export interface RunAppOptions {
  /** How long requests in flight may take to finish after a stop signal (env SHUTDOWN_TIMEOUT_MS). */
  drainMs?: number;
  /** Called once the app is serving (after the "listening" line). */
  onReady?: (running: RunningApp) => Promise<void> | void;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

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
    if (stopping) {
      running.server.getConnections((_err, count) => {
        running.logger.warn(`second ${signal}: stopping now, ${count} connection(s) cut`);
        process.exit(128 + constants.signals[signal]);
      });
      return;
    }
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
  for (const signal of SIGNALS) {
    process.on(signal, stop);
    // Another listener (a library's, or one src/index added) may end the process before the drain.
    const others = process.listenerCount(signal) - 1;
    if (others > 0) running.logger.warn(`${others} other ${signal} listener(s) installed besides the app's: if one ends the process, requests in flight are cut`);
  }
}
