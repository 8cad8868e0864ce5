// The start-up bootstrap (locales, roles, permissions, advanced settings) run by several app
// instances at the same moment on one database: each must exist once. Every instance has its own
// connection pool, as separate processes would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '../../fixtures/strapi-blog/app/src/schema-meta';
import { connectDatabase } from '@cms-gen/core/db/connect';
import { migrate } from '@cms-gen/core/db/migrate';
import { createTempMariadbDatabase, createTempPostgresDatabase, type TempDatabase } from '../../test/helpers/test-services';
import type { Db } from '@cms-gen/db/types';
import { Engine } from '@cms-gen/core/documents/operations';
import { applyBootstrap, type BootstrapFile } from './bootstrap';

const APP_DIR = join(__dirname, '..', '..', 'fixtures', 'strapi-blog', 'app');
const BOOTSTRAP = JSON.parse(readFileSync(join(APP_DIR, 'bootstrap.json'), 'utf8')) as BootstrapFile;

const count = async (db: Db, sql: string) => Number((await db.query(sql))[0].n);

// SQLite is left out: it runs one write transaction at a time per file (BEGIN IMMEDIATE), and
// several handles on one file inside one process would block each other's event loop.
const DIALECT = { postgresql: 'postgres', mysql: 'mysql' } as const;

describe.each([
  ['postgres', createTempPostgresDatabase, 'postgresql'],
  ['mariadb', createTempMariadbDatabase, 'mysql'],
] as const)('applyBootstrap from concurrent instances on %s', (_name, create, provider) => {
  let temp: TempDatabase;
  const config = () => ({ dialect: DIALECT[provider], url: temp.url });
  beforeAll(async () => {
    temp = await create();
    await migrate({ db: config(), schema: readFileSync(join(APP_DIR, 'prisma', provider, 'schema.prisma'), 'utf8') });
  }, 60_000);
  afterAll(async () => {
    await temp?.drop();
  });

  it('creates each locale, role, permission and the settings row once', async () => {
    const dbs = await Promise.all(Array.from({ length: 4 }, () => connectDatabase(config())));
    try {
      const engines = dbs.map((db) => new Engine({ db, schema, bcryptRounds: 4 }));
      const reports = await Promise.all(engines.map((engine) => applyBootstrap(engine, BOOTSTRAP)));
      const db = dbs[0];
      // One instance created everything; the others found it.
      expect(reports.filter((r) => r.rolesCreated > 0)).toHaveLength(1);
      expect(await count(db, 'SELECT COUNT(*) AS n FROM i18n_locale')).toBe(2);
      expect(await count(db, 'SELECT COUNT(*) AS n FROM up_roles')).toBe(2);
      expect(await count(db, 'SELECT COUNT(*) AS n FROM up_settings')).toBe(1);
      const permissions = await count(db, 'SELECT COUNT(*) AS n FROM up_permissions');
      const distinct = await count(
        db,
        'SELECT COUNT(*) AS n FROM (SELECT DISTINCT l.target_document_id, p.action FROM up_permissions p JOIN up_permissions_role_lnk l ON l.source_id = p.id) d',
      );
      expect(permissions).toBe(distinct);
      expect(permissions).toBeGreaterThan(50);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  }, 60_000);
});
