// Real Strapi 5.54 (the oracle project installed by test/strapi-oracle/setup.sh) as a bench server:
// `strapi start` in production mode, as a user deploys it, on a given SQLite file.
//
// The child is `node node_modules/@strapi/strapi/bin/strapi.js start` (not npx, not a shell), so the
// pid we hold is the server itself and stop() signals exactly it. Its output goes to a log file
// beside the database (Strapi logs one line per request; a file drains it the way a deployment's
// redirected stdout does, without the bench's event loop in the way).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HOST } from '../config';

export const STRAPI_DEFAULT_DIR = '/tmp/strapi-oracle-app';
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/** The installed oracle app (env STRAPI_ORACLE_DIR, else /tmp/strapi-oracle-app), or undefined when it is not set up. */
export function strapiAppDir(): string | undefined {
  const dir = process.env.STRAPI_ORACLE_DIR || STRAPI_DEFAULT_DIR;
  return existsSync(join(dir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js')) && existsSync(join(dir, 'src', 'index.js')) ? dir : undefined;
}

export function requireStrapiAppDir(): string {
  const dir = strapiAppDir();
  if (!dir) {
    throw new Error(
      `Strapi oracle app not found at ${process.env.STRAPI_ORACLE_DIR || STRAPI_DEFAULT_DIR}: run test/strapi-oracle/setup.sh (or set STRAPI_ORACLE_DIR)`,
    );
  }
  return dir;
}

export interface RunningStrapi {
  url: string;
  pid: number;
  /** Where its stdout/stderr go. */
  logFile: string;
  stop(): Promise<void>;
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/_health`, { signal: AbortSignal.timeout(2_000) });
    return res.status === 204;
  } catch {
    return false;
  }
}

/**
 * Starts `strapi start` on `dbFile` (which it writes to: boot-time bootstrap, core store; give it a
 * copy of a cached seed) and resolves once /_health answers 204.
 */
export async function startStrapi(o: { dbFile: string; port: number; log?: (l: string) => void; logFile?: string }): Promise<RunningStrapi> {
  const appDir = requireStrapiAppDir();
  const log = o.log ?? (() => undefined);
  const url = `http://${HOST}:${o.port}`;
  if (await healthy(url)) throw new Error(`something already answers on ${url}`);
  const logFile = o.logFile ?? `${o.dbFile}.strapi-${o.port}.log`;
  const out = openSync(logFile, 'w');
  const started = Date.now();
  const child = spawn(process.execPath, [join(appDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST,
      PORT: String(o.port),
      // config/database.js joins this to the app dir, so it must be relative to it.
      DATABASE_FILENAME: relative(appDir, o.dbFile),
      // The users-permissions /api/auth/* limiter, as start.sh's UP_RATELIMIT=false.
      UP_RATELIMIT: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      BROWSER: 'none',
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error('strapi: spawn gave no pid');
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? -1 : null);
      resolve();
    }),
  );
  // If the bench dies without stopping it, do not leave a Strapi behind (by this pid only).
  const onParentExit = () => child.kill('SIGKILL');
  process.once('exit', onParentExit);
  void exit.then(() => process.removeListener('exit', onParentExit));
  const stop = async (): Promise<void> => {
    if (exited !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exit;
    clearTimeout(timer);
  };
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (exited !== undefined) throw new Error(`strapi exited (${exited}) during startup; last log lines:\n${tail(logFile)}`);
    if (await healthy(url)) {
      log(`strapi: up on ${url} (pid ${pid}) after ${((Date.now() - started) / 1000).toFixed(1)} s, db ${o.dbFile}`);
      return { url, pid, logFile, stop };
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`strapi did not answer on ${url} within ${READY_TIMEOUT_MS / 1000} s; last log lines:\n${tail(logFile)}`);
}
