// A PgBouncer of the test's own, in transaction pooling mode, in front of the local PostgreSQL
// (127.0.0.1:5432, trust): a temporary configuration and a free port in 15000-15999, the process
// started by PID and stopped by PID. Every database name is passed through (`* = …`), so the
// test's throw-away databases need no entry. Debian's package provides the binary; `npm test`'s
// pretest (test/ensure-pgbouncer.sh) installs it on a fresh machine, and so does this helper when
// a test file runs alone.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

const BINARY = '/usr/sbin/pgbouncer';

export interface PgbouncerOptions {
  /** Server connections per (database, user) pair: small, so clients of several instances share them. */
  poolSize?: number;
}

export interface PgbouncerStats {
  /** Transactions PgBouncer passed to the server for `database`. */
  transactions: number;
  /** Statements it passed to the server for `database`. */
  queries: number;
}

export interface Pgbouncer {
  port: number;
  /** The URL of `database` through PgBouncer. */
  url(database: string): string;
  /** Counters from PgBouncer's admin console (SHOW STATS). */
  stats(database: string): Promise<PgbouncerStats>;
  /** Server connections PgBouncer holds for `database` now (SHOW POOLS: sv_active + sv_idle + sv_used + …). */
  serverConnections(database: string): Promise<number>;
  /**
   * Samples SHOW POOLS every 100 ms until the returned function is called, which resolves with the
   * most client and server connections seen at once for `database`.
   */
  sample(database: string): () => Promise<{ clients: number; servers: number }>;
  log(): string;
  stop(): Promise<void>;
}

/** Installs Debian's pgbouncer when it is missing (root only), as `npm test`'s pretest does. */
export function ensurePgbouncerInstalled(): void {
  if (existsSync(BINARY)) return;
  execFileSync('bash', [resolve(__dirname, '..', '..', 'ensure-pgbouncer.sh')], { stdio: 'inherit' });
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing after test/ensure-pgbouncer.sh`);
}

/** PgBouncer refuses to run as root: as root, run it as the postgres user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

function config(dir: string, port: number, poolSize: number): string {
  return [
    '[databases]',
    '* = host=127.0.0.1 port=5432',
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    // No unix socket: other PgBouncers (the packaged one, other test runs) may use the default dir.
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${poolSize}`,
    'max_client_conn = 500',
    'admin_users = postgres',
    'stats_users = postgres',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    // The startup parameters node-postgres may send that PgBouncer cannot track.
    'ignore_startup_parameters = extra_float_digits,options',
    '',
  ].join('\n');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function adminQuery(port: number, sql: string): Promise<Record<string, unknown>[]> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'pgbouncer', connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    // The admin console speaks the simple query protocol only: no parameters.
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
}

async function tryStart(dir: string, port: number, poolSize: number): Promise<ChildProcess | undefined> {
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(ini, config(dir, port, poolSize));
  const user = runAs();
  if (user) for (const file of [dir, ini, join(dir, 'userlist.txt')]) chownSync(file, user.uid, user.gid);
  const child = spawn(BINARY, [ini], { stdio: 'ignore', ...(user ?? {}) });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return undefined; // port taken, most likely
    try {
      await adminQuery(port, 'SHOW VERSION');
      return child;
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  await exited(child);
  return undefined;
}

export async function startPgbouncer(options: PgbouncerOptions = {}): Promise<Pgbouncer> {
  ensurePgbouncerInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-pgbouncer-'));
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  const readLog = () => (existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : '');
  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 0; attempt < 5 && !child; attempt++) {
    port = 15000 + Math.floor(Math.random() * 1000);
    child = await tryStart(dir, port, options.poolSize ?? 4);
  }
  if (!child) {
    const log = readLog();
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pgbouncer did not start:\n${log}`);
  }
  const running = child;
  const poolRows = async (database: string) => (await adminQuery(port, 'SHOW POOLS')).filter((r) => r.database === database);
  const sum = (rows: Record<string, unknown>[], keys: string[]) => rows.reduce((total, r) => total + keys.reduce((s, k) => s + Number(r[k] ?? 0), 0), 0);
  const SERVER_KEYS = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'];
  const CLIENT_KEYS = ['cl_active', 'cl_waiting'];
  return {
    port,
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    async stats(database) {
      const row = (await adminQuery(port, 'SHOW STATS')).find((r) => r.database === database);
      return { transactions: Number(row?.total_xact_count ?? 0), queries: Number(row?.total_query_count ?? 0) };
    },
    async serverConnections(database) {
      return sum(await poolRows(database), SERVER_KEYS);
    },
    sample(database) {
      const peak = { clients: 0, servers: 0 };
      let stopped = false;
      const loop = (async () => {
        while (!stopped) {
          const rows = await poolRows(database).catch(() => []);
          peak.clients = Math.max(peak.clients, sum(rows, CLIENT_KEYS));
          peak.servers = Math.max(peak.servers, sum(rows, SERVER_KEYS));
          await sleep(100);
        }
      })();
      return async () => {
        stopped = true;
        await loop;
        return peak;
      };
    },
    log: readLog,
    async stop() {
      // SIGINT: PgBouncer's "safe shutdown" waits for clients; SIGTERM closes everything at once.
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
      await exited(running);
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
