import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, parseDatabaseUrl } from './connect';

describe('parseDatabaseUrl', () => {
  const cwd = '/srv/app';

  it('defaults to the SQLite file .tmp/data.db under cwd', () => {
    expect(parseDatabaseUrl(undefined, cwd)).toEqual({ dialect: 'sqlite', url: '/srv/app/.tmp/data.db', filename: '/srv/app/.tmp/data.db' });
    expect(parseDatabaseUrl('  ', cwd).filename).toBe('/srv/app/.tmp/data.db');
  });

  it.each([
    ['file:/abs/dev.db', '/abs/dev.db'],
    ['file:./rel/dev.db', '/srv/app/rel/dev.db'],
    ['file:dev.db', '/srv/app/dev.db'],
    ['file:./dev.db?connection_limit=1', '/srv/app/dev.db'],
    ['file:///abs/dev.db', '/abs/dev.db'],
    ['sqlite:./dev.db', '/srv/app/dev.db'],
    ['sqlite:///abs/dev.db', '/abs/dev.db'],
    ['file::memory:', ':memory:'],
    [':memory:', ':memory:'],
  ])('reads %s as SQLite %s', (url, filename) => {
    expect(parseDatabaseUrl(url, cwd)).toEqual({ dialect: 'sqlite', url: filename, filename });
  });

  it.each([
    ['postgres://u:p@h:5432/db', 'postgres'],
    ['postgresql://postgres@127.0.0.1/cms', 'postgres'],
    ['mysql://root@127.0.0.1:3306/cms', 'mysql'],
    ['mariadb://root@127.0.0.1/cms', 'mysql'],
  ] as const)('reads %s as %s and keeps the URL', (url, dialect) => {
    expect(parseDatabaseUrl(url, cwd)).toEqual({ dialect, url });
  });

  it('names the supported schemes for anything else', () => {
    expect(() => parseDatabaseUrl('mongodb://x/y', cwd)).toThrow(/unsupported scheme "mongodb:".*postgres/);
  });
});

describe('connectDatabase', () => {
  it('creates the directory of a SQLite file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-connect-'));
    try {
      const config = parseDatabaseUrl(undefined, dir);
      const db = await connectDatabase(config);
      expect(db.dialect).toBe('sqlite');
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await db.close();
      expect(existsSync(join(dir, '.tmp', 'data.db'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
