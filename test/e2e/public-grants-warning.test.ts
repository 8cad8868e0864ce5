// The app says loudly at start when the Public role can manage users or roles, on every database.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from '@cms-gen/runtime';
import { app } from '../../fixtures/strapi-blog/app/src/main';
import { freshDatabase, type TestDatabase } from '../helpers/fixture-app';

async function startupLog(database: TestDatabase, bootstrapFile: string): Promise<string[]> {
  const temp = await freshDatabase(database);
  process.env.DATABASE_URL = temp.url;
  const lines: string[] = [];
  const running = await startApp({ ...app, bootstrapFile }, { port: 0, host: '127.0.0.1', log: (line) => lines.push(line) });
  await running.close();
  await temp.drop();
  return lines;
}

describe.each<TestDatabase>(['sqlite', 'postgres', 'mariadb'])('Public role grants warning on %s', (database) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-bootstrap-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('warns when Public holds user and role management (the fixture grants them for the conformance suite)', async () => {
    const lines = await startupLog(database, app.bootstrapFile as string);
    const warning = lines.filter((line) => line.startsWith('!!!'));
    expect(warning[0]).toMatch(/the Public role can manage users or roles/);
    expect(warning.join('\n')).toMatch(/plugin::users-permissions\.user\.create/);
    expect(warning.join('\n')).toMatch(/plugin::users-permissions\.role\.updateRole/);
  }, 120_000);

  it('stays quiet for a bootstrap that grants Public content access only', async () => {
    const fixture = JSON.parse(readFileSync(app.bootstrapFile as string, 'utf8')) as { roles: Record<string, string[]> };
    const safe = { ...fixture, roles: { ...fixture.roles, public: fixture.roles.public.filter((a) => !a.startsWith('plugin::users-permissions.')) } };
    const file = join(dir, `safe-${database}.json`);
    writeFileSync(file, JSON.stringify(safe));
    const lines = await startupLog(database, file);
    expect(lines.filter((line) => line.startsWith('!!!'))).toEqual([]);
  }, 120_000);
});
