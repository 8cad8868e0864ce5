// `cms-gen admin create-user` run as a command for an app directory (SQLite): it migrates the
// database, makes the Super Admin role if the app never started, creates the user, and the app then
// signs that user in; refused input exits 1 naming the option.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliInProcess } from '../../generator/test-helpers/run-cli';
import { adminClient } from '../helpers/admin-client';
import { startConfiguredApp, type ConfiguredApp } from '../helpers/configured-app';
import { appDir as fixtureAppDir } from '../../fixtures/strapi-blog/app/src/main';

describe('cms-gen admin create-user', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-admin-cli-'));
  const databaseUrl = `file:${join(dir, 'data.db')}`;
  let app: ConfiguredApp | undefined;

  beforeAll(() => {
    mkdirSync(join(dir, 'app'));
    symlinkSync(join(fixtureAppDir, 'prisma'), join(dir, 'app', 'prisma'), 'dir');
  });

  afterAll(async () => {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // The CLI's entry point in this process (generator/cli.test.ts runs bin/cms-gen as a process).
  const cli = (args: string[]) =>
    runCliInProcess(['admin', 'create-user', '--app', join(dir, 'app'), ...args], { DATABASE_URL: databaseUrl }).then(({ status, stdout, stderr }) => ({ code: status, stdout, stderr }));

  it('creates a Super Admin before the app ever started, and refuses a weak password or an unknown role', async () => {
    const made = await cli(['--email', 'Ops@Example.com', '--password', 'Sup3rSecret', '--firstname', 'Ops', '--json']);
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ email: 'ops@example.com', firstname: 'Ops', roles: [{ code: 'strapi-super-admin' }] });
    const weak = await cli(['--email', 'weak@example.com', '--password', 'short', '--firstname', 'Weak']);
    expect([weak.code, weak.stderr.trim()]).toEqual([1, 'cms-gen admin: --password: password must be at least 8 characters']);
    const taken = await cli(['--email', 'ops@example.com', '--password', 'Sup3rSecret', '--firstname', 'Again']);
    expect([taken.code, taken.stderr.trim()]).toEqual([1, 'cms-gen admin: --email: Email already taken']);
    const role = await cli(['--email', 'ed@example.com', '--password', 'Sup3rSecret', '--firstname', 'Ed', '--role', 'Editor']);
    expect(role.code).toBe(1);
    expect(role.stderr).toMatch(/no admin role "Editor"/);
  }, 180_000);

  it('the app signs the user in; once it has started, Editor and Author can be given', async () => {
    app = await startConfiguredApp(databaseUrl, {});
    const c = adminClient(app.url);
    const res = await c.post('/auth/login', { email: 'ops@example.com', password: 'Sup3rSecret' });
    expect(res.status).toBe(200);
    expect(res.body.data.user.roles).toEqual([expect.objectContaining({ code: 'strapi-super-admin' })]);
    const editor = await cli(['--email', 'ed@example.com', '--password', 'Sup3rSecret', '--firstname', 'Ed', '--role', 'editor', '--json']);
    expect(editor.code).toBe(0);
    expect(JSON.parse(editor.stdout).roles).toEqual([expect.objectContaining({ code: 'strapi-editor' })]);
  }, 180_000);
});
