// Test helper: makes sure the local PostgreSQL, MariaDB and Redis servers run (the machine starts
// them before a session, but one may have stopped), and hands out throwaway databases.
// Commands are the ones documented for this machine (docs/database.md).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { Client } from 'pg';
import { createConnection } from 'mariadb';

export const POSTGRES_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const MARIADB_ADMIN = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

const START_TIMEOUT_MS = 30_000;

function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `probe` until it resolves or the start timeout passes. */
async function waitFor(what: string, probe: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      await probe();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what} did not accept connections within ${START_TIMEOUT_MS} ms: ${String(err)}`);
      await sleep(250);
    }
  }
}

async function pgProbe(): Promise<void> {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function mariadbProbe(): Promise<void> {
  const conn = await createConnection({ ...MARIADB_ADMIN, connectTimeout: 2000 });
  try {
    await conn.query('SELECT 1');
  } finally {
    await conn.end().catch(() => undefined);
  }
}

let postgresReady: Promise<void> | undefined;
let mariadbReady: Promise<void> | undefined;

/** Starts PostgreSQL when its port is closed, then waits until it answers a query. */
export function ensurePostgres(): Promise<void> {
  postgresReady ??= (async () => {
    if (!(await portOpen(5432))) {
      execSync('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start', { stdio: 'ignore' });
    }
    await waitFor('PostgreSQL', pgProbe);
  })();
  return postgresReady;
}

/** Starts MariaDB when its port is closed, then waits until it answers a query. */
export function ensureMariadb(): Promise<void> {
  mariadbReady ??= (async () => {
    if (!(await portOpen(3306))) {
      // The socket directory lives on tmpfs and vanishes on reboot; mariadbd refuses to run as root.
      mkdirSync('/run/mysqld', { recursive: true });
      execSync('chown mysql:mysql /run/mysqld', { stdio: 'ignore' });
      const asUser = process.getuid?.() === 0 ? ' -- --user=mysql' : '';
      execSync(`start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd${asUser}`, { stdio: 'ignore' });
    }
    await waitFor('MariaDB', mariadbProbe);
  })();
  return mariadbReady;
}

export const REDIS_URL = 'redis://127.0.0.1:6379';

/** Answers when a Redis PING on 127.0.0.1:6379 gets +PONG (no client library needed). */
function redisProbe(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: 6379, host: '127.0.0.1' });
    let answer = '';
    socket.setTimeout(2000, () => {
      socket.destroy();
      reject(new Error('no answer to PING'));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (!answer.includes('\r\n')) return;
      socket.destroy();
      if (answer.startsWith('+PONG')) resolve();
      else reject(new Error(`PING answered ${answer.trim()}`));
    });
    socket.once('error', reject);
  });
}

let redisReady: Promise<void> | undefined;

/**
 * Starts Redis when its port is closed (the machine's command: no persistence, nothing kept on
 * disk), then waits until it answers PING. Tests share this server: each uses a key prefix of its
 * own and deletes its keys at the end.
 */
export function ensureRedis(): Promise<void> {
  redisReady ??= (async () => {
    if (!(await portOpen(6379))) {
      mkdirSync('/var/lib/redis', { recursive: true });
      mkdirSync('/var/log/redis', { recursive: true });
      execSync('redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log', { stdio: 'ignore' });
    }
    await waitFor('Redis', redisProbe);
  })();
  return redisReady;
}

export interface TempDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function uniqueName(): string {
  return `cmsgen_t_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** A fresh, empty PostgreSQL database; `drop()` removes it (closing leftover connections). */
export async function createTempPostgresDatabase(): Promise<TempDatabase> {
  await ensurePostgres();
  const name = uniqueName();
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return {
    name,
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A fresh, empty MariaDB database (utf8mb4); `drop()` removes it. */
export async function createTempMariadbDatabase(): Promise<TempDatabase> {
  await ensureMariadb();
  const name = uniqueName();
  const admin = async (sql: string) => {
    const conn = await createConnection(MARIADB_ADMIN);
    try {
      await conn.query(sql);
    } finally {
      await conn.end();
    }
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return {
    name,
    url: `mariadb://root@127.0.0.1:3306/${name}`,
    drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``),
  };
}
