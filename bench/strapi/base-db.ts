// An empty database made by Strapi itself: `strapi start` on a new file creates every table, index
// and internal row (migrations, roles, Public permissions from the oracle's bootstrap, locales en
// and fr), then we stop it. The seeder copies this file and only adds content rows, so everything
// but the content is exactly what Strapi wrote. Cached under bench/.data/strapi, keyed by the
// installed app's own files and Strapi version (a changed schema or bootstrap makes a new one).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { DATA_DIR } from '../config';
import { requireStrapiAppDir, startStrapi } from './server';
import { filesUnder } from '../files-under';

export const STRAPI_DATA_DIR = join(DATA_DIR, 'strapi');

/** Hash of what decides the empty database: the app's schemas, config and bootstrap, and Strapi's version. */
export function strapiAppHash(appDir = requireStrapiAppDir()): string {
  const hash = createHash('sha256');
  const version = JSON.parse(readFileSync(join(appDir, 'node_modules', '@strapi', 'strapi', 'package.json'), 'utf8')).version as string;
  hash.update(version);
  for (const file of [...filesUnder(join(appDir, 'src')), ...filesUnder(join(appDir, 'config')), join(appDir, 'package.json')]) {
    hash.update(relative(appDir, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

export function removeSqlite(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/** A port the kernel says is free right now (only for the short base-database boot). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Path of the cached empty Strapi database, made first when missing. */
export async function strapiBaseDatabase(log: (l: string) => void): Promise<string> {
  mkdirSync(STRAPI_DATA_DIR, { recursive: true });
  const file = join(STRAPI_DATA_DIR, `base-${strapiAppHash()}.db`);
  if (existsSync(file)) return file;
  const partial = `${file}.partial.db`;
  removeSqlite(partial);
  const started = Date.now();
  const strapi = await startStrapi({ dbFile: partial, port: Number(process.env.STRAPI_BASE_PORT) || (await freePort()), log });
  await strapi.stop();
  rmSync(`${partial}.strapi-${new URL(strapi.url).port}.log`, { force: true });
  renameSync(partial, file);
  removeSqlite(partial);
  log(`strapi: empty database made by strapi start in ${((Date.now() - started) / 1000).toFixed(1)} s → ${file}`);
  return file;
}

/** A fresh copy of the cached empty database at `file`. */
export async function copyBaseDatabase(file: string, log: (l: string) => void): Promise<void> {
  const base = await strapiBaseDatabase(log);
  removeSqlite(file);
  copyFileSync(base, file);
}
