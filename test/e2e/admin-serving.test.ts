// How the admin panel is served: the built files of @cms-gen/admin-ui (here a stand-in folder
// named by CMS_ADMIN_UI_DIR) with the contract's CSP, index.html for the panel's own routes, a 404
// naming the package when it is missing, and the production switch (config/admin `enabled`),
// checked in child processes started with NODE_ENV=production.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compiledPath } from '../helpers/compiled-app';
import { startFixtureApp, type FixtureApp } from '../helpers/fixture-app';
import { appDir as fixtureAppDir } from '../../fixtures/strapi-blog/app/src/main';
import { ADMIN_CSP } from '../../runtime/admin/static-files';

const ROOT = resolve(__dirname, '..', '..');
const CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

describe('admin panel files', () => {
  const dist = mkdtempSync(join(tmpdir(), 'cms-gen-admin-ui-'));
  let app: FixtureApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>panel</title><script type="module" src="/admin/assets/app-1234.js"></script>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("panel")');
    process.env.CMS_ADMIN_UI_DIR = dist;
    app = await startFixtureApp('sqlite');
  }, 120_000);

  afterAll(async () => {
    delete process.env.CMS_ADMIN_UI_DIR;
    await app?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html and assets with the strict CSP', async () => {
    expect(ADMIN_CSP).toBe(CSP);
    const index = await fetch(`${app.url}/admin`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(index.headers.get('content-security-policy')).toBe(CSP);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>panel</title>');
    const asset = await fetch(`${app.url}/admin/assets/app-1234.js`);
    expect([asset.status, asset.headers.get('content-security-policy')]).toEqual([200, CSP]);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('answers the panel’s own routes with index.html, and unknown API paths with a JSON 404', async () => {
    const deep = await fetch(`${app.url}/admin/content/api::article.article/abc`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>panel</title>');
    const api = await fetch(`${app.url}/admin/api/nothing-here`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.name).toBe('NotFoundError');
  });
});

describe('admin panel without the package', () => {
  const empty = mkdtempSync(join(tmpdir(), 'cms-gen-admin-ui-empty-'));
  let app: FixtureApp;

  beforeAll(async () => {
    process.env.CMS_ADMIN_UI_DIR = empty;
    app = await startFixtureApp('sqlite');
  }, 120_000);

  afterAll(async () => {
    delete process.env.CMS_ADMIN_UI_DIR;
    await app?.stop();
    rmSync(empty, { recursive: true, force: true });
  });

  it('answers /admin with a 404 naming the package, while the API works', async () => {
    const res = await fetch(`${app.url}/admin`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toMatch(/@cms-gen\/admin-ui/);
    const status = await fetch(`${app.url}/admin/api/auth/status`);
    expect(await status.json()).toEqual({ data: { hasAdmin: false, authenticated: false } });
  });
});

describe('the production switch (NODE_ENV=production, its own process)', () => {
  const dirs: string[] = [];

  /** Starts the fixture app in a child process from an app directory with `adminConfig` as config/admin.json (none when undefined). */
  async function startProduction(adminConfig: object | undefined): Promise<{ url: string; stop(): void }> {
    const dir = mkdtempSync(join(tmpdir(), 'cms-gen-admin-prod-'));
    dirs.push(dir);
    symlinkSync(join(fixtureAppDir, 'prisma'), join(dir, 'prisma'), 'dir');
    mkdirSync(join(dir, 'config'));
    if (adminConfig) writeFileSync(join(dir, 'config', 'admin.json'), JSON.stringify(adminConfig));
    // node on the compiled helper (test/helpers/compiled-app.ts), as `node dist/main.js` runs an app.
    const child = spawn(process.execPath, [compiledPath(join(ROOT, 'test', 'helpers', 'admin-app-child.ts'))], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', ADMIN_TEST_APP_DIR: dir, DATABASE_URL: `file:${join(dir, 'data.db')}`, PORT: '0', JWT_SECRET: 'admin-prod-test', LOG_LEVEL: 'info', API_TOKEN_SALT: 'salt' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setInterval(() => {
        const found = /listening on (http:\/\/[^\s"]+)/.exec(log)?.[1];
        if (found) {
          clearInterval(timer);
          resolveUrl(found);
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`the app exited: ${log}`));
        }
      }, 50);
    });
    return { url, stop: () => child.kill('SIGKILL') };
  }

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves nothing under /admin by default', async () => {
    const app = await startProduction(undefined);
    try {
      expect((await fetch(`${app.url}/admin/api/auth/status`)).status).toBe(404);
      expect((await fetch(`${app.url}/admin`)).status).toBe(404);
      expect((await fetch(`${app.url}/api/articles`)).status).not.toBe(404);
    } finally {
      app.stop();
    }
  }, 120_000);

  it('serves the admin API when config/admin enables it', async () => {
    const app = await startProduction({ enabled: true });
    try {
      const res = await fetch(`${app.url}/admin/api/auth/status`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { hasAdmin: false, authenticated: false } });
    } finally {
      app.stop();
    }
  }, 120_000);
});
