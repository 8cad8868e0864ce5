// Brings a cached scale database to the current generated schema before a run. The cache key
// leaves indexes out (cache.ts), so an index added to the generator since the seed is created
// here, by the same migration a deployed app runs when it is upgraded in place. Done before the
// app child starts so that building an index over 1M rows is not mistaken for a slow start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDatabaseUrl } from '../../runtime/core/db/connect';
import { migrate, type MigrationReport } from '../../runtime/core/db/migrate';
import { FIXTURE_DIR } from '../config';
import type { ScaleDb } from './sizes';

export function migrateScaleDatabase(db: ScaleDb, url: string): Promise<MigrationReport> {
  const appDir = join(FIXTURE_DIR, 'app');
  const schema = readFileSync(join(appDir, 'prisma', db === 'sqlite' ? 'sqlite' : 'postgresql', 'schema.prisma'), 'utf8');
  return migrate({ db: parseDatabaseUrl(url, appDir), schema, log: () => undefined });
}
