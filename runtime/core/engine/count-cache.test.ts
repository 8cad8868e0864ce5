// The count cache on SQLite: a count is served again only while no write has committed, whether
// the write comes through the same Db (its writer connection, or the one connection of an
// in-memory database) or through another connection to the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteDb } from '@cms-gen/db-sqlite/sqlite';
import type { Db } from '@cms-gen/db/types';
import { sql } from '../sql/fragment';
import { CountCache } from './count-cache';

const FROM = sql('FROM items WHERE kind = ?', ['a']);

async function setUp(db: Db): Promise<CountCache> {
  await db.execute('CREATE TABLE items (id INTEGER PRIMARY KEY, kind TEXT)');
  await db.execute("INSERT INTO items (kind) VALUES ('a'), ('a'), ('b')");
  return new CountCache(db);
}

describe('CountCache on SQLite', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'count-cache-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves a count again until a write through the Db or another connection commits', async () => {
    const file = join(dir, 'items.db');
    const db = createSqliteDb(file);
    try {
      const cache = await setUp(db);
      // A first count is one statement (no version probe: there is nothing cached to check).
      const before = db.stats.queries;
      expect(await cache.count(FROM)).toBe(2);
      expect(db.stats.queries - before).toBe(1);
      expect(await cache.count(FROM)).toBe(2);
      expect(cache.stats).toEqual({ hits: 1, misses: 1 });
      await db.execute("INSERT INTO items (kind) VALUES ('a')");
      expect(await cache.count(FROM)).toBe(3);
      const other = new Database(file);
      other.prepare("DELETE FROM items WHERE kind = 'a' AND id = 1").run();
      other.close();
      expect(await cache.count(FROM)).toBe(2);
      // A write that changes no row of this count still starts it again (the version is per database).
      await db.execute("INSERT INTO items (kind) VALUES ('b')");
      expect(await cache.count(FROM)).toBe(2);
      expect(cache.stats).toEqual({ hits: 1, misses: 4 });
      // Another statement (other parameters) is counted on its own.
      expect(await cache.count(sql('FROM items WHERE kind = ?', ['b']))).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('sees the writes of an in-memory database, whose reads share the writer connection', async () => {
    const db = createSqliteDb(':memory:');
    try {
      const cache = await setUp(db);
      expect(await cache.count(FROM)).toBe(2);
      await db.transaction((tx) => tx.execute("UPDATE items SET kind = 'a' WHERE kind = 'b'"));
      expect(await cache.count(FROM)).toBe(3);
    } finally {
      await db.close();
    }
  });
});
